// The numbers of API.md §4.11, computed from the aggregates the repository returns. Pure functions: the tests
// check them against hand-computed values.
import {
  RATING_DIST_KEYS,
  RATING_TAGLINES,
  type RankedEntry,
  type RatingAnalysis,
  VIEWING_TAGLINE_LEGEND,
  VIEWING_TAGLINES,
} from "@moviepedia/contract";
import type { EntityTotals } from "./repository.js";

export const PREFERENCE_TOP = 10;

/** Half-up to one decimal; the epsilon absorbs binary noise such as 54.55 × 10 = 545.4999…. */
export const roundHalfUp1 = (x: number) => Math.floor(x * 10 + 0.5 + 1e-9) / 10;

export function ratingTagline(average: number): string | null {
  return RATING_TAGLINES.find(([minimum]) => average >= minimum)?.[1] ?? null;
}

export function viewingTagline(hours: number): string {
  return VIEWING_TAGLINES.find(([below]) => hours < below)?.[1] ?? VIEWING_TAGLINE_LEGEND;
}

export interface RatingSummary {
  count: number;
  /** Unrounded mean of ratings > 0 (A of the preference score); 0 when none. */
  mean: number;
}

export function ratingAnalysis(
  userId: number,
  counts: ReadonlyArray<{ rating: number; n: number }>,
  minutes: number,
): { analysis: RatingAnalysis; summary: RatingSummary } {
  const dist: Record<string, number> = {};
  for (const key of RATING_DIST_KEYS) dist[key] = 0;
  let total = 0;
  let sum10 = 0;
  for (const { rating, n } of counts) {
    const tenths = Math.round(Number(rating) * 10);
    const key = (tenths / 10).toFixed(1);
    if (key in dist) dist[key] = dist[key]! + Number(n);
    total += Number(n);
    sum10 += tenths * Number(n);
  }
  let mode: number | null = null;
  let best = 0;
  for (const key of RATING_DIST_KEYS) {
    if (dist[key]! > best) {
      best = dist[key]!;
      mode = Number(key);
    }
  }
  // Σ(rating×10) / n is exact up to the one division, so Math.round is a true half-up here.
  const average = total ? Math.round(sum10 / total) / 10 : null;
  const viewing = Math.floor(minutes / 60);
  return {
    analysis: {
      user_id: userId,
      rating_num: total,
      rating_avg: average,
      rating_dist: dist,
      rating_mode: mode,
      rating_message: average === null ? null : ratingTagline(average),
      viewing_time: viewing,
      viewing_message: viewingTagline(viewing),
    },
    summary: { count: total, mean: total ? sum10 / 10 / total : 0 },
  };
}

/** Score of one entity: rated rows against the member's mean, or the unrated-only rule. */
export function entityScore(entity: EntityTotals, summary: RatingSummary): [score: number, count: number] {
  if (entity.rated >= 1) {
    const c = entity.rated;
    const a = entity.ratingTotal / c;
    const raw = 50 + (a - summary.mean) * 100 * Math.sqrt(c / Math.log(summary.count + 2)) + (50 * c) / (c + 10);
    return [roundHalfUp1(Math.min(100, Math.max(0, raw))), c];
  }
  const u = entity.unrated;
  return [roundHalfUp1(50 + (50 * u) / (u + 10)), u];
}

/**
 * [EXT] The display ranking (issue 20 #8). API.md's score multiplies the deviation from the member's mean by
 * 100·√(c / ln(N+2)), so one film rated a star above the mean reaches 100 and ten one-film actors tie at the top.
 * Here the mean deviation is shrunk toward 0 as if SHRINK_FILMS more films had been rated exactly at the member's
 * mean — d = Σ(r − A) / (c + SHRINK_FILMS) — and the score is 50 + 30·d + 20·c/(c+10), clamped: one film a star
 * above the mean gives 50 + 5 + 1.8 = 56.8, twelve films a star above 50 + 21.2 + 10.9 = 82.1; only a long, strong
 * record nears 100. Entities seen only in unrated rows (marks, comments) score 50 + 5·u/(u+10): interest, no verdict.
 * Minimum sample: an entity the member liked (score ≥ 50) on at least MIN_SAMPLE rated films ranks above every
 * other; then score, count, name (code points), id.
 */
export const SHRINK_FILMS = 5;
export const MIN_SAMPLE = 2;

export function rankedScore(entity: EntityTotals, summary: RatingSummary): [score: number, count: number] {
  if (entity.rated >= 1) {
    const c = entity.rated;
    const d = (entity.ratingTotal - c * summary.mean) / (c + SHRINK_FILMS);
    return [roundHalfUp1(Math.min(100, Math.max(0, 50 + 30 * d + (20 * c) / (c + 10)))), c];
  }
  const u = entity.unrated;
  return [roundHalfUp1(50 + (5 * u) / (u + 10)), u];
}

export function rankedEntries(entities: readonly EntityTotals[], summary: RatingSummary): RankedEntry[] {
  const established = (e: { rated: boolean; count: number; score: number }) =>
    e.rated && e.count >= MIN_SAMPLE && e.score >= 50 ? 1 : 0;
  const scored = entities
    .filter((e) => e.rated > 0 || e.unrated > 0)
    .map((e) => {
      const [score, count] = rankedScore(e, summary);
      return { id: e.id, name: e.name, score, count, rated: e.rated > 0 };
    })
    .sort(
      (p, q) =>
        established(q) - established(p) ||
        q.score - p.score ||
        q.count - p.count ||
        compareCodePoints(p.name, q.name) ||
        p.id - q.id,
    );
  const chosen = new Map<string, RankedEntry>();
  for (const item of scored) {
    if (chosen.size === PREFERENCE_TOP) break;
    if (!chosen.has(item.name))
      chosen.set(item.name, { name: item.name, score: item.score, count: item.count, rated: item.rated });
  }
  return [...chosen.values()];
}

/** Code-point order (JavaScript's `<` compares UTF-16 units, which differs above U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * Top entities by score (ties: higher count, then name in code-point order, then id); of entities sharing a name
 * only the better one is kept and the next fills the slot. `null` when there is none.
 */
export function preferenceDict(
  entities: readonly EntityTotals[],
  summary: RatingSummary,
): Record<string, [number, number]> | null {
  const scored = entities
    .filter((e) => e.rated > 0 || e.unrated > 0)
    .map((e) => ({ id: e.id, name: e.name, entry: entityScore(e, summary) }))
    .sort(
      (p, q) => q.entry[0] - p.entry[0] || q.entry[1] - p.entry[1] || compareCodePoints(p.name, q.name) || p.id - q.id,
    );
  // A Map, then fromEntries: a name such as "__proto__" stays an ordinary key.
  const chosen = new Map<string, [number, number]>();
  for (const item of scored) {
    if (chosen.size === PREFERENCE_TOP) break;
    if (!chosen.has(item.name)) chosen.set(item.name, item.entry);
  }
  return chosen.size === 0 ? null : Object.fromEntries(chosen);
}
