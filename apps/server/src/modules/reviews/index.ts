// What other modules use of reviews.
export { loadReviews } from "./mapper.js";
export { adjustCommentsCount, findReviewById, ownReviewStates, visibleReview } from "./repository.js";
export type { ReviewsService } from "./service.js";
export { isVisible, stateOf } from "./state.js";
