// Boot: read config → open db → migrate → seed if empty → listen; graceful shutdown on SIGTERM/SIGINT.
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/connection.js";
import { migrateToLatest } from "./db/migrate.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  if (config.jwtSecretGenerated) {
    app.log.warn("JWT_SECRET is not set: using a random secret for this run (sessions end on restart).");
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
