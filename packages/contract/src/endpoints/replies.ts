// Replies to a review, under /api/comments (API.md §4.6). `like`, `list` and `review` are static segments, which
// Fastify's router prefers over `:reply_id`.
import { z } from "zod";
import { IdParams, WindowQuery } from "../common.js";
import { endpoint } from "../endpoint.js";
import { ContentWrite, Reply } from "../reviews.js";

const tag = "replies";

export const replyEndpoints = {
  create: endpoint({
    method: "POST",
    path: "/api/comments/:review_id",
    auth: "required",
    rateLimit: "create",
    tag,
    params: IdParams("review_id"),
    body: ContentWrite,
    responses: { 201: Reply },
  }),
  edit: endpoint({
    method: "PATCH",
    path: "/api/comments/:reply_id",
    auth: "required",
    tag,
    params: IdParams("reply_id"),
    body: ContentWrite,
    responses: { 200: Reply },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/comments/:reply_id",
    auth: "required",
    tag,
    params: IdParams("reply_id"),
    responses: { 204: z.null() },
  }),
  like: endpoint({
    method: "PATCH",
    path: "/api/comments/like/:reply_id",
    auth: "required",
    rateLimit: "toggle",
    tag,
    params: IdParams("reply_id"),
    responses: { 200: Reply },
  }),
  list: endpoint({
    method: "GET",
    path: "/api/comments/review/:review_id",
    auth: "optional",
    tag,
    params: IdParams("review_id"),
    query: WindowQuery,
    responses: { 200: z.array(Reply) },
  }),
  /** The signed-in twin of `list`. */
  listSignedIn: endpoint({
    method: "GET",
    path: "/api/comments/list/:review_id",
    auth: "required",
    tag,
    params: IdParams("review_id"),
    query: WindowQuery,
    responses: { 200: z.array(Reply) },
  }),
};
