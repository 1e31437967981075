// /api/rating/queue, /api/rating/genres, /api/movies/{id}/dismissed, /api/users/me/dismissed and
// /api/movies/{id}/similar (issue #18, API.md §4.14 [EXT]).
import { endpoints } from "@moviepedia/contract";
import type { FastifyRequest } from "fastify";
import { requireCaller } from "../../http/auth.js";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { sendJson } from "../../http/json-reply.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { parseWindow } from "../../http/window.js";
import { parseQueueQuery, parseSimilarLimit, type RatingService } from "./service.js";

/** `category=predicted` needs a valid bearer on this optional-auth route, and 401 precedes every 400 (API.md §2.2). */
async function predictedNeedsCaller(request: FastifyRequest): Promise<void> {
  const query = request.query as { category?: unknown } | undefined;
  if (query?.category === "predicted") requireCaller(request);
}

export function ratingRoutes(app: App, rating: RatingService): void {
  const table = endpoints.rating;

  route(
    app,
    table.queue,
    async (request, reply) =>
      sendJson(reply, await rating.queue(request.caller?.userId ?? null, parseQueueQuery(request.query))),
    { preValidation: predictedNeedsCaller },
  );

  route(app, table.genres, async () => rating.genres());

  route(app, table.dismiss, async (request, reply) => {
    const movieId = parsePathId(request.params.movie_id, "movie_id");
    await rating.dismiss(requireCallerId(request), movieId);
    return reply.code(204).send(null);
  });

  route(app, table.undismiss, async (request, reply) => {
    const movieId = parsePathId(request.params.movie_id, "movie_id");
    await rating.undismiss(requireCallerId(request), movieId);
    return reply.code(204).send(null);
  });

  route(app, table.dismissed, async (request, reply) =>
    sendJson(reply, await rating.listDismissed(requireCallerId(request), parseWindow(request.query))),
  );

  route(app, table.similar, async (request, reply) => {
    const movieId = parsePathId(request.params.movie_id, "movie_id");
    const limit = parseSimilarLimit(request.query.limit);
    return sendJson(reply, await rating.similarTo(request.caller?.userId ?? null, movieId, limit));
  });
}
