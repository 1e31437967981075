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
/** Per statement text (`--sql-profile`): how often it ran and for how long. */
const byStatement = new Map<string, { runs: number; micros: number }>();
let perStatement = false;

/** Wraps better-sqlite3's statement methods (on the prototype, so every statement, prepared before or after). */
export function timeSqlite(options: { perStatement?: boolean } = {}): void {
  perStatement = options.perStatement ?? false;
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
        if (perStatement) {
          const entry = byStatement.get(this.source);
          if (entry) {
            entry.runs++;
            entry.micros += micros;
          } else byStatement.set(this.source, { runs: 1, micros });
        }
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

/** The statements that took the most time, with their runs and total and mean µs (empty without `perStatement`). */
export function slowestStatements(count: number): string {
  return [...byStatement]
    .sort((a, b) => b[1].micros - a[1].micros)
    .slice(0, count)
    .map(([source, { runs, micros }]) => {
      const text = source.replace(/\s+/g, " ").slice(0, 400);
      return `${Math.round(micros / 1000)} ms\t${runs} runs\t${Math.round(micros / runs)} µs\t${text}`;
    })
    .join("\n");
}
