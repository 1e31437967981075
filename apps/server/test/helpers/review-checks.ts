// Counter checks for reviews, replies and their likes: the stored movie counters, and every stored counter next to a
// recount of the rows (helpers/integrity.ts, by the counter registry).
import { expect } from "vitest";
import type { TestContext } from "./context.js";
import { counterMismatches } from "./integrity.js";

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

/**
 * Every stored counter in the database equals a recount of the rows it counts (the counter registry), and hidden
 * (emptied) rows (API.md §4.5), kept and counted nowhere, hold nothing: no likes, no replies, no spoiler flag.
 */
export async function expectCountersMatchRecount(ctx: TestContext): Promise<void> {
  expect(await counterMismatches(ctx)).toEqual([]);
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
