// Movie and chart reads of API.md §4.3 as SPEC §8 fetch helpers (log the English line, return null), and their
// TanStack Query options. Every key starts with `movieQueries.all`; a review write invalidates `detail(id)`.
import { type ChartType, LOG, type Movie } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { fetchOrNull, fetchRecordOrNull } from "../../../shared/lib/api";

export function fetchMovie(movieId: number, signal?: AbortSignal): Promise<Movie | null> {
  return fetchRecordOrNull<Movie>(`/api/movies/${movieId}`, LOG.movieDetails, { signal, auth: "none" });
}

/** A chart in display order: the API answers worst rank first, so the list is reversed (rank 1 first). */
export async function fetchChart(type: ChartType, signal?: AbortSignal): Promise<Movie[] | null> {
  const movies = await fetchOrNull<Movie[]>("/api/movies", LOG.movieDetails, {
    signal,
    auth: "none",
    query: { chart_type: type },
  });
  return movies ? [...movies].reverse() : null;
}

export const movieQueries = {
  all: ["movies"] as const,
  detail: (movieId: number) =>
    queryOptions({
      queryKey: [...movieQueries.all, "detail", movieId],
      queryFn: ({ signal }) => fetchMovie(movieId, signal),
    }),
  chart: (type: ChartType) =>
    queryOptions({
      queryKey: [...movieQueries.all, "chart", type],
      queryFn: ({ signal }) => fetchChart(type, signal),
      staleTime: 5 * 60_000,
    }),
};
