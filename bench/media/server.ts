// The real server with the image cache on, in its own process, its upstream the fake image host of run.ts
// (argv[2]) and its MEDIA_DIR a throw-away directory (argv[3]).
import { randomBytes } from "node:crypto";
import { buildApp } from "../../apps/server/src/app.js";
import { loadConfig } from "../../apps/server/src/config.js";
import { openDatabase } from "../../apps/server/src/db/connection.js";
import { migrateToLatest } from "../../apps/server/src/db/migrate.js";
import { serveAsChild } from "../shared/child-server.js";

async function main(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: "production",
    JWT_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    IMAGE_CACHE: "on",
    TMDB_IMAGE_BASE_URL: process.argv[2],
    MEDIA_DIR: process.argv[3],
  } as NodeJS.ProcessEnv);
  const database = openDatabase({ kind: "sqlite", file: ":memory:" });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false });
  await serveAsChild(app, database);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
