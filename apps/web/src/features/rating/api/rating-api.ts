// 평가하기 (issue #18): the rating queue, genres, 관심없어요 (dismiss, undo, the member's list) and similar films, all
// answering CompactMovie (API.md §4.14 [EXT]). Reads throw ApiError so queries show their error state; writes throw
// so the caller can keep the card and tell the member.
import {
  type CompactMovie,
  endpoints,
  RATING_QUEUE_PAGE,
  type RatingQueueCategory,
  SIMILAR_LIMIT_DEFAULT,
} from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/lib/api";

export interface QueueRequest {
  category: RatingQueueCategory;
  /** The genre's name (category `genre`). */
  genre?: string;
  begin: number;
  end?: number;
}

export function fetchQueue(request: QueueRequest, signal?: AbortSignal): Promise<CompactMovie[]> {
  const { category, genre, begin, end = begin + RATING_QUEUE_PAGE } = request;
  // The member's bearer goes with every category: the predicted queue needs it (the server answers 401 without one),
  // the others only leave out what the member already rated.
  return api(endpoints.rating.queue, {
    query: { category, genre: category === "genre" ? genre : undefined, begin, end },
    signal,
  });
}

export function fetchGenres(signal?: AbortSignal): Promise<string[]> {
  return api(endpoints.rating.genres, { signal });
}

export async function dismissMovie(movieId: number): Promise<void> {
  await api(endpoints.rating.dismiss, { params: { movie_id: movieId } });
}

export async function undismissMovie(movieId: number): Promise<void> {
  await api(endpoints.rating.undismiss, { params: { movie_id: movieId } });
}

export function fetchDismissed(window: { begin: number; end: number }, signal?: AbortSignal): Promise<CompactMovie[]> {
  return api(endpoints.rating.dismissed, { query: { ...window }, signal });
}

export function fetchSimilar(movieId: number, limit = SIMILAR_LIMIT_DEFAULT, signal?: AbortSignal) {
  // Optional: a member's 관심없어요 films are left out of their list.
  return api(endpoints.rating.similar, { params: { movie_id: movieId }, query: { limit }, signal });
}

export const ratingQueries = {
  all: ["rating"] as const,
  genres: () =>
    queryOptions({
      queryKey: [...ratingQueries.all, "genres"],
      queryFn: ({ signal }) => fetchGenres(signal),
      staleTime: 10 * 60_000,
    }),
  similar: (movieId: number) =>
    queryOptions({
      queryKey: [...ratingQueries.all, "similar", movieId],
      queryFn: ({ signal }) => fetchSimilar(movieId, SIMILAR_LIMIT_DEFAULT, signal),
      staleTime: 5 * 60_000,
    }),
  /** The member's 관심없어요 list (settings). */
  dismissed: (userId: number) =>
    queryOptions({
      queryKey: [...ratingQueries.all, "dismissed", userId],
      queryFn: ({ signal }) => fetchDismissed({ begin: 0, end: 1000 }, signal),
      staleTime: 0,
    }),
};
