// Opens the database named by the configuration: embedded SQLite (WAL) or PostgreSQL, behind one Kysely type.
import fs from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../config.js";
import { isDatabaseUnavailable } from "../lib/db-errors.js";
import { LRUCache } from "lru-cache";
import type { Database } from "./types.js";
import { endVersionEpoch } from "./version-epoch.js";
import { startWalCheckpointer } from "./wal-checkpointer.js";

export type Dialect = "sqlite" | "postgres";

export interface DbHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /** The raw better-sqlite3 connection (SQLite only): used for online backups. */
  sqlite?: BetterSqlite3.Database;
}

// COUNT(*) and BIGINT arrive as strings from pg; ids and counts are numbers on the wire (API.md §1.3).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

/**
 * SQLite transactions begin IMMEDIATE: they take the write lock up front, waiting for it (busy_timeout) while
 * another process holds it. A deferred BEGIN that reads first fails at once with SQLITE_BUSY ("database is locked")
 * when it later needs to write after another process committed in between, which busy_timeout cannot retry.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

/** Distinct statements kept compiled: every fixed query, plus the IN lists of the usual lengths. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * The connection as Kysely's SQLite driver sees it, with a cache of compiled statements: the driver prepares every
 * query it runs, and compiling SQL costs more than running a primary-key lookup. A better-sqlite3 statement can be
 * run again with new parameters (the driver never iterates one, so none is ever busy), and SQLite recompiles a
 * cached statement by itself after a schema change.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDialectConfig["database"] {
  const statements = new LRUCache<string, BetterSqlite3.Statement>({ max: STATEMENT_CACHE_SIZE });
  return {
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      // A write (a commit included) ends the epoch of data_version readings (db/version-epoch.ts).
      if (!statement.reader) endVersionEpoch();
      return statement;
    },
    close: () => sqlite.close(),
  };
}

/** The raw connection behind each SQLite handle opened here (not behind its transactions). */
const rawConnections = new WeakMap<object, BetterSqlite3.Database>();

/** The better-sqlite3 connection of a handle opened by `openDatabase`; undefined for PostgreSQL and transactions. */
export function rawSqlite(db: Kysely<Database>): BetterSqlite3.Database | undefined {
  return rawConnections.get(db);
}

export interface OpenOptions {
  schema?: string;
  /** PostgreSQL settings for each connection (`-c name=value`), e.g. the tests turn parallel query off. */
  settings?: Readonly<Record<string, string>>;
  poolSize?: number;
  /** SQLite file: checkpoint the write-ahead log in a worker thread (db/wal-checkpointer.ts), as the server does. */
  backgroundCheckpoints?: boolean;
  /**
   * PostgreSQL: told about every error of a pooled connection the database closed (a restart, a failover,
   * `idle_session_timeout`, `pg_terminate_backend`). The connection is dropped and replaced on next use either way.
   */
  onConnectionError?: (error: Error) => void;
}

/** PostgreSQL `application_name` of the server's connections, unless DATABASE_URL names one (operators find them). */
export const APPLICATION_NAME = "moviepedia";
/** A connection attempt that takes longer fails the request with 503 DATABASE_UNAVAILABLE instead of waiting on. */
const CONNECT_TIMEOUT_MS = 5000;

function connectionOptions(options: OpenOptions): string {
  const settings = { ...(options.schema ? { search_path: options.schema } : {}), ...options.settings };
  return Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");
}

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): DbHandle {
  if (config.kind === "sqlite") {
    const inFile = config.file !== ":memory:" && config.file !== "";
    if (inFile) fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new BetterSqlite3(config.file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = NORMAL");
    // 32 MiB of page cache instead of SQLite's 2 MiB: a write touches a dozen B-tree pages (its row, its indexes, the
    // counters it moves), which would otherwise be read back from the OS on most writes of a large database.
    sqlite.pragma("cache_size = -32768");
    const checkpointer = inFile && options.backgroundCheckpoints ? startWalCheckpointer(sqlite, config.file) : null;
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
    rawConnections.set(db, sqlite);
    const close = async () => {
      await checkpointer?.stop();
      await db.destroy();
    };
    return { db, dialect: "sqlite", sqlite, close };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(new URL(config.url).searchParams.has("application_name") ? {} : { application_name: APPLICATION_NAME }),
    ...(options.schema || options.settings ? { options: connectionOptions(options) } : {}),
  });
  // An 'error' event nobody listens to ends the process. The pool emits one when an idle connection dies; a client
  // emits its own when it dies while checked out between two queries (the query in flight, if any, fails instead).
  // Both are only reported: pg-pool drops a dead connection (on the event, or on release as no longer queryable) and
  // opens a new one for the next query, so the server recovers by itself once the database is back.
  const report = options.onConnectionError ?? (() => {});
  pool.on("error", report);
  pool.on("connect", (client) => client.on("error", report));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: "postgres", close: () => db.destroy() };
}

/** Whether a handle (the database, a transaction, or one typed for other tables) talks to PostgreSQL. */
export function isPostgres(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Asks the database for `select 1`. A pooled PostgreSQL connection the database has just closed (a restart, a
 * failover, `pg_terminate_backend`) can still be handed out before its socket reports the close; the pool drops it
 * when the query fails, so the ping tries once more on a fresh connection before it calls the database unavailable.
 */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    await sql`select 1`.execute(db);
  }
}
