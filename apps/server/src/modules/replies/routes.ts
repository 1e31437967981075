// /api/comments — replies to a review (API.md §4.6). `like`, `list` and `review` are static segments, which
// Fastify's router prefers over `{reply_id}`.
import { ContentWrite, IdParams, Reply, WindowQuery } from "@moviepedia/contract";
import { z } from "zod";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import { parseWindow } from "../../http/window.js";
import type { RepliesService } from "./service.js";

const tags = ["replies"];
const one = { 200: Reply, ...errors };
const many = { 200: z.array(Reply), ...errors };

export function replyRoutes(app: App, replies: RepliesService): void {
  app.post(
    "/api/comments/:review_id",
    {
      config: { auth: "required", rateLimit: "create" },
      schema: { tags, params: IdParams("review_id"), body: ContentWrite, response: { 201: Reply, ...errors } },
    },
    async (request, reply) => {
      const reviewId = parsePathId(request.params.review_id, "review_id");
      return reply.code(201).send(await replies.create(requireCallerId(request), reviewId, request.body.content));
    },
  );

  app.patch(
    "/api/comments/:reply_id",
    {
      config: { auth: "required" },
      schema: { tags, params: IdParams("reply_id"), body: ContentWrite, response: one },
    },
    async (request) =>
      replies.edit(requireCallerId(request), parsePathId(request.params.reply_id, "reply_id"), request.body.content),
  );

  app.delete(
    "/api/comments/:reply_id",
    {
      config: { auth: "required" },
      schema: { tags, params: IdParams("reply_id"), response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await replies.remove(requireCallerId(request), parsePathId(request.params.reply_id, "reply_id"));
      return reply.code(204).send(null);
    },
  );

  app.patch(
    "/api/comments/like/:reply_id",
    {
      config: { auth: "required", rateLimit: "toggle" },
      schema: { tags, params: IdParams("reply_id"), response: one },
    },
    async (request) => replies.toggleLike(requireCallerId(request), parsePathId(request.params.reply_id, "reply_id")),
  );

  app.get(
    "/api/comments/review/:review_id",
    {
      config: { auth: "optional" },
      schema: { tags, params: IdParams("review_id"), querystring: WindowQuery, response: many },
    },
    async (request) => {
      const reviewId = parsePathId(request.params.review_id, "review_id");
      return replies.list(request.caller?.userId ?? null, reviewId, parseWindow(request.query));
    },
  );

  app.get(
    "/api/comments/list/:review_id",
    {
      config: { auth: "required" },
      schema: { tags, params: IdParams("review_id"), querystring: WindowQuery, response: many },
    },
    async (request) => {
      const reviewId = parsePathId(request.params.review_id, "review_id");
      return replies.list(requireCallerId(request), reviewId, parseWindow(request.query));
    },
  );
}
