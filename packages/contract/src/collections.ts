import { z } from "zod";
import { Int, Timestamp } from "./common.js";
import { bodyId, text } from "./fields.js";
import { COLLECTION_OVERVIEW_MAX, COLLECTION_TITLE_MAX } from "./limits.js";

/** Title: trimmed, 1–100 characters (empty → INVALID_FIELD, over-long → TEXT_TOO_LONG). */
const title = z
  .string()
  .transform((v) => v.trim())
  .pipe(text(COLLECTION_TITLE_MAX).refine((v) => v.length > 0, { message: "must not be empty" }));
/** Overview on create: ≤ 500; absent, null or blank is stored as null. */
const overview = text(COLLECTION_OVERVIEW_MAX)
  .nullable()
  .optional()
  .transform((v) => (v === undefined || v === null || v.trim() === "" ? null : v));
/** Overview on PATCH: absent or null leaves it unchanged (undefined); `""`/blank clears it to null. */
const overviewPatch = text(COLLECTION_OVERVIEW_MAX)
  .nullable()
  .optional()
  .transform((v) => (v === undefined || v === null ? undefined : v.trim() === "" ? null : v));

export const CollectionMovie = z.object({
  id: Int,
  title: z.string(),
  poster_url: z.string(),
  average_rating: z.number().nullable(),
});
export type CollectionMovie = z.infer<typeof CollectionMovie>;

export const Collection = z.object({
  id: Int,
  user_id: Int,
  title: z.string(),
  overview: z.string().nullable(),
  movies: z.array(CollectionMovie),
  movie_count: Int,
  likes_count: Int,
  comments_count: Int,
  like: z.boolean(),
  created_at: Timestamp,
});
export type Collection = z.infer<typeof Collection>;

export const CollectionCreate = z.object({
  title,
  overview,
  movie_ids: z.array(bodyId).nullable().optional(),
});
export type CollectionCreate = z.infer<typeof CollectionCreate>;

export const CollectionPatch = z.object({
  title: title.nullable().optional(),
  overview: overviewPatch,
  add_movie_ids: z.array(bodyId).nullable().optional(),
  delete_movie_ids: z.array(bodyId).nullable().optional(),
});
export type CollectionPatch = z.infer<typeof CollectionPatch>;

export const CollectionComment = z.object({
  id: Int,
  collection_id: Int,
  user_id: Int,
  user_name: z.string(),
  profile_url: z.string(),
  content: z.string(),
  likes_count: Int,
  like: z.boolean(),
  created_at: Timestamp,
});
export type CollectionComment = z.infer<typeof CollectionComment>;
