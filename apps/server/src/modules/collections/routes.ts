// /api/collections (API.md §4.7). The literal `list` and `like` segments are their own routes, not ids.
import { Collection, CollectionCreate, CollectionListQuery, CollectionPatch, IdParams } from "@moviepedia/contract";
import { z } from "zod";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { parseMoviesLimit } from "../../http/movies-limit.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import { parseWindow } from "../../http/window.js";
import type { CollectionsService } from "./service.js";

const tags = ["collections"];
const byId = IdParams("collection_id");
const collectionId = (params: Record<string, string>) => parsePathId(params.collection_id, "collection_id");

export function collectionRoutes(app: App, collections: CollectionsService): void {
  app.post(
    "/api/collections",
    {
      config: { auth: "required", rateLimit: "create" },
      schema: { tags, body: CollectionCreate, response: { 201: Collection, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await collections.create(requireCallerId(request), request.body)),
  );

  app.get(
    "/api/collections/list/:user_id",
    {
      config: { auth: "optional" },
      schema: {
        tags,
        params: IdParams("user_id"),
        querystring: CollectionListQuery,
        response: { 200: z.array(Collection), ...errors },
      },
    },
    async (request) => {
      const userId = parsePathId(request.params.user_id, "user_id");
      const window = parseWindow(request.query);
      const movieLimit = parseMoviesLimit(request.query.movies_limit);
      return collections.listOfUser(userId, request.caller?.userId ?? null, window, movieLimit);
    },
  );

  app.get(
    "/api/collections/like/:collection_id",
    { config: { auth: "required" }, schema: { tags, params: byId, response: { 200: z.boolean(), ...errors } } },
    async (request) => collections.isLiked(collectionId(request.params), requireCallerId(request)),
  );

  app.patch(
    "/api/collections/like/:collection_id",
    {
      config: { auth: "required", rateLimit: "toggle" },
      schema: { tags, params: byId, response: { 200: Collection, ...errors } },
    },
    async (request) => collections.toggle(collectionId(request.params), requireCallerId(request)),
  );

  app.get(
    "/api/collections/:collection_id",
    { config: { auth: "optional" }, schema: { tags, params: byId, response: { 200: Collection, ...errors } } },
    async (request) => collections.get(collectionId(request.params), request.caller?.userId ?? null),
  );

  app.patch(
    "/api/collections/:collection_id",
    {
      config: { auth: "required" },
      schema: { tags, params: byId, body: CollectionPatch, response: { 200: Collection, ...errors } },
    },
    async (request) => collections.patch(collectionId(request.params), requireCallerId(request), request.body),
  );

  app.delete(
    "/api/collections/:collection_id",
    { config: { auth: "required" }, schema: { tags, params: byId, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await collections.remove(collectionId(request.params), requireCallerId(request));
      return reply.code(204).send(null);
    },
  );
}
