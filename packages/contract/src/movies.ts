import { z } from "zod";
import { Int } from "./common.js";

export const Credit = z.object({
  id: Int,
  name: z.string(),
  role: z.string(),
  profile_url: z.string(),
});
export type Credit = z.infer<typeof Credit>;

/** One KR offer of a film (TMDB watch providers, data by JustWatch); `logo_url` null when TMDB has no logo. */
export const WatchProvider = z.object({
  provider_id: Int,
  name: z.string(),
  logo_url: z.string().nullable(),
});
export type WatchProvider = z.infer<typeof WatchProvider>;

/**
 * [EXT] Where to watch a film in Korea, by kind of offer, each list in the provider's display order; all three empty
 * when nothing is known (every film without a TMDB link).
 */
export const WatchProviders = z.object({
  flatrate: z.array(WatchProvider),
  buy: z.array(WatchProvider),
  rent: z.array(WatchProvider),
});
export type WatchProviders = z.infer<typeof WatchProviders>;

export const Movie = z.object({
  id: Int,
  title: z.string(),
  original_title: z.string(),
  year: Int,
  genres: z.array(z.string()),
  countries: z.array(z.string()),
  running_time: Int.nullable(),
  grade: z.string().nullable(),
  synopsis: z.string(),
  poster_url: z.string(),
  backdrop_url: z.string(),
  average_rating: z.number().nullable(),
  ratings_count: Int,
  reviews_count: Int,
  participants: z.array(Credit),
  /** [EXT] TMDB movie id, null when the film is not linked to TMDB. */
  tmdb_id: Int.nullable(),
  /** [EXT] IMDb id ("tt6751668"), null when unknown. */
  imdb_id: z.string().nullable(),
  /** [EXT] KOBIS movie code ("20183782"), null when unknown. */
  kobis_code: z.string().nullable(),
  watch_providers: WatchProviders,
});
export type Movie = z.infer<typeof Movie>;

export const Person = z.object({
  id: Int,
  name: z.string(),
  roles: z.array(z.string()),
  profile_url: z.string(),
  biography: z.string().nullable(),
  likes_count: Int,
  like: z.boolean(),
  /** [EXT] TMDB person id, null when the person is not linked to TMDB. */
  tmdb_id: Int.nullable(),
});
export type Person = z.infer<typeof Person>;

export const PersonCreditMovie = z.object({
  id: Int,
  title: z.string(),
  year: Int,
  cast: z.string(),
  average_rating: z.number().nullable(),
  poster_url: z.string(),
});
export type PersonCreditMovie = z.infer<typeof PersonCreditMovie>;

export const PersonCredits = z.array(z.object({ role: z.string(), movies: z.array(PersonCreditMovie) }));
export type PersonCredits = z.infer<typeof PersonCredits>;

export const MoviesQuery = z.object({
  chart_type: z.string().optional(),
  ids: z.string().optional(),
  begin: z.string().optional(),
  end: z.string().optional(),
});
