// A token that differs whenever anything in the database may have changed since it was last read, from this server
// or any other: SQLite's data_version (commits by other connections, other processes included) with this
// connection's own change count; PostgreSQL's current snapshot (a transaction that writes anywhere moves it).
// Read before a result is computed, it keys a cache: a result computed while a write commits is kept under the old
// token, which no later read returns, so a cached answer never predates the last committed write.
import { type Kysely, sql } from "kysely";
import { isPostgres } from "./connection.js";
import type { Database } from "./types.js";

export async function databaseVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = isPostgres(db)
    ? await sql<{ v: string }>`select pg_current_snapshot()::text as v`.execute(db)
    : await sql<{ v: string }>`select total_changes() || ':' || data_version as v from pragma_data_version`.execute(db);
  return String(rows[0]?.v);
}
