// Public face of the recommendations feature: its pages, loaded lazily by the router.
export const recommendPages = {
  recommend: () => import("./pages/recommend-page"),
};

export { recommendQueries, type RecommendedMovie } from "./api/recommend-api";
