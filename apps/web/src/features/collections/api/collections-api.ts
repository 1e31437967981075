// Collections of API.md §4.7: reads (with SPEC §8's log line), writes, and the TanStack Query keys. Every key starts
// with `collectionQueries.all`, so a write can invalidate every collection read by prefix.
import { type Collection, COLLECTION_STRIP_MOVIES, endpoints, LOG, type Movie } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, isApiError } from "../../../shared/lib/api";

/** Not one of SPEC §8's lines (it names no list of collections); logged in the same style. */
const LIST_LOG = "Failed to fetch collection list";

export interface CollectionDraft {
  title: string;
  overview: string | null;
  movieIds: number[];
}

export interface CollectionChanges {
  title: string;
  /** `""` clears the overview; null leaves it unchanged. */
  overview: string | null;
  addMovieIds: number[];
  deleteMovieIds: number[];
}

/** A failed single-collection read, already logged: `notFound` for a 404, else another failure. */
export class CollectionLoadError extends Error {
  constructor(readonly notFound: boolean) {
    super(notFound ? "collection not found" : "collection load failed");
  }
}

export async function fetchCollection(id: number, signal?: AbortSignal): Promise<Collection> {
  try {
    return await api(endpoints.collections.detail, { params: { collection_id: id }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(LOG.collectionDetails, error);
    throw new CollectionLoadError(isApiError(error) && error.status === 404);
  }
}

/**
 * A window of the user's collections, oldest first, each with the first `COLLECTION_STRIP_MOVIES` movies its card
 * shows (`movies_limit`); with no range, all of them with every movie (the add-to-collection sheet tests membership).
 * Null when the read failed (logged).
 */
export async function fetchUserCollections(
  userId: number,
  range: { begin: number; end: number } | null,
  signal?: AbortSignal,
): Promise<Collection[] | null> {
  try {
    const query = range ? { ...range, movies_limit: COLLECTION_STRIP_MOVIES } : undefined;
    return await api(endpoints.collections.listOfUser, { params: { user_id: userId }, query, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(LIST_LOG, error);
    return null;
  }
}

export function createCollection(draft: CollectionDraft): Promise<Collection> {
  return api(endpoints.collections.create, {
    body: { title: draft.title, overview: draft.overview, movie_ids: draft.movieIds },
  });
}

export function updateCollection(id: number, changes: CollectionChanges): Promise<Collection> {
  return api(endpoints.collections.edit, {
    params: { collection_id: id },
    body: {
      title: changes.title,
      overview: changes.overview,
      add_movie_ids: changes.addMovieIds,
      delete_movie_ids: changes.deleteMovieIds,
    },
  });
}

export function deleteCollection(id: number): Promise<void> {
  return api(endpoints.collections.remove, { params: { collection_id: id } });
}

export function toggleCollectionLike(id: number): Promise<Collection> {
  return api(endpoints.collections.like, { params: { collection_id: id } });
}

/** Movies by id in the given order (unknown ids skipped), at most 100 per call (API.md §4.3 `ids`). */
export function fetchMoviesByIds(ids: readonly number[], signal?: AbortSignal): Promise<Movie[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return api(endpoints.movies.list, { query: { ids: ids.join(",") }, signal });
}

/** The editor's movie search: every matching movie id (no range = up to 1000, API.md §4.10). */
export async function searchMovieIds(query: string, signal?: AbortSignal): Promise<number[]> {
  const result = await api(endpoints.search.search, { query: { search_q: query }, signal });
  return result.movie_list;
}

export const collectionQueries = {
  all: ["collections"] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...collectionQueries.all, "detail", id],
      queryFn: ({ signal }) => fetchCollection(id, signal),
      retry: false,
    }),
  /** Windows of a user's collections (the profile list); `useInfiniteWindow` keys. */
  userList: (userId: number) => [...collectionQueries.all, "user", userId, "windows"] as const,
  /** All of the member's collections (the add-to-collection sheet). */
  mine: (userId: number) =>
    queryOptions({
      queryKey: [...collectionQueries.all, "user", userId, "all"],
      queryFn: async ({ signal }) => {
        const list = await fetchUserCollections(userId, null, signal);
        if (list === null) throw new Error("collection list failed");
        return list;
      },
      retry: false,
    }),
  comments: (id: number) => [...collectionQueries.all, "detail", id, "comments"] as const,
};
