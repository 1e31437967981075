// SQL of the real charts: a stored chart replaced by films in rank order.
import type { Kysely } from "kysely";
import type { Database } from "../../../db/types.js";

type Db = Kysely<Database>;

/** Replaces the chart's entries with `movieIds`, rank 1 first (inside the caller's transaction). */
export async function replaceChartEntries(
  trx: Db,
  chart: string,
  movieIds: readonly number[],
  updatedAt: string,
): Promise<void> {
  await trx.deleteFrom("chart_entries").where("chart_type", "=", chart).execute();
  if (movieIds.length === 0) return;
  await trx
    .insertInto("chart_entries")
    .values(movieIds.map((movie_id, i) => ({ chart_type: chart, rank: i + 1, movie_id, updated_at: updatedAt })))
    .execute();
}
