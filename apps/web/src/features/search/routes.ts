// What the router loads of the search feature: its pages, lazily, and the data its first screen needs, started while the page's code loads.
// Only app/ imports this file; other features use the feature's index.ts, so none reaches another's pages (and
// no import cycle runs through them).
import type { QueryClient } from "@tanstack/react-query";
import { searchQueries } from "./api/search-api";
import { readSearchParams } from "./lib/search-params";

export const searchPages = {
  search: () => import("./pages/search-page"),
};

export const searchData = {
  search: (client: QueryClient, params: URLSearchParams) => {
    const { query } = readSearchParams(params);
    if (!query) return;
    void client.prefetchQuery(searchQueries.window(query, 0));
    void client.prefetchQuery(searchQueries.ids(query));
  },
};
