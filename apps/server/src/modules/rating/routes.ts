// /api/rating/queue, /api/rating/genres, /api/movies/{id}/dismissed, /api/users/me/dismissed and
// /api/movies/{id}/similar (issue #18, API.md §4.14 [EXT]).
import { CompactMovie, IdParams, RatingQueueQuery, SimilarQuery, WindowQuery } from "@moviepedia/contract";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { requireCaller } from "../../http/auth.js";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import { parseWindow } from "../../http/window.js";
import { parseQueueQuery, parseSimilarLimit, type RatingService } from "./service.js";

const tags = ["rating"];
const movies = { 200: z.array(CompactMovie), ...errors };
const noContent = { 204: z.null(), ...errors };

/** `category=predicted` needs a valid bearer on this optional-auth route, and 401 precedes every 400 (API.md §2.2). */
async function predictedNeedsCaller(request: FastifyRequest): Promise<void> {
  const query = request.query as { category?: unknown } | undefined;
  if (query?.category === "predicted") requireCaller(request);
}

export function ratingRoutes(app: App, rating: RatingService): void {
  app.get(
    "/api/rating/queue",
    {
      config: { auth: "optional" },
      preValidation: predictedNeedsCaller,
      schema: {
        tags,
        summary:
          "Films to rate (평가하기): a window of popular, random, genre or predicted films not yet reviewed or dismissed",
        querystring: RatingQueueQuery,
        response: movies,
      },
    },
    async (request) => rating.queue(request.caller?.userId ?? null, parseQueueQuery(request.query)),
  );

  app.get(
    "/api/rating/genres",
    {
      schema: {
        tags,
        summary: "Genre names the 장르별 queue offers, most films first",
        response: { 200: z.array(z.string()), ...errors },
      },
    },
    async () => rating.genres(),
  );

  for (const method of ["put", "delete"] as const) {
    app[method](
      "/api/movies/:movie_id/dismissed",
      {
        config: { auth: "required", rateLimit: "rating" },
        schema: {
          tags,
          summary: method === "put" ? "Mark a film 관심없어요 (idempotent)" : "Take 관심없어요 back (idempotent)",
          params: IdParams("movie_id"),
          response: noContent,
        },
      },
      async (request, reply) => {
        const movieId = parsePathId(request.params.movie_id, "movie_id");
        const callerId = requireCallerId(request);
        await (method === "put" ? rating.dismiss(callerId, movieId) : rating.undismiss(callerId, movieId));
        return reply.code(204).send(null);
      },
    );
  }

  app.get(
    "/api/users/me/dismissed",
    {
      config: { auth: "required" },
      schema: {
        tags,
        summary: "The caller's 관심없어요 films, newest first",
        querystring: WindowQuery,
        response: movies,
      },
    },
    async (request) => rating.listDismissed(requireCallerId(request), parseWindow(request.query)),
  );

  app.get(
    "/api/movies/:movie_id/similar",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        summary: "Similar films (비슷한 작품); a signed-in caller's 관심없어요 films are left out",
        params: IdParams("movie_id"),
        querystring: SimilarQuery,
        response: movies,
      },
    },
    async (request) => {
      const movieId = parsePathId(request.params.movie_id, "movie_id");
      const limit = parseSimilarLimit(request.query.limit);
      return rating.similarTo(request.caller?.userId ?? null, movieId, limit);
    },
  );
}
