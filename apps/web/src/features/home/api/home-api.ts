// The member home's rows (issue #18): 보고싶어요 (GET /api/reviews/user/{id}?status=WatchList [EXT], movie ids
// expanded with one `?ids=` batch) and 친구들이 최근 평가한 (the films in the newest rating and comment items of the
// caller's feed, GET /api/feed: one request, blocks already applied server-side). Failures throw, so each row shows
// its error state.
import { type CompactMovie, endpoints, type FeedItem, type Movie, type Review } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/lib/api";
import { fetchFeedWindow } from "../../community";
import { fetchMoviesByIds } from "../../profile";

/** Posters per row. */
export const HOME_ROW_SIZE = 15;
/** Feed items read for the friends row (a collapsed rating item holds several films). */
const FEED_ITEMS_LOOKED_AT = 30;

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
  const reviews = await api(endpoints.reviews.listForUser, {
    params: { user_id: userId },
    query: { status: "WatchList", sort: "recent", begin: 0, end: HOME_ROW_SIZE },
    signal,
  });
  return withMovies(reviews, signal);
}

export interface FriendActivity {
  movie: CompactMovie;
  userName: string;
  /** The friend's review of the film when the item is one rating or a written comment; null in a collapsed group. */
  review: Review | null;
}

/** Films from the caller's newest feed items that are ratings or comments, each film once, newest first. */
export function friendActivities(items: FeedItem[]): FriendActivity[] {
  const seen = new Set<number>();
  const out: FriendActivity[] = [];
  for (const item of items) {
    if (item.type !== "rating" && item.type !== "review") continue;
    for (const movie of item.movies) {
      if (seen.has(movie.id)) continue;
      seen.add(movie.id);
      const review = item.review?.movie_id === movie.id ? item.review : null;
      out.push({ movie, userName: item.user.username, review });
    }
  }
  return out.slice(0, HOME_ROW_SIZE);
}

export async function fetchFriendsRecent(signal?: AbortSignal): Promise<FriendActivity[]> {
  return friendActivities(await fetchFeedWindow(null, FEED_ITEMS_LOOKED_AT, signal));
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
      queryFn: ({ signal }) => fetchFriendsRecent(signal),
      staleTime: 60_000,
    }),
};
