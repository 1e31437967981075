// The HOT ranking (chart `watcha10`, API.md §4.3): films scored by the last 7 days of member activity — ratings,
// want-to-see/watching marks and written reviews (by their last change) and review likes — each weighted by
// exp(−age / 48 h), refreshed on start and every HOT_RANKING_REFRESH_S by a leased job (jobs/leased-job.ts).
import { inTransaction } from "../lib/transaction.js";
import { CHART_SIZES } from "@moviepedia/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/types.js";
import { type Clock, fromTimestamp, toTimestamp } from "../lib/time.js";
import { type JobLogger, type RunningJob, startLeasedJob } from "./leased-job.js";

export const HOT_CHART = "watcha10";
export const HOT_WINDOW_HOURS = 7 * 24;
export const HOT_DECAY_HOURS = 48;
const HOUR_MS = 3_600_000;
const WEIGHTS = { rated: 1, marked: 0.75, written: 1.5, like: 0.5 } as const;

interface Bucket {
  movie_id: number;
  /** `YYYY-MM-DDTHH`: activity is summed per hour, so the query returns at most films × 168 rows. */
  hour: string;
  weight: number;
}

async function activityBuckets(db: Kysely<Database>, since: string): Promise<Bucket[]> {
  const hour = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 13)`;
  const reviews = await db
    .selectFrom("reviews")
    .select([
      "movie_id",
      hour("updated_at").as("hour"),
      sql<number>`sum(case when rating > 0 then ${sql.lit(WEIGHTS.rated)} else 0 end)
        + sum(case when status <> '' then ${sql.lit(WEIGHTS.marked)} else 0 end)
        + sum(case when content <> '' then ${sql.lit(WEIGHTS.written)} else 0 end)`.as("weight"),
    ])
    .where("updated_at", ">=", since)
    // Hour first: grouped by film first, SQLite walked the whole (movie, author) index to avoid a sort — every row of
    // reviews, ~5 s on the event loop at 2M rows, every HOT_RANKING_REFRESH_S — instead of the week's rows by
    // reviews_updated (query-plans.test).
    .groupBy([hour("updated_at"), "movie_id"])
    .execute();
  const likes = await db
    .selectFrom("review_likes")
    .innerJoin("reviews", "reviews.id", "review_likes.target_id")
    .select([
      "reviews.movie_id",
      hour("review_likes.created_at").as("hour"),
      sql<number>`count(*) * ${sql.lit(WEIGHTS.like)}`.as("weight"),
    ])
    .where("review_likes.created_at", ">=", since)
    .groupBy([hour("review_likes.created_at"), "reviews.movie_id"])
    .execute();
  return [...reviews, ...likes];
}

/** The HOT ranking at `now`: movie ids, rank 1 first, at most 10; films without recent activity are not ranked. */
export async function computeHotRanking(db: Kysely<Database>, now: Date): Promise<number[]> {
  const since = toTimestamp(new Date(now.getTime() - HOT_WINDOW_HOURS * HOUR_MS));
  const scores = new Map<number, number>();
  for (const bucket of await activityBuckets(db, since)) {
    const middle = fromTimestamp(`${bucket.hour}:30:00`).getTime();
    const ageHours = Math.max(0, now.getTime() - middle) / HOUR_MS;
    const score = Number(bucket.weight) * Math.exp(-ageHours / HOT_DECAY_HOURS);
    scores.set(bucket.movie_id, (scores.get(bucket.movie_id) ?? 0) + score);
  }
  return [...scores]
    .filter(([, score]) => score > 0)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, CHART_SIZES.watcha10)
    .map(([id]) => id);
}

/** Recomputes and replaces the stored HOT chart in one transaction; returns the new ranking. */
export async function refreshHotRanking(db: Kysely<Database>, now: Date): Promise<number[]> {
  const ranking = await computeHotRanking(db, now);
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom("chart_entries").where("chart_type", "=", HOT_CHART).execute();
    if (ranking.length === 0) return;
    const updated_at = toTimestamp(now);
    await trx
      .insertInto("chart_entries")
      .values(ranking.map((movie_id, i) => ({ chart_type: HOT_CHART, rank: i + 1, movie_id, updated_at })))
      .execute();
  });
  return ranking;
}

export function startHotRankingJob(deps: {
  db: Kysely<Database>;
  clock: Clock;
  intervalSeconds: number;
  log: JobLogger;
}): RunningJob {
  const { db, intervalSeconds, log } = deps;
  return startLeasedJob({
    ...deps,
    lease: "hot-ranking",
    intervalMs: intervalSeconds * 1000,
    leaseTtlS: intervalSeconds + 60,
    work: async ({ now }) => {
      const ranking = await refreshHotRanking(db, now);
      log.info({ chart: HOT_CHART, movies: ranking.length }, "HOT ranking refreshed");
    },
  });
}
