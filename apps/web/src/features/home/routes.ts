// What the router loads of the home feature: its pages, lazily, and the data its first screen needs, started while the page's code loads.
// Only app/ imports this file; other features use the feature's index.ts, so none reaches another's pages (and
// no import cycle runs through them).
import type { QueryClient } from "@tanstack/react-query";
import { movieQueries } from "../movies";

export const homePages = {
  home: () => import("./pages/home-page"),
};

export const homeData = {
  home: (client: QueryClient) => {
    void client.prefetchQuery(movieQueries.chart("watcha10"));
    void client.prefetchQuery(movieQueries.chart("box_office"));
  },
};
