// /api/collection_comments (API.md §4.8). `like/{id}` and `{collection_id}/list` are matched before `{comment_id}`.
import { CollectionComment, ContentWrite, IdParams, WindowQuery } from "@moviepedia/contract";
import { z } from "zod";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import { parseWindow } from "../../http/window.js";
import type { CollectionCommentsService } from "./service.js";

const tags = ["collection comments"];
const byComment = IdParams("comment_id");
const byCollection = IdParams("collection_id");
const commentId = (params: Record<string, string>) => parsePathId(params.comment_id, "comment_id");
const collectionId = (params: Record<string, string>) => parsePathId(params.collection_id, "collection_id");

export function collectionCommentRoutes(app: App, comments: CollectionCommentsService): void {
  app.post(
    "/api/collection_comments/:collection_id",
    {
      config: { auth: "required", rateLimit: "create" },
      schema: { tags, params: byCollection, body: ContentWrite, response: { 201: CollectionComment, ...errors } },
    },
    async (request, reply) => {
      const created = await comments.create(
        collectionId(request.params),
        requireCallerId(request),
        request.body.content,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    "/api/collection_comments/:collection_id/list",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        params: byCollection,
        querystring: WindowQuery,
        response: { 200: z.array(CollectionComment), ...errors },
      },
    },
    async (request) =>
      comments.list(collectionId(request.params), request.caller?.userId ?? null, parseWindow(request.query)),
  );

  app.get(
    "/api/collection_comments/like/:comment_id",
    { config: { auth: "required" }, schema: { tags, params: byComment, response: { 200: z.boolean(), ...errors } } },
    async (request) => comments.isLiked(commentId(request.params), requireCallerId(request)),
  );

  app.patch(
    "/api/collection_comments/like/:comment_id",
    {
      config: { auth: "required", rateLimit: "toggle" },
      schema: { tags, params: byComment, response: { 200: CollectionComment, ...errors } },
    },
    async (request) => comments.toggle(commentId(request.params), requireCallerId(request)),
  );

  app.get(
    "/api/collection_comments/:comment_id",
    {
      config: { auth: "optional" },
      schema: { tags, params: byComment, response: { 200: CollectionComment, ...errors } },
    },
    async (request) => comments.get(commentId(request.params), request.caller?.userId ?? null),
  );

  app.patch(
    "/api/collection_comments/:comment_id",
    {
      config: { auth: "required" },
      schema: { tags, params: byComment, body: ContentWrite, response: { 200: CollectionComment, ...errors } },
    },
    async (request) => comments.patch(commentId(request.params), requireCallerId(request), request.body.content),
  );

  app.delete(
    "/api/collection_comments/:comment_id",
    { config: { auth: "required" }, schema: { tags, params: byComment, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await comments.remove(commentId(request.params), requireCallerId(request));
      return reply.code(204).send(null);
    },
  );
}
