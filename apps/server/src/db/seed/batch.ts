// Bulk-insert helpers for seeding and imports: multi-row INSERTs sized under both databases' parameter limits, and
// identity sequences moved past explicitly assigned ids (PostgreSQL; SQLite's rowid needs nothing).
import { type Insertable, type Kysely, sql } from "kysely";
import { isPostgres } from "../connection.js";
import type { Database } from "../types.js";

/** SQLite allows 32766 bound parameters per statement, PostgreSQL 65535; stay well under both. */
const MAX_PARAMS = 30000;
const MAX_ROWS = 2000;

export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).length;
  const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns)));
  for (let start = 0; start < rows.length; start += size) {
    // Kysely's per-table generics cannot follow a table name chosen at run time.
    await db
      .insertInto(table)
      .values(rows.slice(start, start + size) as never)
      .execute();
  }
}

/** The next free id of a table (explicit ids keep seeded data deterministic and its links computable). */
export async function nextId(db: Kysely<Database>, table: keyof Database & string): Promise<number> {
  const { rows } = await sql<{ m: number | null }>`select max(id) as m from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.m ?? 0) + 1;
}

/** After explicit ids, PostgreSQL's identity sequence must continue after the largest one. */
export async function syncIdSequences(db: Kysely<Database>, tables: ReadonlyArray<keyof Database & string>) {
  if (!isPostgres(db)) return;
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(
      table,
    )}), 0) + 1, false)`.execute(db);
  }
}
