// A token that differs whenever anything in the database may have changed since it was last read, from this server
// or any other: SQLite's data_version (commits by other connections, other processes included) with this
// connection's own change count; PostgreSQL's current snapshot (a transaction that writes anywhere moves it).
// Read before a result is computed, it keys a cache: a result computed while a write commits is kept under the old
// token, which no later read returns, so a cached answer never predates the last committed write. Both parts only
// grow, so a token never comes back.
import type BetterSqlite3 from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import { isPostgres, rawSqlite } from "./connection.js";
import type { Database } from "./types.js";
import { endVersionEpoch, versionEpoch } from "./version-epoch.js";

/**
 * The version statements of each SQLite connection opened by `openDatabase`, run on the raw connection: synchronous
 * calls instead of a query through Kysely's driver. Running them while a Kysely transaction holds the connection is
 * safe: the change count may then include that transaction's statements, a token no read after the commit (or
 * rollback) shares with a read before it.
 */
interface SqliteVersion {
  /** This connection's own changes: tens of nanoseconds, read every time. */
  changes: BetterSqlite3.Statement<[], number>;
  /** Commits by other connections: microseconds (it looks at the shared WAL index), so read once per epoch
   * (db/version-epoch.ts). */
  others: BetterSqlite3.Statement<[], number>;
  seen: number;
  seenIn: number;
}
const sqliteVersions = new WeakMap<object, SqliteVersion | null>();

/** Called first thing for every request: readings of other connections' commits from before it are not reused. */
export const requestArrived = endVersionEpoch;

/** The token at no cost, where there is one: the embedded database opened by `openDatabase`; else null. */
export function freeDatabaseVersion(db: Kysely<Database>): string | null {
  let version = sqliteVersions.get(db);
  if (version === undefined) {
    const sqlite = rawSqlite(db);
    version = sqlite
      ? {
          changes: sqlite.prepare<[], number>("select total_changes()").pluck(),
          others: sqlite.prepare<[], number>("pragma data_version").pluck(),
          seen: 0,
          seenIn: -1,
        }
      : null;
    sqliteVersions.set(db, version);
  }
  if (version === null) return null;
  const epoch = versionEpoch();
  if (version.seenIn !== epoch) {
    version.seen = version.others.get()!;
    version.seenIn = epoch;
  }
  return `${version.changes.get()}:${version.seen}`;
}

/**
 * The tables whose versions SQLite keeps (migration 0017-table-versions: a trigger sets a table's row of
 * `table_versions` to a fresh random value after each change; on `users`, changes of what a public profile shows, and
 * `user_names`: of an author's name and picture).
 * The read cache's `tables` rule keys an answer by the versions of the tables it reads.
 */
export const VERSIONED_TABLES = [
  "movies",
  "people",
  "credits",
  "genres",
  "countries",
  "movie_genres",
  "movie_countries",
  "movie_watch_providers",
  "chart_entries",
  "app_state",
  "collections",
  "collection_movies",
  "users",
  "user_names",
  "follows",
  "blocks",
  "search_documents",
  // Migration 0021: films added or removed, or their ratings_count or reviews_count changed (what search ranks by).
  "movie_ranks",
] as const;
export type VersionedTable = (typeof VERSIONED_TABLES)[number];

interface TableVersions {
  read: BetterSqlite3.Statement<[], { name: string; version: string }>;
  /** The database version they were read at, and what was read. */
  at: string | null;
  versions: ReadonlyMap<string, string>;
}
const tableVersions = new WeakMap<object, TableVersions>();

/**
 * Each versioned table's version, where reading them is free (SQLite): read again only when the database version
 * moved since the last reading, one statement for all of them; else null (PostgreSQL keeps none).
 */
export function freeTableVersions(db: Kysely<Database>): ReadonlyMap<string, string> | null {
  const at = freeDatabaseVersion(db);
  if (at === null) return null;
  let state = tableVersions.get(db);
  if (state === undefined) {
    const read = rawSqlite(db)!.prepare<[], { name: string; version: string }>(
      // As text: the versions are 64-bit random integers, more than a JavaScript number holds exactly.
      "select name, cast(version as text) as version from table_versions",
    );
    state = { read, at: null, versions: new Map() };
    tableVersions.set(db, state);
  }
  if (state.at !== at) {
    state.versions = new Map(state.read.all().map((row) => [row.name, row.version]));
    state.at = at;
  }
  return state.versions;
}

export async function databaseVersion(db: Kysely<Database>): Promise<string> {
  const free = freeDatabaseVersion(db);
  if (free !== null) return free;
  const { rows } = isPostgres(db)
    ? await sql<{ v: string }>`select pg_current_snapshot()::text as v`.execute(db)
    : await sql<{ v: string }>`select total_changes() || ':' || data_version as v from pragma_data_version`.execute(db);
  return String(rows[0]?.v);
}
