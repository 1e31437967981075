// GET /api/analysis/{user_id}?search_q=rating|preference (API.md §4.11). The screens fire both at once and wait
// for both; a member with no ratings needs no preferences.
import { endpoints, type PreferenceAnalysis, type RatingAnalysis } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/lib/api";

/** Analyses change with every rating the member makes, so a revisit always asks again. */
const FRESH = { staleTime: 0 } as const;

// The endpoint answers either shape; `search_q` decides which, so each call names its own.
export function fetchRatingAnalysis(userId: number, signal?: AbortSignal): Promise<RatingAnalysis> {
  return api(endpoints.analysis.detail, {
    params: { user_id: userId },
    query: { search_q: "rating" },
    signal,
  }) as Promise<RatingAnalysis>;
}

export function fetchPreferenceAnalysis(userId: number, signal?: AbortSignal): Promise<PreferenceAnalysis> {
  return api(endpoints.analysis.detail, {
    params: { user_id: userId },
    query: { search_q: "preference" },
    signal,
  }) as Promise<PreferenceAnalysis>;
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
