// A real app on a real database per test file: in-memory SQLite, or a fresh PostgreSQL schema when
// TEST_DATABASE_URL is set (the test script runs the whole suite once per database).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { buildApp, createServices, type Services } from "../../src/app.js";
import { type Config, loadConfig } from "../../src/config.js";
import { type DbHandle, openDatabase } from "../../src/db/connection.js";
import { migrateToLatest } from "../../src/db/migrate.js";
import type { LogOverrides } from "../../src/http/logging.js";
import type { RateLimitStore } from "../../src/lib/rate-limiter.js";
import { TestClock } from "./clock.js";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const dialectUnderTest = TEST_DATABASE_URL ? "postgres" : "sqlite";
/** The scrypt cost of test servers (SCRYPT_LOG_N): the cost of hashes before production's 2^17, and 8× cheaper. */
export const TEST_SCRYPT_LOG_N = "14";

export interface TestContext {
  app: FastifyInstance;
  database: DbHandle;
  db: DbHandle["db"];
  config: Config;
  clock: TestClock;
  services: Services;
  close(): Promise<void>;
}

export interface ContextOptions {
  env?: Record<string, string>;
  /** Another rate-limit store (e.g. Redis shared by two contexts); default: in memory on the test clock. */
  rateLimitStore?: RateLimitStore;
  /** Capture the app's logs (default: none). */
  logger?: LogOverrides;
  /** Extra routes registered before the app is ready (tests of hooks that need a route of their own). */
  routes?: (app: FastifyInstance) => void;
  /** An SQLite database file instead of the suite's database (tests of what other connections to it see). */
  sqliteFile?: string;
  /**
   * Runs on the fresh database before it is migrated to this version (e.g. builds it as an earlier version left
   * it); `schema` is the PostgreSQL schema of this file, undefined on SQLite.
   */
  before?: (db: DbHandle["db"], schema: string | undefined) => Promise<void>;
}

/**
 * Parallel query off on test connections: with many schemas coming and going, a parallel worker of the migrator's
 * catalog introspection once failed to find its leader's fresh schema ("schema … does not exist", in CI); the
 * tests' tables are tiny, so nothing is lost.
 */
export const TEST_PG_SETTINGS = { max_parallel_workers_per_gather: "0" } as const;

async function openTestDatabase(
  sqliteFile?: string,
): Promise<{ database: DbHandle; schema?: string; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL || sqliteFile) {
    return { database: openDatabase({ kind: "sqlite", file: sqliteFile ?? ":memory:" }), drop: async () => {} };
  }
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase(
    { kind: "postgres", url: TEST_DATABASE_URL },
    { schema, poolSize: 5, settings: TEST_PG_SETTINGS },
  );
  return {
    database,
    schema,
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

export async function createTestContext(options: ContextOptions = {}): Promise<TestContext> {
  // Uploaded avatars and cached images go to a directory of this context's own unless the test names one.
  const ownMediaDir = options.env?.MEDIA_DIR ? null : fs.mkdtempSync(path.join(os.tmpdir(), "moviepedia-media-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: "sqlite::memory:",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    WEB_DIST: "apps/web/dist",
    // scrypt at 2^14 instead of production's 2^17: every signin of the suite would otherwise cost ~8× more.
    SCRYPT_LOG_N: TEST_SCRYPT_LOG_N,
    ...(ownMediaDir ? { MEDIA_DIR: ownMediaDir } : {}),
    ...options.env,
  } as NodeJS.ProcessEnv);
  const { database, schema, drop } = await openTestDatabase(options.sqliteFile);
  await options.before?.(database.db, schema);
  await migrateToLatest(database.db, { schema });
  const clock = new TestClock();
  const deps = {
    config,
    database,
    clock,
    logger: options.logger ?? false,
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
  };
  // The app and the tests share one service container (same clock, database and rate-limit store).
  const services = createServices(deps);
  const app = await buildApp({ ...deps, services });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    clock,
    services,
    async close() {
      await app.close();
      await database.close();
      await drop();
      if (ownMediaDir) fs.rmSync(ownMediaDir, { recursive: true, force: true });
    },
  };
}

export async function countRows(ctx: TestContext, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.db);
  return Number(rows[0]?.n ?? 0);
}
