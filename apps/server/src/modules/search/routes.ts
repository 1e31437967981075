import { endpoints } from "@moviepedia/contract";
import { sendJson } from "../../http/json-reply.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import type { SearchService } from "./service.js";

export function searchRoutes(app: App, search: SearchService): void {
  route(app, endpoints.search.search, async (request, reply) =>
    sendJson(reply, await search.searchJson(request.query, request.caller?.userId ?? null)),
  );
}
