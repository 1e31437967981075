// SPEC §9's display rules of the taste analysis: histogram bars scaled to at most 80 px; preference entries sorted
// by score, scores truncated to integers, the top 3 shown prominently; the genre tag cloud's sizes.
import { RATING_DIST_KEYS, type RankedEntry } from "@moviepedia/contract";

export const HISTOGRAM_MAX_PX = 80;
export const TOP_COUNT = 3;

export interface HistogramBar {
  /** "0.5" … "5.0" */
  key: string;
  rating: number;
  count: number;
  heightPx: number;
  /** The tallest bar(s). */
  isMax: boolean;
}

/** One bar per rating step (missing keys count 0); the most frequent rating is exactly 80 px tall. */
export function histogramBars(dist: Readonly<Record<string, number>>): HistogramBar[] {
  const counts = RATING_DIST_KEYS.map((key) => dist[key] ?? 0);
  const max = Math.max(0, ...counts);
  return RATING_DIST_KEYS.map((key, index) => {
    const count = counts[index] ?? 0;
    return {
      key,
      rating: Number(key),
      count,
      heightPx: max === 0 ? 0 : (count / max) * HISTOGRAM_MAX_PX,
      isMax: max > 0 && count === max,
    };
  });
}

/** The most given rating: the server's `rating_mode`, else the lowest of the most frequent ratings. */
export function mostGivenRating(dist: Readonly<Record<string, number>>, mode: number | null): number | null {
  if (mode !== null) return mode;
  let best: number | null = null;
  let bestCount = 0;
  for (const key of RATING_DIST_KEYS) {
    const count = dist[key] ?? 0;
    if (count > bestCount) {
      best = Number(key);
      bestCount = count;
    }
  }
  return best;
}

export interface PreferenceEntry {
  name: string;
  /** Truncated to an integer (SPEC §9). */
  score: number;
  count: number;
  /** Whether `count` is of rated films (else of marked or commented ones). */
  rated: boolean;
}

/**
 * The server's display ranking ([EXT] `ranked`, issue 20 #8: shrunk scores, a minimum sample) in its order, scores
 * truncated to integers. The screens use it rather than re-sorting the API.md dicts, whose score saturates on one film.
 */
export function rankedEntries(list: readonly RankedEntry[] | undefined): PreferenceEntry[] {
  return (list ?? []).map(({ name, score, count, rated }) => ({ name, score: Math.trunc(score), count, rated }));
}

/** The first three shown prominently, the rest as a list. */
export function splitTop<T>(entries: readonly T[]): { top: T[]; rest: T[] } {
  return { top: entries.slice(0, TOP_COUNT), rest: entries.slice(TOP_COUNT) };
}

export interface TagStyle {
  fontSizePx: number;
  bold: boolean;
}

/** Tag cloud: weight = score / 15, font size = weight + 10 px, bold when the weight is above 5. */
export function tagStyle(score: number): TagStyle {
  const weight = score / 15;
  return { fontSizePx: weight + 10, bold: weight > 5 };
}
