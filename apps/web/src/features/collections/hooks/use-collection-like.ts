// The collection like toggle: visitors get the login-required overlay; the answer (full collection with the
// post-toggle flag and count) replaces the cached one. Failures are only logged (SPEC §8).
import type { Collection } from "@moviepedia/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRequireLogin } from "../../../shared/ui/login-required";
import { collectionQueries, toggleCollectionLike } from "../api/collections-api";

export function useCollectionLike(collectionId: number) {
  const client = useQueryClient();
  const requireLogin = useRequireLogin();
  const mutation = useMutation({
    mutationFn: () => toggleCollectionLike(collectionId),
    onSuccess: (updated: Collection) => {
      client.setQueryData(collectionQueries.detail(collectionId).queryKey, updated);
      void client.invalidateQueries({ queryKey: [...collectionQueries.all, "user"] });
    },
    onError: (error) => console.error("Failed to toggle collection like", error),
  });
  return {
    toggle: () => requireLogin(() => !mutation.isPending && mutation.mutate()),
    pending: mutation.isPending,
  };
}
