// Member reads of API.md §4.1 as SPEC §8 fetch helpers (log the English line, return null or []), and their
// TanStack Query options. Mutations on a member invalidate `profileQueries.member(id)` (every key below starts
// with it).
import { endpoints, type FollowUser, LOG, type Me, type UserProfile } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, listOrEmpty, orNull, recordOrNull } from "../../../shared/lib/api";
import { fetchUserReviewCounts } from "./lists-api";

/** A begin/end window (API.md §1.5); absent = the whole list (≤ 1000). */
export interface ListWindow {
  begin: number;
  end: number;
}

export function fetchUserProfile(userId: number, signal?: AbortSignal): Promise<UserProfile | null> {
  return recordOrNull(api(endpoints.users.profile, { params: { user_id: userId }, signal }), LOG.userDetails);
}

export function fetchFollowers(userId: number, signal?: AbortSignal, range?: ListWindow): Promise<FollowUser[]> {
  return listOrEmpty(
    api(endpoints.social.followers, { params: { user_id: userId }, query: range ? { ...range } : undefined, signal }),
    LOG.followerList,
  );
}

export function fetchFollowings(userId: number, signal?: AbortSignal, range?: ListWindow): Promise<FollowUser[]> {
  return listOrEmpty(
    api(endpoints.social.followings, { params: { user_id: userId }, query: range ? { ...range } : undefined, signal }),
    LOG.followingList,
  );
}

/**
 * The caller's own blocked ids (a block list is private); [] on failure. The route takes the bearer, else the
 * refresh cookie (its `cookie` auth mode).
 */
export async function fetchBlockedIds(userId: number, signal?: AbortSignal): Promise<number[]> {
  const body = await orNull(
    api(endpoints.social.blockedUsers, { params: { user_id: userId }, signal }),
    LOG.blockedList,
  );
  return body?.id ?? [];
}

/** The member's own record with the like totals of their profile (throws: the page shows its error state). */
export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return api(endpoints.users.me, { signal });
}

export const profileQueries = {
  all: ["users"] as const,
  member: (userId: number) => [...profileQueries.all, userId] as const,
  profile: (userId: number) =>
    queryOptions({
      queryKey: [...profileQueries.member(userId), "profile"],
      queryFn: ({ signal }) => fetchUserProfile(userId, signal),
    }),
  /** Keyed under the member's id so that invalidating `member(myId)` refreshes it too. */
  me: (userId: number) =>
    queryOptions({
      queryKey: [...profileQueries.member(userId), "me"],
      queryFn: ({ signal }) => fetchMe(signal),
    }),
  followers: (userId: number) =>
    queryOptions({
      queryKey: [...profileQueries.member(userId), "followers"],
      queryFn: ({ signal }) => fetchFollowers(userId, signal),
    }),
  followings: (userId: number) =>
    queryOptions({
      queryKey: [...profileQueries.member(userId), "followings"],
      queryFn: ({ signal }) => fetchFollowings(userId, signal),
    }),
  blockedIds: (userId: number) =>
    queryOptions({
      queryKey: [...profileQueries.member(userId), "blocked"],
      queryFn: ({ signal }) => fetchBlockedIds(userId, signal),
    }),
  reviewCounts: (userId: number) =>
    queryOptions({
      queryKey: [...profileQueries.member(userId), "review-counts"],
      queryFn: ({ signal }) => fetchUserReviewCounts(userId, signal),
    }),
  /** Window caches of the infinite lists (followers, followings, reviews, likes) of one member. */
  list: (userId: number, name: string) => [...profileQueries.member(userId), "list", name] as const,
};
