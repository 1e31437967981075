// Helpers for the collection tests: many movies at once, and the recount every stored counter must equal.
import { sql } from "kysely";
import { toTimestamp } from "../../src/lib/time.js";
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

/** Rows whose stored counter differs from a recount (empty when every counter is right). */
export async function counterMismatches(ctx: TestContext): Promise<unknown[]> {
  const checks = [
    sql`select id, movie_count as stored, (select count(*) from collection_movies m where m.collection_id = c.id) as actual
        from collections c`,
    sql`select id, likes_count as stored, (select count(*) from collection_likes l where l.target_id = c.id) as actual
        from collections c`,
    sql`select id, comments_count as stored,
          (select count(*) from collection_comments k where k.collection_id = c.id) as actual
        from collections c`,
    sql`select id, likes_count as stored,
          (select count(*) from collection_comment_likes l where l.target_id = k.id) as actual
        from collection_comments k`,
    sql`select id, collection_count as stored, (select count(*) from collections c where c.user_id = u.id) as actual
        from users u`,
    sql`select id, liked_collections_count as stored,
          (select count(*) from collection_likes l where l.user_id = u.id) as actual
        from users u`,
  ];
  const mismatches: unknown[] = [];
  for (const query of checks) {
    const { rows } = await query.execute(ctx.db);
    for (const row of rows as Array<{ id: number; stored: number; actual: number }>) {
      if (Number(row.stored) !== Number(row.actual)) mismatches.push(row);
    }
  }
  return mismatches;
}

/** Inserts a block (blocker hides the blocked member's items) straight into the table. */
export async function insertBlock(ctx: TestContext, blockerId: number, blockedId: number): Promise<void> {
  await ctx.db
    .insertInto("blocks")
    .values({ user_id: blockerId, target_id: blockedId, created_at: toTimestamp(ctx.clock.now()) })
    .execute();
}
