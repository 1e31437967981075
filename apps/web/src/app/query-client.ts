// One TanStack Query client. Reads are retried once on server or network faults, never on 4xx answers.
import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "../shared/lib/api";
import { authStore } from "../shared/lib/auth";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

/** Personalised answers (like flags, follow state, blocked-author filtering) belong to one member: when the
 * member changes (login, logout, another tab), cached queries are reset and the visible ones refetched. */
export function resetQueriesOnMemberChange(client: QueryClient): () => void {
  let memberId = authStore.getState().userId;
  return authStore.subscribe(() => {
    const next = authStore.getState().userId;
    if (next === memberId) return;
    memberId = next;
    void client.resetQueries();
  });
}
