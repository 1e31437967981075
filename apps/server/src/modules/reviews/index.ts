// What other modules use of reviews.
export { loadReviews } from "./mapper.js";
export { adjustCommentsCount, findReviewById } from "./repository.js";
