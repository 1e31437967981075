// `npm run db:backup [-- <file>]`: an online backup of the SQLite database (safe while the server runs) to a
// timestamped file under var/backups; for PostgreSQL it prints the pg_dump command to use instead.
import fs from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { loadConfig, REPO_ROOT } from "../config.js";

export async function backupSqlite(source: string, target: string, onProgress?: (done: number, total: number) => void) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const db = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target, {
      progress({ totalPages, remainingPages }) {
        onProgress?.(totalPages - remainingPages, totalPages);
        return 200;
      },
    });
  } finally {
    db.close();
  }
}

export function defaultBackupPath(now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, "-").slice(0, 19);
  return path.join(REPO_ROOT, "var", "backups", `moviepedia-${stamp}.db`);
}

async function main() {
  const config = loadConfig();
  if (config.database.kind === "postgres") {
    console.log("PostgreSQL: use pg_dump for an online, consistent backup, e.g.");
    console.log('  pg_dump --format=custom --file=moviepedia-$(date +%Y%m%dT%H%M%S).dump "$DATABASE_URL"');
    console.log('and restore with pg_restore --clean --if-exists --dbname "$DATABASE_URL" <file>.dump');
    return;
  }
  if (config.database.file === ":memory:") throw new Error("An in-memory database cannot be backed up.");
  const target = process.argv[2] ? path.resolve(process.argv[2]) : defaultBackupPath();
  await backupSqlite(config.database.file, target, (done, total) => {
    process.stdout.write(`\rBacking up… ${total ? Math.round((done / total) * 100) : 100}%`);
  });
  const size = fs.statSync(target).size;
  console.log(`\nBackup written to ${target} (${(size / 1024 / 1024).toFixed(1)} MiB).`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
