// The real server of bench:api, in its own process: the production configuration (request logs at info level to
// stdout, which the benchmark discards) on the benchmark database, migrated to the latest schema, with the HOT chart
// computed once at start. Rate limits are off: the benchmark is one client firing thousands of requests. The
// recommender is not retrained here (run.ts trains once when the database has no model), so no training competes
// with the measured requests.
import { randomBytes } from "node:crypto";
import { buildApp } from "../../apps/server/src/app.js";
import { loadConfig } from "../../apps/server/src/config.js";
import { migrateToLatest } from "../../apps/server/src/db/migrate.js";
import { refreshHotRanking } from "../../apps/server/src/jobs/hot-ranking.js";
import { limitHeapGrowth } from "../../apps/server/src/lib/heap.js";
import { serveAsChild } from "../shared/child-server.js";
import { benchTarget, flag, openTarget } from "../shared/database.js";
import { readCacheStats } from "../../apps/server/src/cache/index.js";
import { slowestStatements, sqlTime, timeSqlite } from "./sql-time.js";
import { writeFileSync } from "node:fs";

async function main(): Promise<void> {
  // As main.ts boots the server.
  limitHeapGrowth();
  const config = loadConfig({
    NODE_ENV: "production",
    JWT_SECRET: process.env.BENCH_JWT_SECRET ?? randomBytes(32).toString("hex"),
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    SEED_DEMO: "false",
    RATE_LIMIT_IP_PER_MIN: "0",
    RATE_LIMIT_CREATES_PER_MIN: "0",
    RATE_LIMIT_RATINGS_PER_MIN: "0",
    RATE_LIMIT_TOGGLES_PER_MIN: "0",
    RATE_LIMIT_SIGNUP_PER_HOUR: "0",
    RATE_LIMIT_SIGNIN_PER_IP: "0",
    // One load generator on one address: bench:streams holds 1,000 connections from it.
    MAX_CONNECTIONS_PER_IP: "0",
    // bench:streams opens many notification streams per member.
    NOTIFICATION_STREAMS_PER_MEMBER: process.env.NOTIFICATION_STREAMS_PER_MEMBER,
    NOTIFICATION_STREAMS_MAX: process.env.NOTIFICATION_STREAMS_MAX,
    NOTIFICATION_STREAM_HEARTBEAT_S: process.env.NOTIFICATION_STREAM_HEARTBEAT_S,
    // --cache-off=all|region,…: what the read cache buys (run.ts compares with the last run that kept it on).
    CACHE_OFF: flag("cache-off"),
  } as NodeJS.ProcessEnv);
  const target = benchTarget();
  // --sql-profile=<file>: the statements that took the most time are written there when the server stops.
  const sqlProfile = flag("sql-profile");
  if (target.dialect === "sqlite") timeSqlite({ perStatement: Boolean(sqlProfile) });
  if (sqlProfile) process.on("exit", () => writeFileSync(sqlProfile, `${slowestStatements(60)}\n`));
  const database = openTarget(target, 10, true);
  await migrateToLatest(database.db);
  await refreshHotRanking(database.db, new Date());
  const app = await buildApp({ config, database });
  // run.ts asks for the read cache's counters around each endpoint: which regions it reads, and how often it hits.
  process.on("message", (message) => {
    if (message === "cache") process.send?.({ cache: readCacheStats(), sql: sqlTime(), memory: process.memoryUsage() });
  });
  // CPU time is what a request costs this process whatever else loads the machine: run.ts divides it by requests.
  await serveAsChild(app, database);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
