// Background WAL checkpoints for the embedded database. By default SQLite checkpoints inside the commit that grows
// the log past 1,000 pages: that commit copies the pages into the database file and syncs it, blocking the event loop
// for milliseconds to tens of milliseconds — the slowest 1% of writes under load. Here a worker thread with its own
// connection checkpoints every `intervalMs` instead; the server's connection keeps a far larger automatic threshold
// as a fallback, should the worker ever fall behind.
import type BetterSqlite3 from "better-sqlite3";
import { startModuleWorker } from "../lib/worker-thread.js";
import type { CheckpointerSettings } from "./wal-checkpoint-worker.js";

export const CHECKPOINT_INTERVAL_MS = 50;
/** The server connection's own automatic checkpoint, as a fallback: 40 MB of log at the default page size. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

export function startWalCheckpointer(
  sqlite: BetterSqlite3.Database,
  file: string,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): WalCheckpointer {
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const entry = import.meta.url.endsWith(".ts") ? "./wal-checkpoint-worker.ts" : "./wal-checkpoint-worker.js";
  const settings: CheckpointerSettings = { file, intervalMs };
  const worker = startModuleWorker(new URL(entry, import.meta.url), { workerData: settings });
  // Never what keeps the process alive; a worker that fails leaves the fallback checkpoint in charge.
  worker.unref();
  let failed = false;
  worker.on("error", () => {
    failed = true;
    sqlite.pragma("wal_autocheckpoint = 1000");
  });
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    async stop() {
      if (!failed) worker.postMessage("stop");
      await exited;
    },
  };
}
