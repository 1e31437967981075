// Movie and chart reads of API.md §4.3 as SPEC §8 fetch helpers (log the English line, return null), and their
// TanStack Query options. Every key starts with `movieQueries.all`; a review write invalidates `detail(id)`.
import { type ChartType, endpoints, LOG, type Movie } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, orNull, recordOrNull } from "../../../shared/lib/api";

export function fetchMovie(movieId: number, signal?: AbortSignal): Promise<Movie | null> {
  return recordOrNull(api(endpoints.movies.detail, { params: { movie_id: movieId }, signal }), LOG.movieDetails);
}

/** A chart in display order: the API answers worst rank first, so the list is reversed (rank 1 first). */
export async function fetchChart(type: ChartType, signal?: AbortSignal): Promise<Movie[] | null> {
  const movies = await orNull(api(endpoints.movies.list, { query: { chart_type: type }, signal }), LOG.movieDetails);
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
