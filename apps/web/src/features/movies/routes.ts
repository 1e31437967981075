// What the router loads of the movies feature: its pages, lazily, and the data its first screen needs, started while the page's code loads.
// Only app/ imports this file; other features use the feature's index.ts, so none reaches another's pages (and
// no import cycle runs through them).
import type { QueryClient } from "@tanstack/react-query";
import { movieQueries } from "./api/movies-api";
import { preloadBackdrop } from "./lib/hero-image";

export const moviesPages = {
  charts: () => import("./pages/movies-page"),
  movie: () => import("./pages/movie-page"),
};

export const moviesData = {
  movie: (client: QueryClient, movieId: number) => {
    client
      .ensureQueryData({ ...movieQueries.detail(movieId), revalidateIfStale: true })
      .then(preloadBackdrop)
      .catch(() => undefined); // the page shows the failure from its own query
  },
};
