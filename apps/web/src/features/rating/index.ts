// Public face of 평가하기: its page (loaded lazily by the router), 관심없어요 for settings, similar films for the movie
// page, and the compact-movie queries.
export const ratingPages = {
  rating: () => import("./pages/rating-page"),
};

export { DismissedMovies } from "./components/dismissed-movies";
export { SimilarMovies } from "./components/similar-movies";
export { ratingQueries } from "./api/rating-api";
export { RATING } from "./strings";
