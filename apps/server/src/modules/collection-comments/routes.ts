// /api/collection_comments (API.md §4.8): routes of the contract's `endpoints.collectionComments`.
import { endpoints } from "@moviepedia/contract";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { parseWindow } from "../../http/window.js";
import type { CollectionCommentsService } from "./service.js";

const table = endpoints.collectionComments;
const commentId = (params: Record<string, string>) => parsePathId(params.comment_id, "comment_id");
const collectionId = (params: Record<string, string>) => parsePathId(params.collection_id, "collection_id");

export function collectionCommentRoutes(app: App, comments: CollectionCommentsService): void {
  route(app, table.create, async (request, reply) => {
    const created = await comments.create(collectionId(request.params), requireCallerId(request), request.body.content);
    return reply.code(201).send(created);
  });

  route(app, table.list, async (request) =>
    comments.list(collectionId(request.params), request.caller?.userId ?? null, parseWindow(request.query)),
  );

  route(app, table.likeStatus, async (request) =>
    comments.isLiked(commentId(request.params), requireCallerId(request)),
  );

  route(app, table.like, async (request) => comments.toggle(commentId(request.params), requireCallerId(request)));

  route(app, table.detail, async (request) => comments.get(commentId(request.params), request.caller?.userId ?? null));

  route(app, table.edit, async (request) =>
    comments.patch(commentId(request.params), requireCallerId(request), request.body.content),
  );

  route(app, table.remove, async (request, reply) => {
    await comments.remove(commentId(request.params), requireCallerId(request));
    return reply.code(204).send(null);
  });
}
