// The checkpoints of an embedded database's write-ahead log, in a thread of their own (db/wal-checkpointer.ts):
// copying committed pages into the database file and syncing it to disk never blocks the server's event loop.
import { parentPort, workerData } from "node:worker_threads";
import BetterSqlite3 from "better-sqlite3";

export interface CheckpointerSettings {
  file: string;
  intervalMs: number;
}

const { file, intervalMs } = workerData as CheckpointerSettings;
const sqlite = new BetterSqlite3(file);
sqlite.pragma("synchronous = NORMAL");

/** PASSIVE: copies what it can without waiting for readers or the writer; what is left goes at the next tick. */
function checkpoint(): void {
  try {
    sqlite.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // SQLITE_BUSY and the like: the next tick tries again, and the server's own fallback checkpoint still runs.
  }
}

const timer = setInterval(checkpoint, intervalMs);

parentPort!.on("message", (message: unknown) => {
  if (message !== "stop") return;
  clearInterval(timer);
  checkpoint();
  sqlite.close();
  parentPort!.postMessage("stopped");
  parentPort!.close();
});
parentPort!.postMessage("started");
