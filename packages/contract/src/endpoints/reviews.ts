// Reviews (API.md §4.5). Literal segments (`user`, `like`, `list`, `movie`) are static routes, which Fastify's router
// always prefers over the `:review_id` parameter.
import { z } from "zod";
import { IdParams } from "../common.js";
import { endpoint } from "../endpoint.js";
import { Review, ReviewListQuery, ReviewWrite, UserReviewCounts } from "../reviews.js";

const tag = "reviews";

export const reviewEndpoints = {
  /** 201 with the new (or revived hidden) review; 200 with the empty object for an empty write; 409 when one exists. */
  create: endpoint({
    method: "POST",
    path: "/api/reviews/:movie_id",
    auth: "required",
    rateLimit: "create",
    tag,
    params: IdParams("movie_id"),
    body: ReviewWrite,
    responses: { 200: Review, 201: Review },
  }),
  edit: endpoint({
    method: "PATCH",
    path: "/api/reviews/:review_id",
    auth: "required",
    tag,
    params: IdParams("review_id"),
    body: ReviewWrite,
    responses: { 200: Review },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/reviews/:review_id",
    auth: "required",
    tag,
    params: IdParams("review_id"),
    responses: { 204: z.null() },
  }),
  /** The caller's review of a movie; the empty object (never 404) when there is none. */
  mine: endpoint({
    method: "GET",
    path: "/api/reviews/movie/:movie_id/mine",
    auth: "required",
    tag,
    params: IdParams("movie_id"),
    responses: { 200: Review },
  }),
  /**
   * Partial upsert, never 409: 201 when it created the review, else 200. Stars, marks and comments at a 평가하기 pace
   * draw from their own per-member bucket (RATE_LIMIT_RATINGS_PER_MIN).
   */
  upsertMine: endpoint({
    method: "PUT",
    path: "/api/reviews/movie/:movie_id/mine",
    auth: "required",
    rateLimit: "rating",
    tag,
    params: IdParams("movie_id"),
    body: ReviewWrite,
    responses: { 200: Review, 201: Review },
  }),
  like: endpoint({
    method: "PATCH",
    path: "/api/reviews/like/:review_id",
    auth: "required",
    rateLimit: "toggle",
    tag,
    params: IdParams("review_id"),
    responses: { 200: Review },
  }),
  detail: endpoint({
    method: "GET",
    path: "/api/reviews/:review_id",
    auth: "optional",
    tag,
    params: IdParams("review_id"),
    responses: { 200: Review },
  }),
  /** `following=true` needs a valid bearer (the route checks it before validation). */
  listForMovie: endpoint({
    method: "GET",
    path: "/api/reviews/movie/:movie_id",
    auth: "optional",
    tag,
    params: IdParams("movie_id"),
    query: ReviewListQuery,
    responses: { 200: z.array(Review) },
  }),
  /** The signed-in twin of `listForMovie`. */
  listForMovieSignedIn: endpoint({
    method: "GET",
    path: "/api/reviews/list/:movie_id",
    auth: "required",
    tag,
    params: IdParams("movie_id"),
    query: ReviewListQuery,
    responses: { 200: z.array(Review) },
  }),
  listMine: endpoint({
    method: "GET",
    path: "/api/reviews/user",
    auth: "required",
    tag,
    query: ReviewListQuery,
    responses: { 200: z.array(Review) },
  }),
  /** `following=true` needs a valid bearer (the route checks it before validation). */
  listForUser: endpoint({
    method: "GET",
    path: "/api/reviews/user/:user_id",
    auth: "optional",
    tag,
    params: IdParams("user_id"),
    query: ReviewListQuery,
    responses: { 200: z.array(Review) },
  }),
  countsForUser: endpoint({
    method: "GET",
    path: "/api/reviews/user/:user_id/counts",
    auth: "optional",
    tag,
    params: IdParams("user_id"),
    responses: { 200: UserReviewCounts },
  }),
};
