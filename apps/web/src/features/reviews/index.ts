// Public face of the reviews (코멘트) feature for other features: the movie page's rating panel and comment preview,
// and the review card and query keys (profile reviews, likes).
export { MovieReviewPanel, type MovieReviewPanelProps } from "./components/movie-review-panel";
export { ReviewPreview } from "./components/review-preview";
export { ReviewCard, type ReviewCardProps } from "./components/review-card";
export { ReviewVerdict } from "./components/review-header";
export { reviewQueries, saveMyReview } from "./api/reviews-api";
