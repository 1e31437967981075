// Collections (API.md §4.7). The literal `list` and `like` segments are their own routes, not ids.
import { z } from "zod";
import { CollectionListQuery, IdParams } from "../common.js";
import { Collection, CollectionCreate, CollectionPatch } from "../collections.js";
import { endpoint } from "../endpoint.js";

const tag = "collections";
const byId = IdParams("collection_id");

export const collectionEndpoints = {
  create: endpoint({
    method: "POST",
    path: "/api/collections",
    auth: "required",
    rateLimit: "create",
    tag,
    body: CollectionCreate,
    responses: { 201: Collection },
  }),
  listOfUser: endpoint({
    method: "GET",
    path: "/api/collections/list/:user_id",
    auth: "optional",
    tag,
    params: IdParams("user_id"),
    query: CollectionListQuery,
    responses: { 200: z.array(Collection) },
  }),
  likeStatus: endpoint({
    method: "GET",
    path: "/api/collections/like/:collection_id",
    auth: "required",
    tag,
    params: byId,
    responses: { 200: z.boolean() },
  }),
  like: endpoint({
    method: "PATCH",
    path: "/api/collections/like/:collection_id",
    auth: "required",
    rateLimit: "toggle",
    tag,
    params: byId,
    responses: { 200: Collection },
  }),
  detail: endpoint({
    method: "GET",
    path: "/api/collections/:collection_id",
    auth: "optional",
    tag,
    params: byId,
    responses: { 200: Collection },
  }),
  edit: endpoint({
    method: "PATCH",
    path: "/api/collections/:collection_id",
    auth: "required",
    tag,
    params: byId,
    body: CollectionPatch,
    responses: { 200: Collection },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/collections/:collection_id",
    auth: "required",
    tag,
    params: byId,
    responses: { 204: z.null() },
  }),
};
