// Whole-database integrity checks: every stored counter next to a recount, and rows pointing at rows that are gone.
// Used after account deletion, where any missed counter or orphan would otherwise go unnoticed.
import { sql } from "kysely";
import type { TestContext } from "./context.js";

/**
 * [label, query returning (id, stored, actual)] for every counter column of the data model. A hidden (emptied)
 * review (API.md §4.5) keeps its row but counts nowhere: the recounts leave it out, and it holds no likes or replies
 * (its own likes_count and comments_count are recounted like any row's).
 */
const COUNTERS: Array<[string, ReturnType<typeof sql>]> = [
  [
    "movies.rating_sum",
    sql`select id, rating_sum as stored, (select coalesce(sum(cast(round(r.rating * 10) as integer)), 0)
      from reviews r where r.movie_id = m.id and r.rating > 0) as actual from movies m`,
  ],
  [
    "movies.ratings_count",
    sql`select id, ratings_count as stored,
      (select count(*) from reviews r where r.movie_id = m.id and r.rating > 0) as actual from movies m`,
  ],
  [
    "movies.reviews_count",
    sql`select id, reviews_count as stored,
      (select count(*) from reviews r where r.movie_id = m.id and r.content <> '') as actual from movies m`,
  ],
  [
    "reviews.likes_count",
    sql`select id, likes_count as stored,
      (select count(*) from review_likes l where l.target_id = r.id) as actual from reviews r`,
  ],
  [
    "reviews.comments_count",
    sql`select id, comments_count as stored,
      (select count(*) from replies p where p.review_id = r.id) as actual from reviews r`,
  ],
  [
    "hidden reviews hold no likes or replies",
    sql`select id, 0 as stored, (select count(*) from review_likes l where l.target_id = r.id)
      + (select count(*) from replies p where p.review_id = r.id) + r.spoiler as actual
      from reviews r where r.rating = 0 and r.status = '' and r.content = ''`,
  ],
  [
    "replies.likes_count",
    sql`select id, likes_count as stored,
      (select count(*) from reply_likes l where l.target_id = p.id) as actual from replies p`,
  ],
  [
    "collections.likes_count",
    sql`select id, likes_count as stored,
      (select count(*) from collection_likes l where l.target_id = c.id) as actual from collections c`,
  ],
  [
    "collections.comments_count",
    sql`select id, comments_count as stored,
      (select count(*) from collection_comments k where k.collection_id = c.id) as actual from collections c`,
  ],
  [
    "collections.movie_count",
    sql`select id, movie_count as stored,
      (select count(*) from collection_movies m where m.collection_id = c.id) as actual from collections c`,
  ],
  [
    "collection_comments.likes_count",
    sql`select id, likes_count as stored,
      (select count(*) from collection_comment_likes l where l.target_id = k.id) as actual from collection_comments k`,
  ],
  [
    "people.likes_count",
    sql`select id, likes_count as stored,
      (select count(*) from person_likes l where l.target_id = p.id) as actual from people p`,
  ],
  [
    "users.follower_count",
    sql`select id, follower_count as stored,
      (select count(*) from follows f where f.target_id = u.id) as actual from users u`,
  ],
  [
    "users.following_count",
    sql`select id, following_count as stored,
      (select count(*) from follows f where f.user_id = u.id) as actual from users u`,
  ],
  [
    "users.review_count",
    sql`select id, review_count as stored,
      (select count(*) from reviews r where r.user_id = u.id
        and (r.rating > 0 or r.status <> '' or r.content <> '')) as actual from users u`,
  ],
  [
    "users.collection_count",
    sql`select id, collection_count as stored,
      (select count(*) from collections c where c.user_id = u.id) as actual from users u`,
  ],
  [
    "users.liked_people_count",
    sql`select id, liked_people_count as stored,
      (select count(*) from person_likes l where l.user_id = u.id) as actual from users u`,
  ],
  [
    "users.liked_collections_count",
    sql`select id, liked_collections_count as stored,
      (select count(*) from collection_likes l where l.user_id = u.id) as actual from users u`,
  ],
  [
    "users.liked_reviews_count",
    sql`select id, liked_reviews_count as stored,
      (select count(*) from review_likes l where l.user_id = u.id) as actual from users u`,
  ],
];

/** Every stored counter that differs from its recount, as "table.column#id: stored≠actual" (empty when all agree). */
export async function counterMismatches(ctx: Pick<TestContext, "db">): Promise<string[]> {
  const out: string[] = [];
  for (const [label, query] of COUNTERS) {
    const { rows } = await query.execute(ctx.db);
    for (const row of rows as Array<{ id: number; stored: number; actual: number }>) {
      if (Number(row.stored) !== Number(row.actual)) out.push(`${label}#${row.id}: ${row.stored}≠${row.actual}`);
    }
  }
  return out;
}

/** Which table a reference column points at; like tables and relations name their own targets. */
const REFERENCES: Record<string, string> = {
  user_id: "users",
  review_id: "reviews",
  collection_id: "collections",
  movie_id: "movies",
  person_id: "people",
  session_id: "sessions",
};
const TARGETS: Record<string, string> = {
  review_likes: "reviews",
  reply_likes: "replies",
  collection_likes: "collections",
  collection_comment_likes: "collection_comments",
  person_likes: "people",
  follows: "users",
  blocks: "users",
};

async function currentTables(ctx: TestContext) {
  const tables = await ctx.db.introspection.getTables();
  if (ctx.database.dialect === "sqlite") return tables;
  // Other test files' schemas live in the same PostgreSQL database: keep ours only.
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(ctx.db);
  return tables.filter((t) => t.schema === rows[0]?.s);
}

/**
 * Rows of ANY table (later migrations included) whose reference column names a row that no longer exists, plus
 * rows still naming `userId` in any column that refers to a member. Empty when the database is clean.
 */
export async function orphanRows(ctx: TestContext, userId?: number): Promise<string[]> {
  const out: string[] = [];
  for (const table of await currentTables(ctx)) {
    if (table.name.startsWith("kysely_")) continue;
    for (const column of table.columns) {
      const parent = column.name === "target_id" ? TARGETS[table.name] : REFERENCES[column.name];
      if (!parent) continue;
      const t = sql.table(table.name);
      const c = sql.ref(column.name);
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${t}
        where ${c} is not null and ${c} not in (select id from ${sql.table(parent)})`.execute(ctx.db);
      if (Number(rows[0]?.n) > 0) out.push(`${table.name}.${column.name} → missing ${parent}: ${rows[0]?.n}`);
      if (userId !== undefined && parent === "users") {
        const { rows: left } = await sql<{ n: number }>`select count(*) as n from ${t} where ${c} = ${userId}`.execute(
          ctx.db,
        );
        if (Number(left[0]?.n) > 0)
          out.push(`${table.name}.${column.name} still names member ${userId}: ${left[0]?.n}`);
      }
    }
  }
  return out;
}
