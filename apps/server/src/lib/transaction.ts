// One unit of work in one transaction. PostgreSQL may pick a transaction as the victim of a deadlock (40P01) or a
// serialization failure (40001) when row locks cross under load; the whole unit is re-run from the start then, which
// is always safe because nothing outside the database happened yet. SQLite serialises transactions and never retries.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/types.js";

const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 4;

function isRetryable(error: unknown): boolean {
  const code = error && typeof error === "object" ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && RETRYABLE.has(code);
}

/** Callbacks registered by work inside a transaction, run once it has committed (never for a rolled-back attempt). */
const committed = new WeakMap<object, Array<(db: Kysely<Database>) => void>>();

/**
 * Runs `callback` after the transaction `trx` commits (at once when `trx` is no transaction of inTransaction): for
 * news about a write, such as a notification pushed to open streams, that must never announce a rolled-back write.
 */
export function afterCommit(trx: Kysely<Database>, callback: (db: Kysely<Database>) => void): void {
  const callbacks = committed.get(trx);
  if (callbacks) callbacks.push(callback);
  else queueMicrotask(() => callback(trx));
}

export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const callbacks: Array<(db: Kysely<Database>) => void> = [];
    try {
      const result = await db.transaction().execute((trx) => {
        committed.set(trx, callbacks);
        return work(trx);
      });
      for (const callback of callbacks) callback(db);
      return result;
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}
