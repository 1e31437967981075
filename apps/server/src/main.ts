// Boot: read config → open db → migrate → seed if empty → listen; graceful shutdown on SIGTERM/SIGINT.
// READ_ONLY (a PostgreSQL hot standby): check the schema instead of migrating, no seed, index build or jobs.
import { Redis } from "ioredis";
import { buildApp } from "./app.js";
import { ConfigError, type DatabaseConfig, loadConfig } from "./config.js";
import { openDatabase } from "./db/connection.js";
import { isDatabaseUnavailable } from "./lib/db-errors.js";
import { migrateToLatest, pendingMigrations } from "./db/migrate.js";
import { seedIfEmpty } from "./db/seed/index.js";
import { ensureSearchIndex, searchIndexIsCurrent } from "./modules/search/index.js";
import { startJobs } from "./jobs/index.js";
import { systemClock } from "./lib/time.js";
import { RedisRateLimitStore } from "./lib/rate-limiter.js";
import { limitHeapGrowth } from "./lib/heap.js";

/** Requests still running this long after a shutdown signal are cut off. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * What to tell an operator when the database cannot be used at boot: a missing database, refused credentials, an
 * unreachable server or an SQLite file that cannot be opened get one line saying what to fix, not a stack trace.
 */
function bootDatabaseProblem(error: unknown, database: DatabaseConfig): string | null {
  const e = (error ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  const message = typeof e.message === "string" ? e.message : String(error);
  if (database.kind === "sqlite") {
    return code.startsWith("SQLITE_CANTOPEN") || code === "SQLITE_READONLY" || code === "SQLITE_NOTADB"
      ? `DATABASE_URL: cannot open the SQLite file ${database.file} (${code}: ${message})`
      : null;
  }
  let where = "the server in DATABASE_URL";
  let name = "";
  let user = "";
  try {
    const url = new URL(database.url);
    where = `${url.hostname || "localhost"}:${url.port || "5432"}`;
    name = decodeURIComponent(url.pathname.slice(1));
    user = decodeURIComponent(url.username);
  } catch {
    // keep the generic wording
  }
  if (code === "3D000") {
    return `DATABASE_URL: PostgreSQL at ${where} has no database "${name}"; create it first (createdb "${name}", or CREATE DATABASE "${name}")`;
  }
  if (code === "28P01" || code === "28000") {
    return `DATABASE_URL: PostgreSQL at ${where} refused user "${user}" (${message}); check the user name and password, and pg_hba.conf`;
  }
  if (code === "25006") {
    return `DATABASE_URL: PostgreSQL at ${where} refuses writes (a hot standby?); point DATABASE_URL at the primary, or set READ_ONLY=true for a replica instance`;
  }
  if (isDatabaseUnavailable(error)) {
    return `DATABASE_URL: cannot reach PostgreSQL at ${where} (${code || message}); is it running and accepting connections there?`;
  }
  return null;
}

async function main(): Promise<void> {
  limitHeapGrowth();
  const config = loadConfig();
  let logConnectionError = (error: Error) => console.error(`database connection error: ${error.message}`);
  let database: ReturnType<typeof openDatabase>;
  try {
    database = openDatabase(config.database, {
      backgroundCheckpoints: true,
      onConnectionError: (error) => logConnectionError(error),
    });
  } catch (error) {
    const problem = bootDatabaseProblem(error, config.database);
    throw problem ? new ConfigError([problem]) : error;
  }
  let seeded: Awaited<ReturnType<typeof seedIfEmpty>> = null;
  let searchIndex: Awaited<ReturnType<typeof ensureSearchIndex>> = null;
  try {
    if (config.readOnly) {
      await checkReplicaSchema(database);
    } else {
      await migrateToLatest(database.db);
      seeded = await seedIfEmpty(database.db, { seedDemo: config.seedDemo, clock: systemClock });
      // Builds the search index when the database has none yet (first start, or rows from before it existed).
      searchIndex = await ensureSearchIndex(database.db);
    }
  } catch (error) {
    const problem = bootDatabaseProblem(error, config.database) ?? bootDatabaseProblem(causeOf(error), config.database);
    if (!problem) throw error;
    await database.close().catch(() => {});
    throw new ConfigError([problem]);
  }
  // With REDIS_URL every instance counts rate limits in the same place; otherwise they live in this process.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const rateLimitStore = redis ? new RedisRateLimitStore(redis, `${config.redisKeyPrefix}rl:`) : undefined;
  const app = await buildApp({ config, database, rateLimitStore, redis });
  // A connection the database closed (restart, failover, pg_terminate_backend): logged; the pool replaces it.
  logConnectionError = (error) =>
    app.log.warn({ code: (error as { code?: unknown }).code, message: error.message }, "database connection lost");
  if (config.jwtSecretGenerated) {
    app.log.warn("JWT_SECRET is not set: using a random secret for this run (sessions end on restart).");
  }
  redis?.on("error", (error: Error) => app.log.error({ err: error }, "redis error"));
  if (seeded) app.log.info({ ...seeded.catalog, demo: seeded.demo, ms: seeded.ms }, "seeded an empty database");
  if (searchIndex) app.log.info(searchIndex, "built the search index");
  if (config.readOnly) app.log.info("read-only instance: writes under /api answer 503, no jobs run here");
  await startJobs(app, { db: database.db, config, clock: systemClock });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      // Serve what clients already sent until quiet (http/shutdown.ts), then stop accepting connections and wait
      // for requests in flight (app.ts: forceCloseConnections "idle").
      await app.drain();
      await app.close();
      await redis?.quit();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  await app.listen({ port: config.port, host: config.host });
}

/** The error a migration failure wraps (db/migrate.ts reports Kysely's error as the cause). */
function causeOf(error: unknown): unknown {
  return error && typeof error === "object" ? (error as { cause?: unknown }).cause : undefined;
}

/** A replica serves the primary's schema as is: it must be at this build's latest migration, or boot stops. */
async function checkReplicaSchema(database: ReturnType<typeof openDatabase>): Promise<void> {
  const pending = await pendingMigrations(database.db);
  const problems: string[] = [];
  if (pending.length > 0) {
    problems.push(`READ_ONLY: the database is not at this version's latest migration (missing: ${pending.join(", ")})`);
  } else if (!(await searchIndexIsCurrent(database.db))) {
    problems.push("READ_ONLY: the database's search index was not built by this version");
  }
  if (problems.length === 0) return;
  await database.close();
  throw new ConfigError([
    ...problems,
    "start or upgrade an instance without READ_ONLY on the primary first: it migrates and builds what is missing",
  ]);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
