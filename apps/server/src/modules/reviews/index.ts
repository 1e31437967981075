// What other modules use of reviews.
export { loadReviews } from "./mapper.js";
export { adjustCommentsCount, findReviewById, visibleReview } from "./repository.js";
export type { BulkWriteResult, ReviewsService } from "./service.js";
export { isVisible, type ReviewState, sameState, stateOf } from "./state.js";
