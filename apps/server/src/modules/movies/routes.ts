import { endpoints } from "@moviepedia/contract";
import { parsePathId } from "../../http/ids.js";
import { sendJson } from "../../http/json-reply.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import type { MoviesService } from "./service.js";

export function movieRoutes(app: App, movies: MoviesService): void {
  route(app, endpoints.movies.list, async (request, reply) => {
    const chart = movies.chartOf(request.query);
    if (chart !== undefined) return sendJson(reply, await movies.chartAsJson(chart));
    return movies.listMovies(request.query);
  });

  route(app, endpoints.movies.detail, async (request, reply) =>
    sendJson(reply, await movies.movieAsJson(parsePathId(request.params.movie_id, "movie_id"))),
  );
}
