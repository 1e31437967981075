// /api/reviews (API.md §4.5): routes of the contract's `endpoints.reviews`.
import { endpoints } from "@moviepedia/contract";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { sendJson } from "../../http/json-reply.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { followingNeedsCaller, parseReviewListQuery, parseUserReviewListQuery } from "./list-query.js";
import type { ReviewsService } from "./service.js";

const table = endpoints.reviews;

export function reviewRoutes(app: App, reviews: ReviewsService): void {
  route(app, table.create, async (request, reply) => {
    const movieId = parsePathId(request.params.movie_id, "movie_id");
    const result = await reviews.create(requireCallerId(request), movieId, request.body);
    return reply.code(result.status).send(result.review);
  });

  route(app, table.edit, async (request) =>
    reviews.edit(requireCallerId(request), parsePathId(request.params.review_id, "review_id"), request.body),
  );

  route(app, table.remove, async (request, reply) => {
    await reviews.remove(requireCallerId(request), parsePathId(request.params.review_id, "review_id"));
    return reply.code(204).send(null);
  });

  route(app, table.mine, async (request, reply) =>
    sendJson(
      reply,
      await reviews.getMineJson(requireCallerId(request), parsePathId(request.params.movie_id, "movie_id")),
    ),
  );

  route(app, table.upsertMine, async (request, reply) => {
    const movieId = parsePathId(request.params.movie_id, "movie_id");
    const result = await reviews.upsertMine(requireCallerId(request), movieId, request.body);
    return reply.code(result.status).send(result.review);
  });

  route(app, table.like, async (request) =>
    reviews.toggleLike(requireCallerId(request), parsePathId(request.params.review_id, "review_id")),
  );

  route(app, table.detail, async (request) =>
    reviews.getReview(parsePathId(request.params.review_id, "review_id"), request.caller?.userId ?? null),
  );

  reviewListRoutes(app, reviews);
}

function reviewListRoutes(app: App, reviews: ReviewsService): void {
  // `following=true` on an optional-auth list needs a caller: 401 before the query is validated.
  const preValidation = followingNeedsCaller;

  route(
    app,
    table.listForMovie,
    async (request, reply) => {
      const movieId = parsePathId(request.params.movie_id, "movie_id");
      const options = parseReviewListQuery(request.query);
      return sendJson(reply, await reviews.listForMovie(request.caller?.userId ?? null, movieId, options));
    },
    { preValidation },
  );

  route(app, table.listForMovieSignedIn, async (request, reply) => {
    const movieId = parsePathId(request.params.movie_id, "movie_id");
    const options = parseReviewListQuery(request.query);
    return sendJson(reply, await reviews.listForMovie(requireCallerId(request), movieId, options));
  });

  route(app, table.listMine, async (request, reply) =>
    sendJson(reply, await reviews.listMine(requireCallerId(request), parseReviewListQuery(request.query))),
  );

  route(
    app,
    table.listForUser,
    async (request, reply) => {
      const userId = parsePathId(request.params.user_id, "user_id");
      const options = parseUserReviewListQuery(request.query);
      return sendJson(reply, await reviews.listForUser(request.caller?.userId ?? null, userId, options));
    },
    { preValidation },
  );

  route(app, table.countsForUser, async (request) =>
    reviews.countsForUser(request.caller?.userId ?? null, parsePathId(request.params.user_id, "user_id")),
  );
}
