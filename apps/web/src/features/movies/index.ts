// Public face of the movies feature: its pages (loaded lazily by the router), chart rows for home, and the movie
// queries other features read (comment pages show the movie's title).
export const moviesPages = {
  charts: () => import("./pages/movies-page"),
  movie: () => import("./pages/movie-page"),
};

export { ChartRow } from "./components/chart-row";
export { movieQueries } from "./api/movies-api";
