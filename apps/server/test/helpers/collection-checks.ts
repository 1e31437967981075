// Helpers for the collection tests: many movies at once, and the recount every stored counter must equal.
import { toTimestamp } from "../../src/lib/time.js";
import { counterMismatches as recountMismatches } from "../../src/db/counters.js";
import type { TestContext } from "./context.js";

let batch = 0;

/** `count` catalog movies through multi-row inserts (fast enough for the 1000-movie limit tests). */
export async function createManyMovies(ctx: TestContext, count: number): Promise<number[]> {
  batch++;
  const ids: number[] = [];
  const now = toTimestamp(ctx.clock.now());
  for (let start = 0; start < count; start += 200) {
    const rows = Array.from({ length: Math.min(200, count - start) }, (_, i) => ({
      key: `bulk-${batch}-${start + i}-${Math.random().toString(36).slice(2, 8)}`,
      title: `대량 영화 ${batch}-${start + i}`,
      original_title: "",
      english_title: null,
      year: 2000,
      running_time: null,
      grade: null,
      synopsis: "",
      poster_url: null,
      backdrop_url: null,
      created_at: now,
    }));
    const inserted = await ctx.db.insertInto("movies").values(rows).returning("id").execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

const COLLECTION_COUNTERS = new Set([
  "collections.movie_count",
  "collections.likes_count",
  "collections.comments_count",
  "collection_comments.likes_count",
  "users.collection_count",
  "users.liked_collections_count",
]);

/**
 * Rows whose collection counter differs from a recount (empty when every one is right). Only the collection
 * counters of the registry: these tests' fixture films carry made-up rating totals.
 */
export async function counterMismatches(ctx: TestContext) {
  return (await recountMismatches(ctx.db)).filter((m) => COLLECTION_COUNTERS.has(m.counter));
}

/** Inserts a block (blocker hides the blocked member's items) straight into the table. */
export async function insertBlock(ctx: TestContext, blockerId: number, blockedId: number): Promise<void> {
  await ctx.db
    .insertInto("blocks")
    .values({ user_id: blockerId, target_id: blockedId, created_at: toTimestamp(ctx.clock.now()) })
    .execute();
}
