// Test data for the web app's tests, typed and checked by the contract: every factory builds a whole object of a
// contract type and parses it with that type's schema, so a field the contract adds, renames or retypes breaks the
// tests that build it (at type-check time, and at run time for a value of the wrong shape).
import { Me, Movie, Review, UserProfile } from "@moviepedia/contract";
import type { z } from "zod";

function factory<T extends object>(schema: z.ZodType<T>, base: NoInfer<T>) {
  return (overrides: Partial<T> = {}): T => schema.parse({ ...base, ...overrides });
}

const CREATED = "2025-02-01T03:04:05";

export const aMovie = factory(Movie, {
  id: 350,
  title: "기생충",
  original_title: "Parasite",
  year: 2019,
  genres: ["드라마"],
  countries: ["한국"],
  running_time: 132,
  grade: "15세 이상 관람가",
  synopsis: "",
  poster_url: "/media/poster/350.svg",
  backdrop_url: "/media/backdrop/350.svg",
  average_rating: 3.7,
  ratings_count: 29,
  reviews_count: 9,
  participants: [],
  tmdb_id: 496243,
  imdb_id: "tt6751668",
  kobis_code: null,
  watch_providers: { flatrate: [], buy: [], rent: [] },
});

export const aProfile = factory(UserProfile, {
  id: 7,
  user_id: 7,
  username: "movie_fan",
  profile_url: "/media/avatar/7.svg?v=12345678",
  status_message: null,
  follower_count: 0,
  following_count: 0,
  review_count: 0,
  collection_count: 0,
  is_following: false,
  is_blocked: false,
});

export const aMe = factory(Me, {
  ...aProfile(),
  login_id: "movie.fan",
  login_type: "local",
  liked_people_count: 0,
  liked_collections_count: 0,
  liked_reviews_count: 0,
});

export const aReview = factory(Review, {
  id: 11,
  movie_id: 350,
  user_id: 7,
  user_name: "movie_fan",
  profile_url: "/media/avatar/7.svg?v=12345678",
  content: "",
  rating: 0,
  status: "",
  spoiler: false,
  like: false,
  likes_count: 0,
  comments_count: 0,
  created_at: CREATED,
});
