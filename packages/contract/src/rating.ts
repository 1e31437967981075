// 평가하기 and the films around it (issue #18, API.md §4.14 [EXT]): the compact movie every list of films answers
// with, the rating queue, 관심없어요 (dismissed films) and similar films.
import { z } from "zod";

export const RATING_QUEUE_CATEGORIES = ["popular", "random", "genre", "predicted"] as const;
export type RatingQueueCategory = (typeof RATING_QUEUE_CATEGORIES)[number];
/** The queue's page when `end` is absent, and the most one answer holds. */
export const RATING_QUEUE_PAGE = 20;
export const RATING_QUEUE_CAP = 100;

export const RatingQueueQuery = z.object({
  category: z.string().optional(),
  genre: z.string().optional(),
  begin: z.string().optional(),
  end: z.string().optional(),
});

export const SIMILAR_LIMIT_MAX = 30;
export const SIMILAR_LIMIT_DEFAULT = 10;
export const SimilarQuery = z.object({ limit: z.string().optional() });

/** `status` [EXT] of GET /api/reviews/user/{user_id}: only that user's reviews with this watch status. */
export const REVIEW_STATUS_FILTERS = ["WatchList", "Watching"] as const;
export type ReviewStatusFilter = (typeof REVIEW_STATUS_FILTERS)[number];

/** Milestones of the 평가하기 counter (ratings > 0). */
export const RATING_MILESTONES = [10, 30, 100] as const;
