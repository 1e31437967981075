// /api/comments — replies to a review (API.md §4.6): routes of the contract's `endpoints.replies`.
import { endpoints } from "@moviepedia/contract";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { parseWindow } from "../../http/window.js";
import type { RepliesService } from "./service.js";

const table = endpoints.replies;

export function replyRoutes(app: App, replies: RepliesService): void {
  route(app, table.create, async (request, reply) => {
    const reviewId = parsePathId(request.params.review_id, "review_id");
    return reply.code(201).send(await replies.create(requireCallerId(request), reviewId, request.body.content));
  });

  route(app, table.edit, async (request) =>
    replies.edit(requireCallerId(request), parsePathId(request.params.reply_id, "reply_id"), request.body.content),
  );

  route(app, table.remove, async (request, reply) => {
    await replies.remove(requireCallerId(request), parsePathId(request.params.reply_id, "reply_id"));
    return reply.code(204).send(null);
  });

  route(app, table.like, async (request) =>
    replies.toggleLike(requireCallerId(request), parsePathId(request.params.reply_id, "reply_id")),
  );

  route(app, table.list, async (request) => {
    const reviewId = parsePathId(request.params.review_id, "review_id");
    return replies.list(request.caller?.userId ?? null, reviewId, parseWindow(request.query));
  });

  route(app, table.listSignedIn, async (request) => {
    const reviewId = parsePathId(request.params.review_id, "review_id");
    return replies.list(requireCallerId(request), reviewId, parseWindow(request.query));
  });
}
