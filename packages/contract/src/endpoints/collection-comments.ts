// Comments on a collection (API.md §4.8). `like/:comment_id` and `:collection_id/list` are matched before
// `:comment_id`.
import { z } from "zod";
import { CollectionComment } from "../collections.js";
import { IdParams, WindowQuery } from "../common.js";
import { endpoint } from "../endpoint.js";
import { ContentWrite } from "../reviews.js";

const tag = "collection comments";
const byComment = IdParams("comment_id");
const byCollection = IdParams("collection_id");

export const collectionCommentEndpoints = {
  create: endpoint({
    method: "POST",
    path: "/api/collection_comments/:collection_id",
    auth: "required",
    rateLimit: "create",
    tag,
    params: byCollection,
    body: ContentWrite,
    responses: { 201: CollectionComment },
  }),
  list: endpoint({
    method: "GET",
    path: "/api/collection_comments/:collection_id/list",
    auth: "optional",
    tag,
    params: byCollection,
    query: WindowQuery,
    responses: { 200: z.array(CollectionComment) },
  }),
  likeStatus: endpoint({
    method: "GET",
    path: "/api/collection_comments/like/:comment_id",
    auth: "required",
    tag,
    params: byComment,
    responses: { 200: z.boolean() },
  }),
  like: endpoint({
    method: "PATCH",
    path: "/api/collection_comments/like/:comment_id",
    auth: "required",
    rateLimit: "toggle",
    tag,
    params: byComment,
    responses: { 200: CollectionComment },
  }),
  detail: endpoint({
    method: "GET",
    path: "/api/collection_comments/:comment_id",
    auth: "optional",
    tag,
    params: byComment,
    responses: { 200: CollectionComment },
  }),
  edit: endpoint({
    method: "PATCH",
    path: "/api/collection_comments/:comment_id",
    auth: "required",
    tag,
    params: byComment,
    body: ContentWrite,
    responses: { 200: CollectionComment },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/collection_comments/:comment_id",
    auth: "required",
    tag,
    params: byComment,
    responses: { 204: z.null() },
  }),
};
