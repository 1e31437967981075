// Whole-database integrity checks: every stored counter next to a recount, and rows pointing at rows that are gone.
// Used after account deletion, where any missed counter or orphan would otherwise go unnoticed.
import { sql } from "kysely";
import { counterMismatches as recountMismatches } from "../../src/db/counters.js";
import type { TestContext } from "./context.js";

/** A hidden (emptied) review (API.md §4.5) keeps its row but holds no likes, replies or spoiler flag. */
const HIDDEN_REVIEWS_HOLD_NOTHING = sql<{ id: number; actual: number }>`select id,
  (select count(*) from review_likes l where l.target_id = r.id)
  + (select count(*) from replies p where p.review_id = r.id) + r.spoiler as actual
  from reviews r where r.rating = 0 and r.status = '' and r.content = ''`;

/**
 * Every stored counter that differs from its recount (the registry in src/db/counters.ts), as
 * "table.column#id: stored≠actual", plus hidden reviews that still hold something. Empty when all agree.
 */
export async function counterMismatches(ctx: Pick<TestContext, "db">): Promise<string[]> {
  const out = (await recountMismatches(ctx.db)).map((m) => `${m.counter}#${m.id}: ${m.stored}≠${m.actual}`);
  for (const row of (await HIDDEN_REVIEWS_HOLD_NOTHING.execute(ctx.db)).rows) {
    if (Number(row.actual) !== 0) out.push(`hidden review #${row.id} holds ${row.actual} likes, replies or flags`);
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
