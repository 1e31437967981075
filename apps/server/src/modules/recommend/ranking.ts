// Candidate scoring for /expect and /difference (API.md §4.12): every rated movie without a review row of the
// caller, scored in one tight loop over the model's factor matrix, the best `limit` kept by insertion into a
// small sorted array (a partial sort), with the contract's tie rules.
import { coldMovieBias, type MemberVector } from "./fold-in.js";
import { modelRow, type ServedModel } from "./model.js";
import { averageRating, type MovieStats, statsIndex } from "./movie-stats.js";

export type RankMode = "expect" | "difference";

export interface Ranked {
  movieId: number;
  /** r̂ clamped to [0.5, 5] (cold start: the movie's average rating). */
  expected: number;
  score: number;
  average: number;
  count: number;
}

/** Totals aligned with the model's rows, plus the rated movies the model has no row for. */
interface AlignedStats {
  counts: Int32Array;
  averages: Float64Array;
  /** Indexes into the stats arrays of rated movies missing from the model. */
  extras: Int32Array;
}

const aligned = new WeakMap<ServedModel, { version: number; view: AlignedStats }>();

function align(model: ServedModel, stats: MovieStats): AlignedStats {
  const hit = aligned.get(model);
  if (hit && hit.version === stats.version) return hit.view;
  const rows = model.movieIds.length;
  const counts = new Int32Array(rows);
  const averages = new Float64Array(rows);
  const extras: number[] = [];
  // Both id lists are sorted: one merge pass.
  let r = 0;
  for (let s = 0; s < stats.ids.length; s++) {
    const id = stats.ids[s]!;
    while (r < rows && model.movieIds[r]! < id) r++;
    if (r < rows && model.movieIds[r] === id) {
      counts[r] = stats.counts[s]!;
      averages[r] = averageRating(stats.counts[s]!, stats.sums[s]!);
    } else {
      extras.push(s);
    }
  }
  const view = { counts, averages, extras: Int32Array.from(extras) };
  aligned.set(model, { version: stats.version, view });
  return view;
}

/** Better-first order: score desc, then average desc, ratings count desc, movie id asc. */
function better(a: Ranked, b: Ranked): boolean {
  if (a.score !== b.score) return a.score > b.score;
  if (a.average !== b.average) return a.average > b.average;
  if (a.count !== b.count) return a.count > b.count;
  return a.movieId < b.movieId;
}

class TopK {
  readonly items: Ranked[] = [];
  constructor(private readonly limit: number) {}
  /** Cheap pre-check on the score alone, before building a candidate object. */
  mayEnter(score: number): boolean {
    return this.items.length < this.limit || score >= this.items[this.items.length - 1]!.score;
  }
  offer(c: Ranked): void {
    const items = this.items;
    if (items.length === this.limit && !better(c, items[items.length - 1]!)) return;
    let i = Math.min(items.length, this.limit - 1);
    if (items.length < this.limit) items.push(c);
    while (i > 0 && better(c, items[i - 1]!)) {
      items[i] = items[i - 1]!;
      i--;
    }
    items[i] = c;
  }
}

const clampRating = (x: number) => Math.min(5, Math.max(0.5, x));

export function rankByModel(
  model: ServedModel,
  member: MemberVector,
  stats: MovieStats,
  reviewed: ReadonlySet<number>,
  mode: RankMode,
  limit: number,
): Ranked[] {
  const view = align(model, stats);
  const top = new TopK(limit);
  const reviewedRows = new Uint8Array(model.movieIds.length);
  const reviewedStats = new Set<number>();
  for (const id of reviewed) {
    const row = statsIndex(stats, id);
    if (row >= 0) reviewedStats.add(row);
    const modelIndex = modelRow(model, id);
    if (modelIndex >= 0) reviewedRows[modelIndex] = 1;
  }
  const consider = (movieId: number, raw: number, average: number, count: number) => {
    const expected = clampRating(raw);
    const score = mode === "expect" ? expected : expected - average;
    if (top.mayEnter(score)) top.offer({ movieId, expected, score, average, count });
  };
  // The hot loop: one dot product per candidate over the contiguous factor matrix.
  const k = model.factors;
  const q = model.itemFactors;
  const p = member.factors;
  const base = model.mu + member.bias;
  for (let row = 0; row < model.movieIds.length; row++) {
    const count = view.counts[row]!;
    if (count === 0 || reviewedRows[row] === 1) continue;
    const off = row * k;
    let dot = 0;
    for (let c = 0; c < k; c++) dot += p[c]! * q[off + c]!;
    consider(model.movieIds[row]!, base + model.bias[row]! + dot, view.averages[row]!, count);
  }
  for (const s of view.extras) {
    if (reviewedStats.has(s)) continue;
    const count = stats.counts[s]!;
    const bias = coldMovieBias(model, { count, sum10: stats.sums[s]! });
    consider(stats.ids[s]!, model.mu + member.bias + bias, averageRating(count, stats.sums[s]!), count);
  }
  return top.items;
}

/** m of the cold-start weighted average (API.md §4.12). */
export const COLD_START_M = 5;

/**
 * Cold start: popular, well-rated candidates by the weighted average (v·R + m·C)/(v + m); ties by ratings count
 * desc then id asc; the expected rating shown is the movie's average rating.
 */
export function rankColdStart(stats: MovieStats, reviewed: ReadonlySet<number>, limit: number): Ranked[] {
  const top = new TopK(limit);
  const c = stats.siteMean;
  for (let s = 0; s < stats.ids.length; s++) {
    const movieId = stats.ids[s]!;
    if (reviewed.has(movieId)) continue;
    const v = stats.counts[s]!;
    const mean = stats.sums[s]! / 10 / v;
    const score = (v * mean + COLD_START_M * c) / (v + COLD_START_M);
    if (!top.mayEnter(score)) continue;
    const average = averageRating(v, stats.sums[s]!);
    // `average` = 0 keeps the contract's cold-start ties (count, then id) out of the average.
    top.offer({ movieId, expected: average, score, average: 0, count: v });
  }
  return top.items;
}
