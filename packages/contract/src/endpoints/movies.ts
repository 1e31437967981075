// The catalogue (API.md §4.3): windows, charts and batches by id, and one movie.
import { z } from "zod";
import { IdParams } from "../common.js";
import { endpoint } from "../endpoint.js";
import { Movie, MoviesQuery } from "../movies.js";

const tag = "movies";

export const movieEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/movies",
    auth: "none",
    tag,
    summary: "The catalogue (windowed, id asc), a chart (worst rank first) or a batch by ids",
    query: MoviesQuery,
    responses: { 200: z.array(Movie) },
  }),
  detail: endpoint({
    method: "GET",
    path: "/api/movies/:movie_id",
    auth: "none",
    tag,
    params: IdParams("movie_id"),
    responses: { 200: Movie },
  }),
};
