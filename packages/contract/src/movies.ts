import { z } from "zod";
import { Int } from "./common.js";

export const Credit = z.object({
  id: Int,
  name: z.string(),
  role: z.string(),
  profile_url: z.string(),
});
export type Credit = z.infer<typeof Credit>;

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
