// Rating totals of every rated movie, held in typed arrays so a recommendation request scores 100,000 movies
// without reading them from the database. Older than STATS_TTL_SECONDS (by the injected clock), a request starts
// a reload in the background and is answered from the current totals; older than STATS_MAX_AGE_SECONDS, it waits
// for fresh ones. Reloads read in pages, so other requests keep flowing. The caller's own reviews are always read
// fresh, so their writes count at once; other members' ratings reach averages and tie-breaks within about half a minute.
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { Clock } from "../../lib/time.js";
import type { RatingTotals } from "./fold-in.js";
import { ratedMoviesPage } from "./repository.js";
import { indexOfSorted } from "../../lib/sorted.js";

/** A reload of 100,000 movies costs the main thread some 100 ms (in small slices): at most every 30 s. */
export const STATS_TTL_SECONDS = 30;
export const STATS_MAX_AGE_SECONDS = 120;
const PAGE = 5_000;

export interface MovieStats {
  /** Increases with every refresh that changed something (cache key for views derived from it). */
  version: number;
  /** Movie ids with at least one rating > 0, ascending. */
  ids: Int32Array;
  counts: Int32Array;
  /** Σ rating×10 per movie: the average is round(sum / count) / 10 (API.md §4.0). */
  sums: Float64Array;
  /** Site mean of all ratings > 0 (C of the cold-start weighted average). */
  siteMean: number;
}

export function averageRating(count: number, sum10: number): number {
  return Math.round(sum10 / count) / 10;
}

export function statsIndex(stats: MovieStats, movieId: number): number {
  return indexOfSorted(stats.ids, movieId);
}

export function totalsIn(stats: MovieStats, movieId: number): RatingTotals | undefined {
  const i = statsIndex(stats, movieId);
  return i < 0 ? undefined : { count: stats.counts[i]!, sum10: stats.sums[i]! };
}

async function loadStats(db: Kysely<Database>, version: number): Promise<MovieStats> {
  const ids: number[] = [];
  const counts: number[] = [];
  const sums: number[] = [];
  let after = 0;
  for (;;) {
    const page = await ratedMoviesPage(db, after, PAGE);
    for (const row of page) {
      ids.push(row.id);
      counts.push(Number(row.ratings_count));
      sums.push(Number(row.rating_sum));
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.id;
    // Let queued requests run between pages (better-sqlite3 reads synchronously).
    await new Promise((resolve) => setImmediate(resolve));
  }
  let total = 0;
  let totalSum = 0;
  for (let i = 0; i < counts.length; i++) {
    total += counts[i]!;
    totalSum += sums[i]!;
  }
  return {
    version,
    ids: Int32Array.from(ids),
    counts: Int32Array.from(counts),
    sums: Float64Array.from(sums),
    siteMean: total ? totalSum / 10 / total : 0,
  };
}

function sameTotals(a: MovieStats, b: MovieStats): boolean {
  if (a.ids.length !== b.ids.length) return false;
  for (let i = 0; i < a.ids.length; i++) {
    if (a.ids[i] !== b.ids[i] || a.counts[i] !== b.counts[i] || a.sums[i] !== b.sums[i]) return false;
  }
  return true;
}

export function createMovieStatsCache(db: Kysely<Database>, clock: Clock) {
  let current: MovieStats | null = null;
  let loadedAt = 0;
  let loading: Promise<MovieStats> | null = null;
  let version = 0;

  function refresh(): Promise<MovieStats> {
    loading ??= loadStats(db, version + 1)
      .then((stats) => {
        // Unchanged totals keep their version, so views and member caches keyed on it stay valid.
        if (!current || !sameTotals(current, stats)) {
          current = stats;
          version = stats.version;
        }
        loadedAt = clock.now().getTime();
        return current;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    /** Current totals: reloaded in the background after the TTL, waited for when missing or too old. */
    async get(): Promise<MovieStats> {
      const age = clock.now().getTime() - loadedAt;
      if (current && age >= 0 && age < STATS_MAX_AGE_SECONDS * 1000) {
        if (age >= STATS_TTL_SECONDS * 1000) void refresh().catch(() => undefined);
        return current;
      }
      return refresh();
    },
    /** Forgets the totals (after a training run; tests). */
    invalidate(): void {
      current = null;
    },
  };
}

export type MovieStatsCache = ReturnType<typeof createMovieStatsCache>;
