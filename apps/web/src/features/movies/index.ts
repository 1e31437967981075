// Public face of the movies feature for other features: chart rows for home and the movie queries (comment pages
// show the movie's title).
export { ChartRow } from "./components/chart-row";
export { movieQueries } from "./api/movies-api";
