// Public face of the movies feature: its pages (loaded lazily by the router) and the data the movie page starts
// while its code loads, chart rows for home, and the movie queries other features read (comment pages show the
// movie's title).
import type { QueryClient } from "@tanstack/react-query";
import { movieQueries } from "./api/movies-api";

export const moviesPages = {
  charts: () => import("./pages/movies-page"),
  movie: () => import("./pages/movie-page"),
};

export const moviesData = {
  movie: (client: QueryClient, movieId: number) => void client.prefetchQuery(movieQueries.detail(movieId)),
};

export { ChartRow } from "./components/chart-row";
export { movieQueries };
