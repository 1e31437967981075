// The end-of-generation check: every denormalised counter equals a recount of its rows — the 18 counters of
// the server tests' counterMismatches() (apps/server/test/helpers/integrity.ts) plus people.credits_count, each
// recounted with one GROUP BY joined to the counter's table, so the check stays quick on millions of rows.
import { type Kysely, sql } from "kysely";
import type { Database } from "../../apps/server/src/db/types.js";

interface Counter {
  table: string;
  column: string;
  /** Rows counted: table, the column naming the counter's row, an optional filter and what is summed. */
  from: string;
  key: string;
  where?: string;
  value?: string;
}

const COUNTERS: Counter[] = [
  {
    table: "movies",
    column: "rating_sum",
    from: "reviews",
    key: "movie_id",
    where: "rating > 0",
    value: "sum(cast(round(rating * 10) as integer))",
  },
  { table: "movies", column: "ratings_count", from: "reviews", key: "movie_id", where: "rating > 0" },
  { table: "movies", column: "reviews_count", from: "reviews", key: "movie_id", where: "content <> ''" },
  { table: "reviews", column: "likes_count", from: "review_likes", key: "target_id" },
  { table: "reviews", column: "comments_count", from: "replies", key: "review_id" },
  { table: "replies", column: "likes_count", from: "reply_likes", key: "target_id" },
  { table: "collections", column: "likes_count", from: "collection_likes", key: "target_id" },
  { table: "collections", column: "comments_count", from: "collection_comments", key: "collection_id" },
  { table: "collections", column: "movie_count", from: "collection_movies", key: "collection_id" },
  { table: "collection_comments", column: "likes_count", from: "collection_comment_likes", key: "target_id" },
  { table: "people", column: "likes_count", from: "person_likes", key: "target_id" },
  { table: "people", column: "credits_count", from: "credits", key: "person_id" },
  { table: "users", column: "follower_count", from: "follows", key: "target_id" },
  { table: "users", column: "following_count", from: "follows", key: "user_id" },
  { table: "users", column: "review_count", from: "reviews", key: "user_id" },
  { table: "users", column: "collection_count", from: "collections", key: "user_id" },
  { table: "users", column: "liked_people_count", from: "person_likes", key: "user_id" },
  { table: "users", column: "liked_collections_count", from: "collection_likes", key: "user_id" },
  { table: "users", column: "liked_reviews_count", from: "review_likes", key: "user_id" },
];

/** "table.column: n rows differ" for every counter whose stored values differ from the recount (empty when none). */
export async function counterMismatches(db: Kysely<Database>): Promise<{ checked: number; mismatches: string[] }> {
  const mismatches: string[] = [];
  for (const c of COUNTERS) {
    const recount = sql.raw(`select ${c.key} as k, ${c.value ?? "count(*)"} as n from ${c.from}
      ${c.where ? `where ${c.where}` : ""} group by ${c.key}`);
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(c.table)} t
      left join (${recount}) a on a.k = t.id
      where t.${sql.ref(c.column)} <> coalesce(a.n, 0)`.execute(db);
    const differ = Number(rows[0]?.n ?? 0);
    if (differ > 0) mismatches.push(`${c.table}.${c.column}: ${differ} rows differ from the recount`);
  }
  return { checked: COUNTERS.length, mismatches };
}
