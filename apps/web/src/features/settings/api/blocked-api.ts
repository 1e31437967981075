// The member's blocked users (a private list of ids, API.md §4.1) expanded with their profiles, and unblocking.
import type { UserProfile } from "@moviepedia/contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { afterRelationChange, fetchBlockedIds, fetchUserProfile, profileQueries, sendRelation } from "../../profile";

export interface BlockedUser {
  id: number;
  /** Null when the profile could not be read (logged; the row then shows the id only). */
  profile: UserProfile | null;
}

export async function fetchBlockedUsers(myId: number, signal?: AbortSignal): Promise<BlockedUser[]> {
  const ids = await fetchBlockedIds(myId, signal);
  return Promise.all(ids.map(async (id) => ({ id, profile: await fetchUserProfile(id, signal) })));
}

export const blockedUsersQuery = (myId: number) =>
  queryOptions({
    queryKey: [...profileQueries.member(myId), "blocked", "profiles"],
    queryFn: ({ signal }) => fetchBlockedUsers(myId, signal),
  });

export function useUnblock(myId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => sendRelation("unblock", userId),
    onSuccess: async (_data, userId) => {
      client.setQueryData(blockedUsersQuery(myId).queryKey, (old) => old?.filter((user) => user.id !== userId));
      await afterRelationChange(client, "unblock", userId, myId);
    },
  });
}
