// CompactMovie (API.md §4.14): the small film card shared by the endpoints added in revision 2.
import { z } from "zod";
import { Int } from "./common.js";

export const CompactMovie = z.object({
  id: Int,
  title: z.string(),
  year: Int,
  poster_url: z.string(),
  genres: z.array(z.string()),
  average_rating: z.number().nullable(),
  ratings_count: Int,
});
export type CompactMovie = z.infer<typeof CompactMovie>;
