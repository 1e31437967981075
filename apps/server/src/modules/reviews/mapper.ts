// Review rows → the wire `Review` (API.md §4.0): the author's current username and avatar, the caller's `like`.
import type { Review } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database, UserRow } from "../../db/types.js";
import { likedSet } from "../shared/index.js";
import { avatarUrl } from "../users/index.js";
import { findReviewsWithAuthor, type ReviewWithAuthor } from "./repository.js";

export function toReview(row: ReviewWithAuthor, like: boolean): Review {
  return {
    id: row.id,
    movie_id: row.movie_id,
    user_id: row.user_id,
    user_name: row.author_name,
    profile_url: avatarUrl({ id: row.user_id, username: row.author_name, profile_url: row.author_profile_url }),
    content: row.content,
    rating: row.rating,
    status: row.status,
    spoiler: row.spoiler === 1,
    like,
    likes_count: row.likes_count,
    comments_count: row.comments_count,
    created_at: row.created_at,
  };
}

/** Rows of one page mapped with the caller's likes looked up in one query. */
export async function toReviews(db: Kysely<Database>, rows: ReviewWithAuthor[], callerId: number | null) {
  const liked = await likedSet(
    db,
    "review_likes",
    callerId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toReview(r, liked.has(r.id)));
}

/**
 * "An empty review is hidden, and keeps its id" (API.md §4.5): the answer to a write that left (or would have left)
 * a review empty, and "my review" when there is none. `kept` is the hidden row, if there is one; otherwise id 0 and
 * the time of the request.
 */
export function emptyReview(
  author: Pick<UserRow, "id" | "username" | "profile_url">,
  movieId: number,
  kept: { id: number; created_at: string } | null,
  requestTime: string,
): Review {
  return {
    id: kept?.id ?? 0,
    movie_id: movieId,
    user_id: author.id,
    user_name: author.username,
    profile_url: avatarUrl(author),
    content: "",
    rating: 0,
    status: "",
    spoiler: false,
    like: false,
    likes_count: 0,
    comments_count: 0,
    created_at: kept?.created_at ?? requestTime,
  };
}

/** Batch loader: the reviews of `ids` in that order (unknown ids skipped), one query plus one for the likes. */
export async function loadReviews(
  db: Kysely<Database>,
  ids: readonly number[],
  callerId: number | null,
): Promise<Review[]> {
  const rows = await findReviewsWithAuthor(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = [...new Set(ids)].flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  return toReviews(db, ordered, callerId);
}
