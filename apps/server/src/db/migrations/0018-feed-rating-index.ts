// The feed's rating groups (modules/feed: a followed member's star-only ratings, grouped by hour) read every such
// row of every followed member in the look-back window. Through the (user_id, updated_at) index each row was a
// lookup in the reviews table to test content and rating: with 200 followed members who rate at a 평가하기 pace
// that was ~2,000–6,000 lookups and 1.8–3.6 ms, the costliest statement of a feed. This partial index holds exactly
// those rows with the columns the statement reads, so it is read alone (~0.85 ms on the bench:api dataset).
// Frozen in time: never import application code here.
import { type Kysely, sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create index reviews_feed_ratings on reviews (user_id, updated_at, content, rating)
    where content = '' and rating > 0`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists reviews_feed_ratings`.execute(db);
}
