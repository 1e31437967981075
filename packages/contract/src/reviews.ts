import { z } from "zod";
import { Int, Timestamp } from "./common.js";
import { nonBlankText, rating, text, watchStatus } from "./fields.js";
import { TEXT_MAX } from "./limits.js";

export const Review = z.object({
  id: Int,
  movie_id: Int,
  user_id: Int,
  user_name: z.string(),
  profile_url: z.string(),
  content: z.string(),
  rating: z.number(),
  status: z.string(),
  spoiler: z.boolean(),
  like: z.boolean(),
  likes_count: Int,
  comments_count: Int,
  created_at: Timestamp,
});
export type Review = z.infer<typeof Review>;

/** POST/PATCH/PUT body: every field optional; `null` means absent (API.md §4.5). */
export const ReviewWrite = z.object({
  content: text(TEXT_MAX).nullable().optional(),
  rating: rating.nullable().optional(),
  spoiler: z.boolean().nullable().optional(),
  status: watchStatus.nullable().optional(),
});
export type ReviewWrite = z.infer<typeof ReviewWrite>;

export const ReviewListQuery = z.object({
  begin: z.string().optional(),
  end: z.string().optional(),
  sort: z.string().optional(),
  has_content: z.string().optional(),
  following: z.string().optional(),
  /** [EXT] on GET /api/reviews/user/{user_id} only: `WatchList` or `Watching`. */
  status: z.string().optional(),
  /** [EXT] on GET /api/reviews/user/{user_id} only: `true` keeps rated rows (rating > 0). */
  rated: z.string().optional(),
});

/**
 * [EXT] GET /api/reviews/user/{user_id}/counts: a member's visible review rows by kind — the profile's tabs. `total`
 * equals `UserProfile.review_count`; a row may count in several kinds (a rating with text and 보는 중).
 */
export const UserReviewCounts = z.object({
  user_id: Int,
  total: Int,
  rated: Int,
  commented: Int,
  watch_list: Int,
  watching: Int,
});
export type UserReviewCounts = z.infer<typeof UserReviewCounts>;

export const Reply = z.object({
  id: Int,
  review_id: Int,
  user_id: Int,
  user_name: z.string(),
  profile_url: z.string(),
  content: z.string(),
  like: z.boolean(),
  likes_count: Int,
  created_at: Timestamp,
});
export type Reply = z.infer<typeof Reply>;

export const ContentWrite = z.object({ content: nonBlankText(TEXT_MAX) });
export type ContentWrite = z.infer<typeof ContentWrite>;
