import { IdParams, Movie, MoviesQuery } from "@moviepedia/contract";
import { z } from "zod";
import { parsePathId } from "../../http/ids.js";
import { sendJson } from "../../http/json-reply.js";
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
    async (request, reply) => {
      const chart = movies.chartOf(request.query);
      if (chart !== undefined) return sendJson(reply, await movies.chartAsJson(chart));
      return movies.listMovies(request.query);
    },
  );

  app.get(
    "/api/movies/:movie_id",
    { schema: { tags: ["movies"], params: IdParams("movie_id"), response: { 200: Movie, ...errors } } },
    async (request, reply) =>
      sendJson(reply, await movies.movieAsJson(parsePathId(request.params.movie_id, "movie_id"))),
  );
}
