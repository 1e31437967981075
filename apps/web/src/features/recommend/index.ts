// Public face of the recommendations feature for other features: its queries.
export { recommendQueries, type RecommendedMovie } from "./api/recommend-api";
