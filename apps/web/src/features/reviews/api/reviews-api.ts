// Review reads and writes of API.md §4.5. Reads are SPEC §8 fetch helpers (log, then null); writes throw ApiError so
// the caller can roll back and tell the member. Every key starts with `reviewQueries.all`.
import { endpoints, LOG, type Review, type ReviewSort, type ReviewWrite } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, isAbortError, orNull, recordOrNull } from "../../../shared/lib/api";

/** Comments in the movie page's 베스트 코멘트 carousel. */
export const BEST_COMMENTS = 5;

/** A read that failed and was already logged by its fetch helper: the query shows its error state. */
export class FetchFailed extends Error {}

export interface ReviewListFilter {
  sort: ReviewSort;
  /** Friends only: authors the caller follows (needs a valid bearer). */
  following: boolean;
}

/** A review with no rating, no status and no text is no review (API.md §4.5: writes answer such an empty object). */
export function isEmptyReview(review: Pick<Review, "rating" | "status" | "content">): boolean {
  return review.rating === 0 && review.status === "" && review.content === "";
}

/**
 * The caller's review of a movie; null when there is none. The server answers 200 with the empty object (id 0, or
 * the id of a review its owner emptied) rather than a 404 (API.md §4.5, revision 2), so an unrated movie's page
 * logs no failed request. Failures are logged and thrown.
 */
export async function fetchMyReview(movieId: number, signal?: AbortSignal): Promise<Review | null> {
  try {
    const review = await api(endpoints.reviews.mine, { params: { movie_id: movieId }, signal });
    return isEmptyReview(review) ? null : review;
  } catch (error) {
    if (!isAbortError(error)) console.error(LOG.review, error);
    throw error;
  }
}

/** Creates or updates the caller's review (absent fields unchanged). Null when the write left it empty. */
export async function saveMyReview(movieId: number, patch: ReviewWrite): Promise<Review | null> {
  const review = await api(endpoints.reviews.upsertMine, { params: { movie_id: movieId }, body: patch });
  return isEmptyReview(review) ? null : review;
}

export function fetchMovieReviews(
  movieId: number,
  window: { begin: number; end: number },
  filter: ReviewListFilter,
  signal?: AbortSignal,
): Promise<Review[] | null> {
  return orNull(
    api(endpoints.reviews.listForMovie, {
      params: { movie_id: movieId },
      query: {
        ...window,
        has_content: true,
        sort: filter.sort === "oldest" ? undefined : filter.sort,
        following: filter.following || undefined,
      },
      signal,
    }),
    LOG.review,
  );
}

export function fetchReview(reviewId: number, signal?: AbortSignal): Promise<Review | null> {
  return recordOrNull(api(endpoints.reviews.detail, { params: { review_id: reviewId }, signal }), LOG.review);
}

export function toggleReviewLike(reviewId: number): Promise<Review> {
  return api(endpoints.reviews.like, { params: { review_id: reviewId } });
}

export const reviewQueries = {
  all: ["reviews"] as const,
  /** Everything shown about one movie's reviews (preview, lists, the caller's own). */
  movie: (movieId: number) => [...reviewQueries.all, "movie", movieId] as const,
  mine: (movieId: number) =>
    queryOptions({
      queryKey: [...reviewQueries.movie(movieId), "mine"],
      queryFn: ({ signal }) => fetchMyReview(movieId, signal),
    }),
  /** 베스트 코멘트: up to five reviews with text, most liked first (the movie page's carousel; [] when none). */
  best: (movieId: number) =>
    queryOptions({
      queryKey: [...reviewQueries.movie(movieId), "best"],
      queryFn: async ({ signal }) => {
        const list = await fetchMovieReviews(
          movieId,
          { begin: 0, end: BEST_COMMENTS },
          { sort: "likes", following: false },
          signal,
        );
        if (list === null) throw new FetchFailed(LOG.review);
        return list;
      },
      retry: false,
    }),
  listKey: (movieId: number, filter: ReviewListFilter) =>
    [...reviewQueries.movie(movieId), "list", filter.sort, filter.following] as const,
  /** One review; null when it is gone or could not be loaded (logged). */
  detail: (reviewId: number) =>
    queryOptions({
      queryKey: [...reviewQueries.all, "detail", reviewId],
      queryFn: ({ signal }) => fetchReview(reviewId, signal),
    }),
};
