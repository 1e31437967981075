// PATCH /api/users/me [EXT]: username, status message and avatar URL of the member's own profile.
import type { Me, PatchMeRequest } from "@moviepedia/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../shared/lib/api";
import { authStore } from "../../../shared/lib/auth";
import { profileQueries } from "./profile-api";

export function patchMe(body: PatchMeRequest): Promise<Me> {
  return apiFetch<Me>("/api/users/me", { method: "PATCH", body, auth: "required" });
}

export function useUpdateProfile(myId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: patchMe,
    onSuccess: async (me) => {
      client.setQueryData(profileQueries.me(myId).queryKey, me);
      // Reviews, replies and lists show the author's current name and picture: refresh what is cached.
      await Promise.all([authStore.refreshUser(), client.invalidateQueries()]);
    },
  });
}
