// Follow and block toggles (API.md §4.1) and the taste match [EXT] (§4.12). A toggle updates the shown profile at
// once, then invalidates both members' caches; a block also changes what every list shows (blocked authors are
// filtered by the server), so it refreshes every cached query.
import { endpoints, type TasteMatch, type UserProfile } from "@moviepedia/contract";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, isApiError } from "../../../shared/lib/api";
import { profileQueries } from "./profile-api";

export type RelationAction = "follow" | "unfollow" | "block" | "unblock";

const REQUESTS = {
  follow: endpoints.social.follow,
  unfollow: endpoints.social.unfollow,
  block: endpoints.social.block,
  unblock: endpoints.social.unblock,
} as const satisfies Record<RelationAction, unknown>;

/** The 409s that only mean "already in that state" (another tab got there first): the refetch settles it. */
const ALREADY = new Set(["ALREADY_FOLLOWING", "NOT_FOLLOWING", "ALREADY_BLOCKED", "NOT_BLOCKED"]);

export async function sendRelation(action: RelationAction, userId: number): Promise<void> {
  try {
    await api(REQUESTS[action], { params: { user_id: userId } });
  } catch (error) {
    if (isApiError(error) && ALREADY.has(error.code)) return;
    throw error;
  }
}

/** The profile as it is right after `action` (what the server will answer on the refetch). */
export function applyRelation(profile: UserProfile, action: RelationAction): UserProfile {
  switch (action) {
    case "follow":
      return profile.is_following
        ? profile
        : { ...profile, is_following: true, follower_count: profile.follower_count + 1 };
    case "unfollow":
      return profile.is_following
        ? { ...profile, is_following: false, follower_count: Math.max(0, profile.follower_count - 1) }
        : profile;
    case "block":
      return { ...profile, is_blocked: true };
    case "unblock":
      return { ...profile, is_blocked: false };
  }
}

export async function afterRelationChange(
  client: QueryClient,
  action: RelationAction,
  userId: number,
  myId: number | null,
): Promise<void> {
  if (action === "block" || action === "unblock") {
    await client.invalidateQueries();
    return;
  }
  await Promise.all([
    client.invalidateQueries({ queryKey: profileQueries.member(userId) }),
    myId === null ? null : client.invalidateQueries({ queryKey: profileQueries.member(myId) }),
  ]);
}

export function useRelationMutation(userId: number, myId: number | null) {
  const client = useQueryClient();
  const profileKey = profileQueries.profile(userId).queryKey;
  return useMutation({
    mutationFn: (action: RelationAction) => sendRelation(action, userId),
    onSuccess: async (_data, action) => {
      client.setQueryData(profileKey, (old) => (old ? applyRelation(old, action) : old));
      await afterRelationChange(client, action, userId, myId);
    },
  });
}

export function fetchTasteMatch(userId: number, signal?: AbortSignal): Promise<TasteMatch> {
  return api(endpoints.recommend.tasteMatch, { params: { user_id: userId }, signal });
}

export const tasteMatchQuery = (userId: number) =>
  queryOptions({
    queryKey: [...profileQueries.member(userId), "taste-match"],
    queryFn: ({ signal }) => fetchTasteMatch(userId, signal),
  });
