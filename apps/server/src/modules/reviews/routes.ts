// /api/reviews (API.md §4.5). Literal segments (`user`, `like`, `list`, `movie`) are static routes, which Fastify's
// router always prefers over the `{review_id}` parameter.
import { IdParams, Review, ReviewListQuery, ReviewWrite, UserReviewCounts } from "@moviepedia/contract";
import { z } from "zod";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { sendJson } from "../../http/json-reply.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import { followingNeedsCaller, parseReviewListQuery, parseUserReviewListQuery } from "./list-query.js";
import type { ReviewsService } from "./service.js";

const tags = ["reviews"];
const one = { 200: Review, ...errors };
const written = { 200: Review, 201: Review, ...errors };
const many = { 200: z.array(Review), ...errors };

export function reviewRoutes(app: App, reviews: ReviewsService): void {
  app.post(
    "/api/reviews/:movie_id",
    {
      config: { auth: "required", rateLimit: "create" },
      schema: { tags, params: IdParams("movie_id"), body: ReviewWrite, response: written },
    },
    async (request, reply) => {
      const movieId = parsePathId(request.params.movie_id, "movie_id");
      const result = await reviews.create(requireCallerId(request), movieId, request.body);
      return reply.code(result.status).send(result.review);
    },
  );

  app.patch(
    "/api/reviews/:review_id",
    {
      config: { auth: "required" },
      schema: { tags, params: IdParams("review_id"), body: ReviewWrite, response: one },
    },
    async (request) =>
      reviews.edit(requireCallerId(request), parsePathId(request.params.review_id, "review_id"), request.body),
  );

  app.delete(
    "/api/reviews/:review_id",
    {
      config: { auth: "required" },
      schema: { tags, params: IdParams("review_id"), response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await reviews.remove(requireCallerId(request), parsePathId(request.params.review_id, "review_id"));
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/reviews/movie/:movie_id/mine",
    { config: { auth: "required" }, schema: { tags, params: IdParams("movie_id"), response: one } },
    async (request, reply) =>
      sendJson(
        reply,
        await reviews.getMineJson(requireCallerId(request), parsePathId(request.params.movie_id, "movie_id")),
      ),
  );

  app.put(
    "/api/reviews/movie/:movie_id/mine",
    {
      // Stars, marks and comments at a 평가하기 pace: their own per-member bucket (RATE_LIMIT_RATINGS_PER_MIN).
      config: { auth: "required", rateLimit: "rating" },
      schema: { tags, params: IdParams("movie_id"), body: ReviewWrite, response: written },
    },
    async (request, reply) => {
      const movieId = parsePathId(request.params.movie_id, "movie_id");
      const result = await reviews.upsertMine(requireCallerId(request), movieId, request.body);
      return reply.code(result.status).send(result.review);
    },
  );

  app.patch(
    "/api/reviews/like/:review_id",
    {
      config: { auth: "required", rateLimit: "toggle" },
      schema: { tags, params: IdParams("review_id"), response: one },
    },
    async (request) => reviews.toggleLike(requireCallerId(request), parsePathId(request.params.review_id, "review_id")),
  );

  app.get(
    "/api/reviews/:review_id",
    { config: { auth: "optional" }, schema: { tags, params: IdParams("review_id"), response: one } },
    async (request) =>
      reviews.getReview(parsePathId(request.params.review_id, "review_id"), request.caller?.userId ?? null),
  );

  reviewListRoutes(app, reviews);
}

function reviewListRoutes(app: App, reviews: ReviewsService): void {
  const preValidation = followingNeedsCaller;

  app.get(
    "/api/reviews/movie/:movie_id",
    {
      config: { auth: "optional" },
      preValidation,
      schema: { tags, params: IdParams("movie_id"), querystring: ReviewListQuery, response: many },
    },
    async (request, reply) => {
      const movieId = parsePathId(request.params.movie_id, "movie_id");
      const options = parseReviewListQuery(request.query);
      return sendJson(reply, await reviews.listForMovie(request.caller?.userId ?? null, movieId, options));
    },
  );

  app.get(
    "/api/reviews/list/:movie_id",
    {
      config: { auth: "required" },
      schema: { tags, params: IdParams("movie_id"), querystring: ReviewListQuery, response: many },
    },
    async (request, reply) => {
      const movieId = parsePathId(request.params.movie_id, "movie_id");
      const options = parseReviewListQuery(request.query);
      return sendJson(reply, await reviews.listForMovie(requireCallerId(request), movieId, options));
    },
  );

  app.get(
    "/api/reviews/user",
    { config: { auth: "required" }, schema: { tags, querystring: ReviewListQuery, response: many } },
    async (request, reply) =>
      sendJson(reply, await reviews.listMine(requireCallerId(request), parseReviewListQuery(request.query))),
  );

  app.get(
    "/api/reviews/user/:user_id",
    {
      config: { auth: "optional" },
      preValidation,
      schema: { tags, params: IdParams("user_id"), querystring: ReviewListQuery, response: many },
    },
    async (request, reply) => {
      const userId = parsePathId(request.params.user_id, "user_id");
      const options = parseUserReviewListQuery(request.query);
      return sendJson(reply, await reviews.listForUser(request.caller?.userId ?? null, userId, options));
    },
  );

  app.get(
    "/api/reviews/user/:user_id/counts",
    {
      config: { auth: "optional" },
      schema: { tags, params: IdParams("user_id"), response: { 200: UserReviewCounts, ...errors } },
    },
    async (request) =>
      reviews.countsForUser(request.caller?.userId ?? null, parsePathId(request.params.user_id, "user_id")),
  );
}
