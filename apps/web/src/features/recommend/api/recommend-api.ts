// GET /api/recommend/expect and /difference (API.md §4.12), each expanded to movies with one `?ids=` batch.
// Failures log SPEC §8's "Failed to fetch recommendations" and surface as the query's error.
import { endpoints, LOG, type Movie } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, isAbortError } from "../../../shared/lib/api";
import { fetchMoviesByIds } from "../../profile";

export type RecommendKind = "expect" | "difference";

export interface RecommendedMovie {
  movie: Movie;
  expectedRating: number;
}

export async function fetchRecommendations(kind: RecommendKind, signal?: AbortSignal): Promise<RecommendedMovie[]> {
  try {
    const list = await api(endpoints.recommend[kind], { signal });
    if (list.length === 0) return [];
    const movies = await fetchMoviesByIds(
      list.map((item) => item.movie_id),
      signal,
    );
    return list.flatMap((item) => {
      const movie = movies.get(item.movie_id);
      return movie ? [{ movie, expectedRating: item.expected_rating }] : [];
    });
  } catch (error) {
    if (!isAbortError(error)) console.error(LOG.recommendations, error);
    throw error;
  }
}

export const recommendQueries = {
  all: ["recommend"] as const,
  list: (userId: number, kind: RecommendKind) =>
    queryOptions({
      queryKey: [...recommendQueries.all, userId, kind],
      queryFn: ({ signal }) => fetchRecommendations(kind, signal),
      // A rating made a moment ago already changes the predictions (fold-in): ask again on every visit.
      staleTime: 0,
    }),
};
