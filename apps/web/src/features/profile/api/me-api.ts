// PATCH /api/users/me [EXT]: username, status message and avatar URL of the member's own profile; PUT / DELETE
// /api/users/me/avatar: an uploaded picture.
import { endpoints, type Me, type PatchMeRequest } from "@moviepedia/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/lib/api";
import { authStore } from "../../../shared/lib/auth";
import { profileQueries } from "./profile-api";

export function patchMe(body: PatchMeRequest): Promise<Me> {
  return api(endpoints.users.editMe, { body });
}

export function uploadAvatar(file: Blob): Promise<Me> {
  return api(endpoints.users.uploadAvatar, { file });
}

export function removeAvatar(): Promise<Me> {
  return api(endpoints.users.removeAvatar);
}

function useMeMutation<V>(myId: number, mutationFn: (variables: V) => Promise<Me>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (me) => {
      client.setQueryData(profileQueries.me(myId).queryKey, me);
      // Reviews, replies and lists show the author's current name and picture: refresh what is cached.
      await Promise.all([authStore.refreshUser(), client.invalidateQueries()]);
    },
  });
}

export function useUpdateProfile(myId: number) {
  return useMeMutation(myId, patchMe);
}

export function useUploadAvatar(myId: number) {
  return useMeMutation(myId, uploadAvatar);
}

export function useRemoveAvatar(myId: number) {
  return useMeMutation(myId, () => removeAvatar());
}
