// What the router loads of the home feature: its pages, lazily, and the data its first screen needs, started while the page's code loads.
// Only app/ imports this file; other features use the feature's index.ts, so none reaches another's pages (and
// no import cycle runs through them).
import type { QueryClient } from "@tanstack/react-query";
import { movieQueries } from "../movies";
import { preloadFirstPosters } from "./lib/first-posters";

export const homePages = {
  home: () => import("./pages/home-page"),
};

export const homeData = {
  home: (client: QueryClient) => {
    // The first row's first screen of posters is the page's largest paint: loaded as soon as the chart arrives.
    client
      .ensureQueryData({ ...movieQueries.chart("watcha10"), revalidateIfStale: true })
      .then(preloadFirstPosters)
      .catch(() => undefined); // the row shows the failure from its own query
    void client.prefetchQuery(movieQueries.chart("box_office"));
  },
};
