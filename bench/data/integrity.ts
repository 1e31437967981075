// The end-of-generation check: every denormalised counter equals a recount of its rows, by the server's counter
// registry (apps/server/src/db/counters.ts: one grouped recount joined to each counter's table).
import type { Kysely } from "kysely";
import { COUNTERS, counterLabel, counterMismatches as mismatchedRows } from "../../apps/server/src/db/counters.js";
import type { Database } from "../../apps/server/src/db/types.js";

/** "table.column: rows differ" for every counter whose stored values differ from the recount (empty when none). */
export async function counterMismatches(db: Kysely<Database>): Promise<{ checked: number; mismatches: string[] }> {
  const byCounter = new Map<string, number>();
  for (const row of await mismatchedRows(db, 1000)) byCounter.set(row.counter, (byCounter.get(row.counter) ?? 0) + 1);
  const mismatches = COUNTERS.map(counterLabel)
    .filter((label) => byCounter.has(label))
    .map((label) => `${label}: ${byCounter.get(label)} rows differ from the recount (first 1000 looked at)`);
  return { checked: COUNTERS.length, mismatches };
}
