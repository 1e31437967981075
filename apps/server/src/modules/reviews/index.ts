// What other modules use of reviews.
export { loadReviews } from "./mapper.js";
export { adjustCommentsCount, findReviewById, visibleReview } from "./repository.js";
export { isVisible, stateOf } from "./state.js";
