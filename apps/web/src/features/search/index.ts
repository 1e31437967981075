// Public face of the search feature: its page, loaded lazily by the router, and the first window of results of the
// query in the URL, started while the page's code loads (every tab reads that window).
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
