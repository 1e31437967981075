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

export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}
