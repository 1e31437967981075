import { IdParams, Movie, MoviesQuery } from "@moviepedia/contract";
import { z } from "zod";
import { parsePathId } from "../../http/ids.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import type { MoviesService } from "./service.js";

export function movieRoutes(app: App, movies: MoviesService): void {
  app.get(
    "/api/movies",
    {
      schema: {
        tags: ["movies"],
        summary: "The catalogue (windowed, id asc), a chart (worst rank first) or a batch by ids",
        querystring: MoviesQuery,
        response: { 200: z.array(Movie), ...errors },
      },
    },
    async (request) => movies.listMovies(request.query),
  );

  app.get(
    "/api/movies/:movie_id",
    { schema: { tags: ["movies"], params: IdParams("movie_id"), response: { 200: Movie, ...errors } } },
    async (request) => movies.getMovie(parsePathId(request.params.movie_id, "movie_id")),
  );
}
