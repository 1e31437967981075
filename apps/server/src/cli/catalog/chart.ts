// `npm run catalog:import-chart -- <type> <file>`: replaces one stored chart with a ranking of movie keys (rank 1
// first) from a JSON array or a CSV/text file with one key per line. Checked completely before the chart changes.
import { inTransaction } from "../../lib/transaction.js";
import path from "node:path";
import { CHART_SIZES } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import { STORED_CHARTS, type StoredChart } from "../../db/seed/records.js";
import type { Database } from "../../db/types.js";
import { toTimestamp } from "../../lib/time.js";
import { ImportError, jsonElementLines, parseCsvRows } from "./parse.js";

function isStoredChart(type: string): type is StoredChart {
  return (STORED_CHARTS as readonly string[]).includes(type);
}

function readKeys(file: string, text: string): Array<{ key: string; line: number }> {
  if (/\.json$/i.test(file)) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new ImportError(`${file}: not valid JSON (${(error as Error).message})`);
    }
    if (!Array.isArray(data)) throw new ImportError(`${file}: expected a JSON array of movie keys`);
    const lines = jsonElementLines(text).get("$") ?? [];
    return data.map((key, i) => {
      if (typeof key !== "string") throw new ImportError(`${file} line ${lines[i] ?? 1}: entry ${i + 1} is not a key`);
      return { key, line: lines[i] ?? 1 };
    });
  }
  if (/\.(csv|txt)$/i.test(file)) {
    const rows = parseCsvRows(text).map(({ cells, line }) => ({ key: (cells[0] ?? "").trim(), line }));
    return rows[0]?.key === "key" ? rows.slice(1) : rows;
  }
  throw new ImportError(`${file}: the file must end in .json, .csv or .txt`);
}

export async function importChart(
  db: Kysely<Database>,
  type: string,
  fileName: string,
  text: string,
  now: Date = new Date(),
): Promise<{ chart: StoredChart; entries: number }> {
  if (!isStoredChart(type)) {
    throw new ImportError(
      `chart type '${type}' is not importable: use ${STORED_CHARTS.join(", ")} (watcha10 is computed)`,
    );
  }
  const file = path.basename(fileName);
  const entries = readKeys(file, text);
  if (entries.length > CHART_SIZES[type]) {
    throw new ImportError(
      `${file}: ${type} holds at most ${CHART_SIZES[type]} movies, the file lists ${entries.length}`,
    );
  }
  const seen = new Map<string, number>();
  for (const { key, line } of entries) {
    if (seen.has(key)) throw new ImportError(`${file} line ${line}: '${key}' repeats line ${seen.get(key)}`);
    seen.set(key, line);
  }
  return inTransaction(db, async (trx) => {
    const keys = entries.map((e) => e.key);
    const rows = keys.length
      ? await trx.selectFrom("movies").select(["id", "key"]).where("key", "in", keys).execute()
      : [];
    const ids = new Map(rows.map((r) => [r.key, r.id]));
    const unknown = entries.find((e) => !ids.has(e.key));
    if (unknown) throw new ImportError(`${file} line ${unknown.line}: unknown movie key '${unknown.key}'`);
    await trx.deleteFrom("chart_entries").where("chart_type", "=", type).execute();
    if (entries.length) {
      const updated_at = toTimestamp(now);
      await trx
        .insertInto("chart_entries")
        .values(entries.map((e, i) => ({ chart_type: type, rank: i + 1, movie_id: ids.get(e.key)!, updated_at })))
        .execute();
    }
    return { chart: type, entries: entries.length };
  });
}
