// Counter checks for reviews, replies and their likes: every stored counter next to a recount of the rows.
import { expect } from "vitest";
import type { TestContext } from "./context.js";

/** Stored movie counters and the average the contract derives from them (API.md §4.0). */
export async function movieCounters(ctx: TestContext, movieId: number) {
  const m = await ctx.db
    .selectFrom("movies")
    .select(["rating_sum", "ratings_count", "reviews_count"])
    .where("id", "=", movieId)
    .executeTakeFirstOrThrow();
  const average = m.ratings_count > 0 ? Math.round(m.rating_sum / m.ratings_count) / 10 : null;
  return { average, ratingSum: m.rating_sum, ratingsCount: m.ratings_count, reviewsCount: m.reviews_count };
}

/** A review row emptied by its owner: hidden, kept with its id (API.md §4.5). */
export function isHidden(r: { rating: number; status: string; content: string }): boolean {
  return r.rating === 0 && r.status === "" && r.content === "";
}

/**
 * Every review-related counter in the database equals a recount of the rows it counts. Hidden (emptied) rows
 * (API.md §4.5) are kept, counted nowhere, and hold nothing: no likes, no replies, no spoiler flag.
 */
export async function expectCountersMatchRecount(ctx: TestContext): Promise<void> {
  const [movies, users, reviews, replies, reviewLikes, replyLikes] = await Promise.all([
    ctx.db.selectFrom("movies").select(["id", "rating_sum", "ratings_count", "reviews_count"]).execute(),
    ctx.db.selectFrom("users").select(["id", "review_count", "liked_reviews_count"]).execute(),
    ctx.db.selectFrom("reviews").selectAll().execute(),
    ctx.db.selectFrom("replies").select(["id", "review_id", "likes_count"]).execute(),
    ctx.db.selectFrom("review_likes").select(["user_id", "target_id"]).execute(),
    ctx.db.selectFrom("reply_likes").select(["user_id", "target_id"]).execute(),
  ]);
  const count = <T>(rows: T[], pick: (r: T) => boolean) => rows.filter(pick).length;
  for (const m of movies) {
    const own = reviews.filter((r) => r.movie_id === m.id);
    const rated = own.filter((r) => r.rating > 0);
    expect({ id: m.id, sum: m.rating_sum, rated: m.ratings_count, texts: m.reviews_count }).toEqual({
      id: m.id,
      sum: rated.reduce((s, r) => s + Math.round(r.rating * 10), 0),
      rated: rated.length,
      texts: count(own, (r) => r.content !== ""),
    });
  }
  for (const u of users) {
    expect({ id: u.id, reviews: u.review_count, liked: u.liked_reviews_count }).toEqual({
      id: u.id,
      reviews: count(reviews, (r) => r.user_id === u.id && !isHidden(r)),
      liked: count(reviewLikes, (l) => l.user_id === u.id),
    });
  }
  for (const r of reviews) {
    if (isHidden(r)) {
      expect({ id: r.id, spoiler: r.spoiler, likes: r.likes_count, replies: r.comments_count }).toEqual({
        id: r.id,
        spoiler: 0,
        likes: 0,
        replies: 0,
      });
    }
    expect({ id: r.id, likes: r.likes_count, replies: r.comments_count }).toEqual({
      id: r.id,
      likes: count(reviewLikes, (l) => l.target_id === r.id),
      replies: count(replies, (p) => p.review_id === r.id),
    });
  }
  for (const p of replies) {
    expect({ id: p.id, likes: p.likes_count }).toEqual({
      id: p.id,
      likes: count(replyLikes, (l) => l.target_id === p.id),
    });
  }
}

/** Rows inserted directly: the follow and block endpoints belong to another module. */
export async function insertRelation(
  ctx: TestContext,
  table: "follows" | "blocks",
  userId: number,
  targetId: number,
): Promise<void> {
  await ctx.db
    .insertInto(table)
    .values({ user_id: userId, target_id: targetId, created_at: "2025-01-01T00:00:00" })
    .execute();
}
