// Public face of 평가하기 for other features: 관심없어요 for settings, similar films for the movie page, and the
// compact-movie queries.
export { DismissedMovies } from "./components/dismissed-movies";
export { SimilarMovies } from "./components/similar-movies";
export { ratingQueries } from "./api/rating-api";
export { RATING } from "./strings";
