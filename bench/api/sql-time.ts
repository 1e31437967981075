// The benchmark server's account of its SQL (SQLite only): every statement the main thread runs through
// better-sqlite3 is timed, so bench:api can say how much of an endpoint's CPU is the database's and how much the
// commits' (the write-ahead log) — "where the time goes". A timer around each call costs ~0.1 µs.
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

export interface SqlTime {
  statements: number;
  micros: number;
  commits: number;
  commitMicros: number;
}

const totals: SqlTime = { statements: 0, micros: 0, commits: 0, commitMicros: 0 };

/** Wraps better-sqlite3's statement methods (on the prototype, so every statement, prepared before or after). */
export function timeSqlite(): void {
  const require = createRequire(import.meta.url);
  const Database = require("better-sqlite3") as typeof BetterSqlite3;
  const probe = new Database(":memory:");
  const prototype = Object.getPrototypeOf(probe.prepare("select 1")) as Record<string, unknown>;
  probe.close();
  for (const method of ["all", "get", "run", "iterate"]) {
    const original = prototype[method] as (...args: unknown[]) => unknown;
    prototype[method] = function (this: BetterSqlite3.Statement, ...args: unknown[]) {
      const start = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const micros = Number(process.hrtime.bigint() - start) / 1000;
        totals.statements++;
        totals.micros += micros;
        if (this.source === "commit") {
          totals.commits++;
          totals.commitMicros += micros;
        }
      }
    };
  }
}

export function sqlTime(): SqlTime {
  return { ...totals };
}
