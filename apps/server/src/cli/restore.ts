// `npm run db:restore -- <backup file>`: replaces the SQLite database with a backup. Stop the server first: the
// restore refuses to run while another process holds the database (checked with an exclusive lock).
import fs from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { loadConfig } from "../config.js";

export function restoreSqlite(backup: string, target: string): void {
  const check = new BetterSqlite3(backup, { readonly: true, fileMustExist: true });
  try {
    const result = check.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`The backup failed its integrity check: ${String(result)}`);
  } finally {
    check.close();
  }
  if (fs.existsSync(target)) {
    const live = new BetterSqlite3(target, { timeout: 0 });
    try {
      // Fails with SQLITE_BUSY when a running server has the database open for writing.
      live.exec("BEGIN EXCLUSIVE; COMMIT;");
      live.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      live.close();
    }
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temp = `${target}.restoring`;
  fs.copyFileSync(backup, temp);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.renameSync(temp, target);
}

function main() {
  const config = loadConfig();
  const file = process.argv[2];
  if (config.database.kind === "postgres") {
    console.log('PostgreSQL: pg_restore --clean --if-exists --dbname "$DATABASE_URL" <file>.dump');
    return;
  }
  if (!file) throw new Error("Usage: npm run db:restore -- <backup file>");
  if (config.database.file === ":memory:") throw new Error("Cannot restore into an in-memory database.");
  restoreSqlite(path.resolve(file), config.database.file);
  console.log(`Restored ${config.database.file} from ${path.resolve(file)}.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
