// Window loaders of the profile's infinite lists: a member's reviews (expanded with their movies) and the caller's
// likes (API.md §4.1, §4.5). Each answers null when the window failed (logged), as useInfiniteWindow expects.
import {
  COLLECTION_STRIP_MOVIES,
  endpoints,
  LOG,
  type Movie,
  type Review,
  type UserReviewCounts,
} from "@moviepedia/contract";
import { api, orNull } from "../../../shared/lib/api";
import { fetchMoviesByIdsOrNull } from "./movies-batch";

export interface ReviewWithMovie {
  id: number;
  review: Review;
  /** Null when the movie could not be found (the card then shows the review without a poster). */
  movie: Movie | null;
}

async function withMovies(reviews: Review[] | null, signal: AbortSignal): Promise<ReviewWithMovie[] | null> {
  if (!reviews) return null;
  if (reviews.length === 0) return [];
  const movies = await fetchMoviesByIdsOrNull(
    reviews.map((review) => review.movie_id),
    signal,
  );
  if (!movies) return null;
  return reviews.map((review) => ({ id: review.id, review, movie: movies.get(review.movie_id) ?? null }));
}

/** The profile's review tabs: every row, rated ones, written ones, 보고싶어요, 보는 중. */
export type ReviewKind = "all" | "rated" | "commented" | "watch_list" | "watching";
export const REVIEW_KINDS: readonly ReviewKind[] = ["all", "rated", "commented", "watch_list", "watching"];

const KIND_QUERY: Record<ReviewKind, Record<string, string>> = {
  all: {},
  rated: { rated: "true" },
  commented: { has_content: "true" },
  watch_list: { status: "WatchList" },
  watching: { status: "Watching" },
};

/**
 * `GET /api/reviews/user/{id}` newest first, narrowed to one kind; `[]` to a caller who blocked that member
 * (API.md §1.9).
 */
export async function fetchUserReviewsWindow(
  userId: number,
  begin: number,
  end: number,
  signal: AbortSignal,
  kind: ReviewKind = "all",
): Promise<ReviewWithMovie[] | null> {
  const reviews = await orNull(
    api(endpoints.reviews.listForUser, {
      params: { user_id: userId },
      query: { begin, end, sort: "recent", ...KIND_QUERY[kind] },
      signal,
    }),
    LOG.userReviews,
  );
  return withMovies(reviews, signal);
}

/** The tabs' counts ([EXT] `GET /api/reviews/user/{id}/counts`); null when they could not be read (logged). */
export function fetchUserReviewCounts(userId: number, signal?: AbortSignal): Promise<UserReviewCounts | null> {
  return orNull(api(endpoints.reviews.countsForUser, { params: { user_id: userId }, signal }), LOG.userReviews);
}

export type LikesTab = "participants" | "collections" | "reviews";

/** Likes lists have no SPEC §8 line: their failures are logged with this one and shown as a red list error. */
export const LIKES_LOG = "Failed to fetch liked items";

export const fetchLikedPeople = (begin: number, end: number, signal: AbortSignal) =>
  orNull(api(endpoints.social.likedPeople, { query: { begin, end }, signal }), LIKES_LOG);

/** Each with the first movies its card shows (`movies_limit`, API.md §4.0). */
export const fetchLikedCollections = (begin: number, end: number, signal: AbortSignal) =>
  orNull(
    api(endpoints.social.likedCollections, {
      query: { begin, end, movies_limit: COLLECTION_STRIP_MOVIES },
      signal,
    }),
    LIKES_LOG,
  );

export async function fetchLikedReviews(
  begin: number,
  end: number,
  signal: AbortSignal,
): Promise<ReviewWithMovie[] | null> {
  const reviews = await orNull(api(endpoints.social.likedReviews, { query: { begin, end }, signal }), LIKES_LOG);
  return withMovies(reviews, signal);
}
