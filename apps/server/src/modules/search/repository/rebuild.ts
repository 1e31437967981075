// What a full rebuild reads (the searchable tables, a page at a time in id order) and the stored index version.
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/types.js";
import type { RecordTable } from "./records.js";

type Db = Kysely<Database>;

const INDEX_STATE_KEY = "search_index_version";

export async function countRows(db: Db, table: RecordTable): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Up to `limit` rows of `table` with an id above `after`, in id order: their id and `columns`. */
export async function rowsAfter(
  db: Db,
  table: RecordTable,
  columns: readonly string[],
  after: number,
  limit: number,
): Promise<(Record<string, unknown> & { id: number })[]> {
  const { rows } = await sql<Record<string, unknown> & { id: number }>`select id, ${sql.join(
    columns.map((c) => sql.ref(c)),
  )} from ${sql.table(table)} where id > ${after} order by id limit ${limit}`.execute(db);
  return rows;
}

/** The version the stored index was built for, if any. */
export async function readIndexVersion(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom("app_state").select("value").where("key", "=", INDEX_STATE_KEY).executeTakeFirst();
  return row?.value;
}

export async function writeIndexVersion(db: Db, version: string): Promise<void> {
  await db
    .insertInto("app_state")
    .values({ key: INDEX_STATE_KEY, value: version })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: version }))
    .execute();
}

/** PostgreSQL: holds the index builders' lock until the transaction ends (other instances wait for it). */
export async function lockIndexBuild(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('moviepedia:search-index'))`.execute(trx);
}
