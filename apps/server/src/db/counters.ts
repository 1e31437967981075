// The registry of stored counters: every denormalised count column of the data model and the rows it counts. Writes
// keep these columns up to date as they go (the services); this list says what each must equal. It is the one
// definition used by the demo seed's recount (`recountCounters`), the recounts of the catalog writers and of
// notification groups (`recounted`), account deletion (`releaseCounters`) and the integrity checks of the tests and
// of the bench data generator (`counterMismatches`). A new counter column gets a line here and nowhere else.
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "./types.js";

export interface CounterDefinition {
  /** The table holding the counter, and its column. */
  table: keyof Database & string;
  column: string;
  /** The rows counted: their table, the column naming the counter's row, an optional filter and what is summed. */
  from: keyof Database & string;
  key: string;
  where?: string;
  /** Default `count(*)`. */
  value?: string;
}

/**
 * A hidden (emptied) review (API.md §4.5) keeps its row but counts nowhere: the filters below leave it out, and it
 * holds no likes or replies.
 */
export const COUNTERS: readonly CounterDefinition[] = [
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
  {
    table: "users",
    column: "review_count",
    from: "reviews",
    key: "user_id",
    where: "rating > 0 or status <> '' or content <> ''",
  },
  { table: "users", column: "collection_count", from: "collections", key: "user_id" },
  { table: "users", column: "liked_people_count", from: "person_likes", key: "user_id" },
  { table: "users", column: "liked_collections_count", from: "collection_likes", key: "user_id" },
  { table: "users", column: "liked_reviews_count", from: "review_likes", key: "user_id" },
  { table: "notifications", column: "actor_count", from: "notification_actors", key: "notification_id" },
];

export const counterLabel = (c: CounterDefinition): string => `${c.table}.${c.column}`;

/** The registered counter `table.column` (a name the registry does not hold is a programming error). */
export function counter(label: string): CounterDefinition {
  const found = COUNTERS.find((c) => counterLabel(c) === label);
  if (!found) throw new Error(`${label} is not a registered counter`);
  return found;
}

/**
 * `c` recounted for the row being written, as a correlated subquery on the counter's table (`update people set
 * credits_count = ${recounted(counter("people.credits_count"))} where …`). Its text is fixed by the registry, so it
 * may go into a prepared statement.
 */
export function recounted(c: CounterDefinition): RawBuilder<number> {
  return sql.raw<number>(
    `coalesce((select ${c.value ?? "count(*)"} from ${c.from} x where x.${c.key} = ${c.table}.id` +
      `${c.where ? ` and (${c.where})` : ""}), 0)`,
  );
}

/** The recount of `c` for each counted row, grouped: (k, n). */
const recount = (c: CounterDefinition) =>
  sql.raw(
    `select ${c.key} as k, ${c.value ?? "count(*)"} as n from ${c.from}` +
      `${c.where ? ` where (${c.where})` : ""} group by ${c.key}`,
  );

/**
 * Sets every stored counter to a recount of its rows: one UPDATE per table, a correlated subquery per counter over
 * the indexed column naming the row (the demo seed after its bulk inserts).
 */
export async function recountCounters(
  db: Kysely<Database>,
  which: (c: CounterDefinition) => boolean = () => true,
): Promise<void> {
  const counters = COUNTERS.filter(which);
  const tables = [...new Set(counters.map((c) => c.table))];
  for (const table of tables) {
    const sets = counters.filter((c) => c.table === table).map((c) => sql`${sql.ref(c.column)} = ${recounted(c)}`);
    await sql`update ${sql.table(table)} set ${sql.join(sets)}`.execute(db);
  }
}

/**
 * Rows about to be deleted, per table: a condition on the row that `alias` names (`${alias}.user_id = 7`). A table
 * without one loses no rows.
 */
export type GoneRows = Partial<Record<keyof Database & string, (alias: string) => RawBuilder<unknown>>>;

/**
 * Before rows are deleted: every counter is moved down by what the rows among `gone` counted, on the rows that stay
 * (`which` picks the counters). The decrements are relative, so what concurrent writes add to the same rows still
 * counts; the counters of one table over one kind of row are set in one statement over the rows they point at.
 */
export async function releaseCounters(
  db: Kysely<Database>,
  gone: GoneRows,
  which: (c: CounterDefinition) => boolean = () => true,
): Promise<void> {
  const groups = new Map<string, CounterDefinition[]>();
  for (const c of COUNTERS) {
    if (!which(c) || !gone[c.from]) continue;
    const group = `${c.table} ${c.from} ${c.key}`;
    groups.set(group, [...(groups.get(group) ?? []), c]);
  }
  for (const counters of groups.values()) {
    const { table, from, key } = counters[0]!;
    const counted = gone[from]!("x");
    const sets = counters.map((c) => {
      const rows = sql.raw(`select ${c.value ?? "count(*)"} from ${from} x where x.${key} = ${table}.id`);
      const filter = c.where ? sql` and (${sql.raw(c.where)})` : sql``;
      return sql`${sql.ref(c.column)} = ${sql.ref(c.column)} - coalesce((${rows}${filter} and (${counted})), 0)`;
    });
    const stays = gone[table] ? sql`not (${gone[table](table)}) and ` : sql``;
    await sql`update ${sql.table(table)} set ${sql.join(sets)}
      where ${stays}id in (select x.${sql.raw(key)} from ${sql.table(from)} x where ${counted})`.execute(db);
  }
}

export interface CounterMismatch {
  counter: string;
  id: number;
  stored: number;
  actual: number;
}

/**
 * Rows whose stored counter differs from its recount, at most `limit` per counter (empty when all agree). Each
 * counter is one left join of its table to a grouped recount, so the check stays quick on millions of rows.
 */
export async function counterMismatches(db: Kysely<Database>, limit = 100): Promise<CounterMismatch[]> {
  const out: CounterMismatch[] = [];
  for (const c of COUNTERS) {
    const { rows } = await sql<{ id: number; stored: number; actual: number }>`
      select t.id as id, t.${sql.ref(c.column)} as stored, coalesce(a.n, 0) as actual
      from ${sql.table(c.table)} t left join (${recount(c)}) a on a.k = t.id
      where t.${sql.ref(c.column)} <> coalesce(a.n, 0)
      order by t.id limit ${limit}`.execute(db);
    for (const row of rows) {
      out.push({ counter: counterLabel(c), id: row.id, stored: Number(row.stored), actual: Number(row.actual) });
    }
  }
  return out;
}
