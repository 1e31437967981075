import { z } from "zod";
import { Int } from "./common.js";
import { Collection } from "./collections.js";
import { Movie, Person } from "./movies.js";
import { UserProfile } from "./users.js";

export const SearchQuery = z.object({
  search_q: z.string().optional(),
  begin: z.string().optional(),
  end: z.string().optional(),
  expand: z.string().optional(),
  /** With `expand=true`: movies embedded per collection (0–1000; all of them without it). */
  movies_limit: z.string().optional(),
});

export const SearchResult = z.object({
  movie_list: z.array(Int),
  participant_list: z.array(Int),
  collection_list: z.array(Int),
  user_list: z.array(Int),
  movie_dict_by_genre: z.record(z.string(), z.array(Int)),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const ExpandedSearchResult = SearchResult.extend({
  movies: z.array(Movie),
  people: z.array(Person),
  collections: z.array(Collection),
  users: z.array(UserProfile),
});
export type ExpandedSearchResult = z.infer<typeof ExpandedSearchResult>;
