// GET /api/analysis/{user_id}?search_q=rating|preference (API.md §4.11). The screens fire both at once and wait
// for both; a member with no ratings needs no preferences.
import type { PreferenceAnalysis, RatingAnalysis } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../shared/lib/api";

/** Analyses change with every rating the member makes, so a revisit always asks again. */
const FRESH = { staleTime: 0 } as const;

export function fetchRatingAnalysis(userId: number, signal?: AbortSignal): Promise<RatingAnalysis> {
  return apiFetch<RatingAnalysis>(`/api/analysis/${userId}`, { auth: "none", query: { search_q: "rating" }, signal });
}

export function fetchPreferenceAnalysis(userId: number, signal?: AbortSignal): Promise<PreferenceAnalysis> {
  return apiFetch<PreferenceAnalysis>(`/api/analysis/${userId}`, {
    auth: "none",
    query: { search_q: "preference" },
    signal,
  });
}

export const analysisQueries = {
  all: ["analysis"] as const,
  member: (userId: number) => [...analysisQueries.all, userId] as const,
  rating: (userId: number) =>
    queryOptions({
      queryKey: [...analysisQueries.member(userId), "rating"],
      queryFn: ({ signal }) => fetchRatingAnalysis(userId, signal),
      ...FRESH,
    }),
  preference: (userId: number) =>
    queryOptions({
      queryKey: [...analysisQueries.member(userId), "preference"],
      queryFn: ({ signal }) => fetchPreferenceAnalysis(userId, signal),
      ...FRESH,
    }),
};
