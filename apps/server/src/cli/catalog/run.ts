// Shared CLI plumbing: configuration through loadConfig(), a migrated database, a progress bar, readable failures.
import fs from "node:fs";
import path from "node:path";
import cliProgress from "cli-progress";
import { type Config, ConfigError, loadConfig, REPO_ROOT } from "../../config.js";
import { type DbHandle, openDatabase } from "../../db/connection.js";
import { migrateToLatest } from "../../db/migrate.js";
import { ImportError } from "./parse.js";

export function progressBar(label: string): { update(done: number, total: number): void; stop(): void } {
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {value}/{total} ({percentage}%)`, hideCursor: true, stream: process.stderr },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total) {
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}

/**
 * The input file: as given (relative to the working directory), else relative to the repository root — npm runs
 * workspace scripts inside apps/server, while people type paths from the root.
 */
export function inputFile(file: string | undefined): string {
  if (!file) throw new ImportError("usage: a file is required");
  const candidates = [path.resolve(file), path.resolve(REPO_ROOT, file)];
  const found = candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
  if (!found) throw new ImportError(`usage: no such file '${file}'`);
  return found;
}

/** Runs a CLI body against the configured database; exits 1 with one readable line on bad input or config. */
export async function runCli(
  usage: string,
  body: (database: DbHandle, args: string[], config: Readonly<Config>) => Promise<void>,
) {
  const args = process.argv.slice(2).filter((a) => a !== "--");
  let database: DbHandle | undefined;
  try {
    const config = loadConfig();
    database = openDatabase(config.database);
    await migrateToLatest(database.db);
    await body(database, args, config);
    await database.close();
  } catch (error) {
    await database?.close().catch(() => undefined);
    if (error instanceof ImportError || error instanceof ConfigError) {
      console.error(`\n${error.message}`);
      if (error instanceof ImportError && error.message.startsWith("usage")) console.error(usage);
      console.error("Nothing was imported.");
    } else {
      console.error(error);
    }
    process.exit(1);
  }
}
