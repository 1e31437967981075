// One unit of work in one transaction: the only way server code opens one (an eslint rule).
//
// PostgreSQL may pick a transaction as the victim of a deadlock (40P01) or a serialization failure (40001) when row
// locks cross under load; the whole unit is re-run from the start then, which is always safe because nothing outside
// the database happened yet.
//
// SQLite has one writer, and a commit costs more than most units' statements: it appends every page the transaction
// changed to the write-ahead log (15–17 pages for a rating or a like). Units that arrive in the same turn of the event
// loop therefore share one transaction (group commit): each runs inside its own savepoint, so a unit that fails is
// rolled back alone, exactly as its own transaction would be, and the others commit together. Pages that several
// units change (a member's row, an index's page) are logged once. A unit's promise settles only after the commit:
// every caller learns that its write is saved, or that it is refused. A commit that fails refuses every unit of its
// transaction; an error that ends the whole transaction (the disk full, say) refuses every unit that ran in it.
import type BetterSqlite3 from "better-sqlite3";
import { type Kysely, sql, type Transaction } from "kysely";
import { rawSqlite } from "../db/connection.js";
import type { Database } from "../db/types.js";

const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 4;
/** Most units one SQLite transaction takes: a long queue is committed in parts, so readers wait at most that long. */
const MAX_UNITS = 32;

function isRetryable(error: unknown): boolean {
  const code = error && typeof error === "object" ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && RETRYABLE.has(code);
}

type Callback = (db: Kysely<Database>) => void;

/** Callbacks registered by work inside a transaction, run once it has committed (never for a rolled-back attempt). */
const committed = new WeakMap<object, Callback[]>();

/**
 * Runs `callback` after the transaction `trx` commits (at once when `trx` is no transaction of inTransaction): for
 * news about a write, such as a notification pushed to open streams, that must never announce a rolled-back write.
 */
export function afterCommit(trx: Kysely<Database>, callback: Callback): void {
  const callbacks = committed.get(trx);
  if (callbacks) callbacks.push(callback);
  else queueMicrotask(() => callback(trx));
}

export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const sqlite = rawSqlite(db);
  if (sqlite) return grouped(db, sqlite, work);
  for (let attempt = 1; ; attempt++) {
    const callbacks: Callback[] = [];
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

interface Unit {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** SQLite: the units waiting for a transaction, per database handle, and whether one is being run. */
interface Queue {
  /** The connection every unit of this database runs on. */
  sqlite: BetterSqlite3.Database;
  units: Unit[];
  running: boolean;
}
const queues = new WeakMap<object, Queue>();

function grouped<T>(
  db: Kysely<Database>,
  sqlite: BetterSqlite3.Database,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  let queue = queues.get(db);
  if (!queue) {
    queue = { sqlite, units: [], running: false };
    queues.set(db, queue);
  }
  const waiting = queue;
  return new Promise<T>((resolve, reject) => {
    waiting.units.push({ work, resolve: resolve as (value: unknown) => void, reject });
    if (!waiting.running) void drain(db, waiting);
  });
}

async function drain(db: Kysely<Database>, queue: Queue): Promise<void> {
  queue.running = true;
  try {
    while (queue.units.length > 0) await runGroup(db, queue);
  } finally {
    queue.running = false;
  }
}

/** One transaction: the queued units (and those that arrive before this turn of the event loop ends), one commit. */
async function runGroup(db: Kysely<Database>, queue: Queue): Promise<void> {
  const { sqlite } = queue;
  const done: Array<{ unit: Unit; value: unknown; callbacks: Callback[] }> = [];
  // The error that ended the whole transaction while a unit ran: every unit that ran in it is refused with it.
  let lost: { error: unknown } | undefined;
  let began = false;
  try {
    await db.transaction().execute(async (trx) => {
      began = true;
      let waited = false;
      for (let taken = 0; taken < MAX_UNITS; taken++) {
        let unit = queue.units.shift();
        if (!unit && !waited) {
          // Writes whose requests arrived in this turn of the event loop join this transaction.
          waited = true;
          await new Promise((resolve) => setImmediate(resolve));
          unit = queue.units.shift();
        }
        if (!unit) break;
        const callbacks: Callback[] = [];
        committed.set(trx, callbacks);
        try {
          await sql`savepoint unit`.execute(trx);
          const value = await unit.work(trx);
          await sql`release unit`.execute(trx);
          done.push({ unit, value, callbacks });
        } catch (error) {
          unit.reject(error);
          if (!sqlite.inTransaction) {
            lost = { error };
            throw error;
          }
          await sql`rollback to unit`.execute(trx);
          await sql`release unit`.execute(trx);
        }
      }
    });
  } catch (error) {
    // No transaction could begin (the file locked by another process past the busy timeout, say): the first unit
    // waiting is refused with that error, as its own transaction would have been, and the next ones try again.
    if (!began) queue.units.shift()?.reject(error);
    for (const { unit } of done) unit.reject(lost ? lost.error : error);
    return;
  }
  for (const { unit, value, callbacks } of done) {
    for (const callback of callbacks) callback(db);
    unit.resolve(value);
  }
}
