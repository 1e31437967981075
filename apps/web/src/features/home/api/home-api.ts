// The member home's rows (issue #18): 보고싶어요 (GET /api/reviews/user/{id}?status=WatchList [EXT]) and 친구들이 최근
// 평가한 (the newest ratings and comments of the members one follows: each followed member's newest reviews, merged
// newest first; a member the caller blocked answers [] server-side, API.md §1.9). Both expand movie ids with one
// `?ids=` batch. Failures throw, so each row shows its error state.
import type { FollowUser, Movie, Review } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../shared/lib/api";
import { fetchMoviesByIds } from "../../profile";

/** Posters per row. */
export const HOME_ROW_SIZE = 15;
/** The most recently followed members whose newest reviews make up the friends row, and how many of each. */
const FRIENDS_LOOKED_AT = 12;
const PER_FRIEND = 5;

export interface ReviewedMovie {
  review: Review;
  movie: Movie;
}

async function withMovies(reviews: Review[], signal?: AbortSignal): Promise<ReviewedMovie[]> {
  if (reviews.length === 0) return [];
  const movies = await fetchMoviesByIds(
    reviews.map((r) => r.movie_id),
    signal,
  );
  return reviews.flatMap((review) => {
    const movie = movies.get(review.movie_id);
    return movie ? [{ review, movie }] : [];
  });
}

export async function fetchWatchList(userId: number, signal?: AbortSignal): Promise<ReviewedMovie[]> {
  const reviews = await apiFetch<Review[]>(`/api/reviews/user/${userId}`, {
    query: { status: "WatchList", sort: "recent", begin: 0, end: HOME_ROW_SIZE },
    signal,
  });
  return withMovies(reviews, signal);
}

export async function fetchFriendsRecent(userId: number, signal?: AbortSignal): Promise<ReviewedMovie[]> {
  const followings = await apiFetch<FollowUser[]>(`/api/users/followings/${userId}`, { auth: "none", signal });
  const recent = followings.slice(-FRIENDS_LOOKED_AT);
  const lists = await Promise.all(
    recent.map((friend) =>
      apiFetch<Review[]>(`/api/reviews/user/${friend.id}`, {
        query: { sort: "recent", begin: 0, end: PER_FRIEND },
        signal,
      }),
    ),
  );
  const reviews = lists
    .flat()
    .filter((r) => r.rating > 0 || r.content !== "")
    .sort((a, b) => b.id - a.id)
    .slice(0, HOME_ROW_SIZE);
  return withMovies(reviews, signal);
}

export const homeQueries = {
  all: ["home"] as const,
  watchList: (userId: number) =>
    queryOptions({
      queryKey: [...homeQueries.all, "watchlist", userId],
      queryFn: ({ signal }) => fetchWatchList(userId, signal),
      staleTime: 0,
    }),
  friends: (userId: number) =>
    queryOptions({
      queryKey: [...homeQueries.all, "friends", userId],
      queryFn: ({ signal }) => fetchFriendsRecent(userId, signal),
      staleTime: 60_000,
    }),
};
