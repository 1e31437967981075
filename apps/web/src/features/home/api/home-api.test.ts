// The friends row from the feed: rating and comment items only, each film once, newest first, with the friend's
// review when the item holds one.
import type { CompactMovie, FeedItem, Review } from "@moviepedia/contract";
import { describe, expect, it } from "vitest";
import { friendActivities, HOME_ROW_SIZE } from "./home-api";

const movie = (id: number): CompactMovie => ({
  id,
  title: `영화 ${id}`,
  year: 2020,
  poster_url: `/media/poster/${id}.svg`,
  genres: ["드라마"],
  average_rating: 4,
  ratings_count: 10,
});

const review = (id: number, movieId: number, fields: Partial<Review> = {}): Review => ({
  id,
  movie_id: movieId,
  user_id: 2,
  user_name: "친구",
  profile_url: "",
  content: "",
  rating: 4.5,
  status: "",
  spoiler: false,
  like: false,
  likes_count: 0,
  comments_count: 0,
  created_at: "2026-11-01T10:00:00",
  ...fields,
});

const item = (fields: Partial<FeedItem> & Pick<FeedItem, "id" | "type" | "movies">): FeedItem => ({
  user: { id: 2, username: "친구", profile_url: "" },
  created_at: "2026-11-01T10:00:00",
  review: null,
  collection: null,
  count: fields.movies.length,
  ...fields,
});

describe("friendActivities", () => {
  it("keeps ratings and comments, each film once, with the review an item holds", () => {
    const rows = friendActivities([
      item({ id: "review:9", type: "review", movies: [movie(1)], review: review(9, 1, { content: "좋다" }) }),
      item({ id: "want:3", type: "want", movies: [movie(2)] }),
      item({ id: "rating:2:2026-11-01T09", type: "rating", movies: [movie(3), movie(1), movie(4)], count: 3 }),
      item({ id: "collection:5", type: "collection", movies: [movie(5)] }),
      item({ id: "rating:2:2026-11-01T08", type: "rating", movies: [movie(6)], review: review(7, 6) }),
    ]);
    expect(rows.map((r) => [r.movie.id, r.review?.id ?? null])).toEqual([
      [1, 9],
      [3, null],
      [4, null],
      [6, 7],
    ]);
  });

  it("stops at a row's worth of films", () => {
    const many = Array.from({ length: 40 }, (_, i) => movie(i + 1));
    expect(friendActivities([item({ id: "rating:2:x", type: "rating", movies: many })])).toHaveLength(HOME_ROW_SIZE);
  });
});
