// Public face of the home feature: its page, loaded lazily by the router, and the charts it shows, started while
// its code loads.
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
