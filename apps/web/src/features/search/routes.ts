// What the router loads of the search feature: its pages, lazily, and the data its first screen needs, started while the page's code loads.
// Only app/ imports this file; other features use the feature's index.ts, so none reaches another's pages (and
// no import cycle runs through them).
import type { QueryClient } from "@tanstack/react-query";
import { searchQueries } from "./api/search-api";
import { preloadFirstPosters } from "./lib/first-posters";
import { readSearchParams } from "./lib/search-params";

export const searchPages = {
  search: () => import("./pages/search-page"),
};

export const searchData = {
  search: (client: QueryClient, params: URLSearchParams) => {
    const { query, category } = readSearchParams(params);
    if (!query) return;
    const results = client
      .ensureQueryData({ ...searchQueries.window(query, 0), revalidateIfStale: true })
      .catch(() => null); // the page shows the failure from its own query
    // Posters only for the 영화 tab (named, or the likely landing tab).
    if (category === null || category === "movie") void results.then(preloadFirstPosters);
    void client.prefetchQuery(searchQueries.ids(query));
  },
};
