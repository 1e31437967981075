// Bare movie ids (profile reviews, likes, recommendations) expanded in batches with `GET /api/movies?ids=` [EXT]
// (≤ 100 ids a call), so a page of 9 or 10 posters costs one request instead of one per movie.
import { endpoints, LOG, MOVIE_IDS_BATCH_MAX, type Movie } from "@moviepedia/contract";
import { api, isAbortError } from "../../../shared/lib/api";

/** Movies by id (unknown ids are simply missing from the map). Throws when a batch fails. */
export async function fetchMoviesByIds(ids: readonly number[], signal?: AbortSignal): Promise<Map<number, Movie>> {
  const unique = [...new Set(ids)];
  const batches: number[][] = [];
  for (let start = 0; start < unique.length; start += MOVIE_IDS_BATCH_MAX) {
    batches.push(unique.slice(start, start + MOVIE_IDS_BATCH_MAX));
  }
  const answers = await Promise.all(
    batches.map((batch) => api(endpoints.movies.list, { query: { ids: batch.join(",") }, signal })),
  );
  return new Map(answers.flat().map((movie) => [movie.id, movie]));
}

/** As above, but a failure logs SPEC §8's movie line and answers null. */
export async function fetchMoviesByIdsOrNull(
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<Map<number, Movie> | null> {
  try {
    return await fetchMoviesByIds(ids, signal);
  } catch (error) {
    if (isAbortError(error)) throw error;
    console.error(LOG.movieDetails, error);
    return null;
  }
}
