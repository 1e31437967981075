import { ExpandedSearchResult, SearchQuery, SearchResult } from "@moviepedia/contract";
import { z } from "zod";
import { sendJson } from "../../http/json-reply.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import type { SearchService } from "./service.js";

// The expanded shape first: a plain result fails it (no `movies`) and falls through to SearchResult.
const SearchResponse = z.union([ExpandedSearchResult, SearchResult]);

export function searchRoutes(app: App, search: SearchService): void {
  app.get(
    "/api/search",
    {
      config: { auth: "optional" },
      schema: { tags: ["search"], querystring: SearchQuery, response: { 200: SearchResponse, ...errors } },
    },
    async (request, reply) => sendJson(reply, await search.searchJson(request.query, request.caller?.userId ?? null)),
  );
}
