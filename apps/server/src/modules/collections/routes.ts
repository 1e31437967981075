// /api/collections (API.md §4.7): routes of the contract's `endpoints.collections`.
import { endpoints } from "@moviepedia/contract";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { parseMoviesLimit } from "../../http/movies-limit.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { parseWindow } from "../../http/window.js";
import type { CollectionsService } from "./service.js";

const table = endpoints.collections;
const collectionId = (params: Record<string, string>) => parsePathId(params.collection_id, "collection_id");

export function collectionRoutes(app: App, collections: CollectionsService): void {
  route(app, table.create, async (request, reply) =>
    reply.code(201).send(await collections.create(requireCallerId(request), request.body)),
  );

  route(app, table.listOfUser, async (request) => {
    const userId = parsePathId(request.params.user_id, "user_id");
    const window = parseWindow(request.query);
    const movieLimit = parseMoviesLimit(request.query.movies_limit);
    return collections.listOfUser(userId, request.caller?.userId ?? null, window, movieLimit);
  });

  route(app, table.likeStatus, async (request) =>
    collections.isLiked(collectionId(request.params), requireCallerId(request)),
  );

  route(app, table.like, async (request) => collections.toggle(collectionId(request.params), requireCallerId(request)));

  route(app, table.detail, async (request) =>
    collections.get(collectionId(request.params), request.caller?.userId ?? null),
  );

  route(app, table.edit, async (request) =>
    collections.patch(collectionId(request.params), requireCallerId(request), request.body),
  );

  route(app, table.remove, async (request, reply) => {
    await collections.remove(collectionId(request.params), requireCallerId(request));
    return reply.code(204).send(null);
  });
}
