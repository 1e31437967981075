// GET /api/search (API.md §4.10).
import { z } from "zod";
import { endpoint } from "../endpoint.js";
import { ExpandedSearchResult, SearchQuery, SearchResult } from "../search.js";

export const searchEndpoints = {
  /** `expand=true` answers ExpandedSearchResult, otherwise SearchResult. */
  search: endpoint({
    method: "GET",
    path: "/api/search",
    auth: "optional",
    tag: "search",
    query: SearchQuery,
    // The expanded shape first: a plain result fails it (no `movies`) and falls through to SearchResult.
    responses: { 200: z.union([ExpandedSearchResult, SearchResult]) },
  }),
};
