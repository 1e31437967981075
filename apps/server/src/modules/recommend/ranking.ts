// Candidate scoring for /expect and /difference (API.md §4.12): every rated movie without a review row of the
// caller (nor a dismissal), scored in one tight loop over the model's factor matrix, the best `limit` kept by TopK with the
// contract's tie rules (score desc, average rating desc, ratings count desc, movie id asc).
import { coldMovieBias, type MemberVector } from "./fold-in.js";
import { modelRow, type ServedModel } from "./model.js";
import { averageRating, type MovieStats, statsIndex } from "./movie-stats.js";
import { type Ranked, TopK } from "./top-k.js";

export type { Ranked } from "./top-k.js";
export type RankMode = "expect" | "difference";

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

const clampRating = (x: number) => Math.min(5, Math.max(0.5, x));

/**
 * /difference recommends only films the caller would like: predicted above their own mean rating, or at least this
 * (a film the crowd rates 2.0 and the caller is predicted to give 2.8 is "more my taste than average", yet not a
 * recommendation). The list stays ranked by r̂ − average (API.md §4.12 allows fewer than `limit` items).
 */
export const DIFFERENCE_LIKED_FROM = 3.5;

/** Whether /difference may list a film predicted `expected` for a member whose ratings average `memberMean`. */
export function likedEnough(expected: number, memberMean: number): boolean {
  return expected >= DIFFERENCE_LIKED_FROM || expected > memberMean;
}

/**
 * Both orders of a member in one pass over the catalog: the best `depths.expect` by expected rating and the best
 * `depths.difference` by expected minus average (0: that order is not ranked). `reviewed`: the movie ids the caller
 * has a review row for or dismissed, ascending (left out). `memberMean`: the mean of the caller's ratings, for
 * /difference's floor (likedEnough). A candidate is scored when it may
 * enter either; the pass costs about as much as one order alone, so /expect and /difference share it.
 */
export function rankBoth(
  model: ServedModel,
  member: MemberVector,
  stats: MovieStats,
  reviewed: Int32Array,
  depths: { expect: number; difference: number },
  memberMean = 0,
): Record<RankMode, Ranked[]> {
  const view = align(model, stats);
  const expectTop = new TopK(depths.expect);
  const differenceTop = new TopK(depths.difference);
  const reviewedRows = new Uint8Array(model.movieIds.length);
  const reviewedStats = new Set<number>();
  for (const id of reviewed) {
    const row = statsIndex(stats, id);
    if (row >= 0) reviewedStats.add(row);
    const modelIndex = modelRow(model, id);
    if (modelIndex >= 0) reviewedRows[modelIndex] = 1;
  }
  // The hot loop: one dot product per candidate over the contiguous factor matrix, no allocation.
  const k = model.factors;
  const q = model.itemFactors;
  const p = member.factors;
  const bias = model.bias;
  const base = model.mu + member.bias;
  const { counts, averages } = view;
  const norms = model.itemNorms;
  let pNorm = 0;
  for (let c = 0; c < k; c++) pNorm += p[c]! ** 2;
  pNorm = Math.sqrt(pNorm);
  // +∞ for an order not ranked: nothing reaches it.
  let expectThreshold = depths.expect > 0 ? expectTop.threshold() : Number.POSITIVE_INFINITY;
  let differenceThreshold = depths.difference > 0 ? differenceTop.threshold() : Number.POSITIVE_INFINITY;
  for (let row = 0; row < counts.length; row++) {
    const count = counts[row]!;
    if (count === 0 || reviewedRows[row] === 1) continue;
    // Cauchy–Schwarz: p·q ≤ |p|·|q|. A movie whose best possible score is below an order's current last place
    // cannot enter it (ties still have to be compared, hence strictly below).
    const ceiling = clampRating(base + bias[row]! + pNorm * norms[row]!);
    const average = averages[row]!;
    const mayExpect = ceiling >= expectThreshold;
    const mayDiffer = ceiling - average >= differenceThreshold && likedEnough(ceiling, memberMean);
    if (!mayExpect && !mayDiffer) continue;
    const off = row * k;
    let dot = 0;
    for (let c = 0; c < k; c++) dot += p[c]! * q[off + c]!;
    const expected = clampRating(base + bias[row]! + dot);
    const id = model.movieIds[row]!;
    if (mayExpect) {
      expectTop.offer(id, expected, expected, average, count);
      expectThreshold = expectTop.threshold();
    }
    if (mayDiffer && likedEnough(expected, memberMean)) {
      differenceTop.offer(id, expected, expected - average, average, count);
      differenceThreshold = differenceTop.threshold();
    }
  }
  for (const s of view.extras) {
    if (reviewedStats.has(s)) continue;
    const count = stats.counts[s]!;
    const expected = clampRating(base + coldMovieBias(model, { count, sum10: stats.sums[s]! }));
    const average = averageRating(count, stats.sums[s]!);
    if (depths.expect > 0) expectTop.offer(stats.ids[s]!, expected, expected, average, count);
    if (depths.difference > 0 && likedEnough(expected, memberMean)) {
      differenceTop.offer(stats.ids[s]!, expected, expected - average, average, count);
    }
  }
  return { expect: expectTop.items(), difference: differenceTop.items() };
}

/** m of the cold-start weighted average (API.md §4.12). */
export const COLD_START_M = 5;

/**
 * Cold start (API.md §4.12, revision 2): popular, well-rated candidates by the weighted average
 * (v·R + m·C)/(v + m), with or without a trained model; ties by ratings count desc then id asc; the expected rating
 * is that score (clamped to 0.5–5 and rounded by the caller), so the list reads in the order it is ranked.
 *
 * The contract also allows the model's baseline μ + b_m once a model exists. The weighted average is used in both
 * cases: the list then does not change when a retraining lands (nor differ between instances that load the new
 * model at different moments), it covers films rated after the last training alike, and it is a number members
 * can read as "평균 별점, 평가 수로 보정".
 */
export function rankColdStart(stats: MovieStats, reviewed: Int32Array, limit: number): Ranked[] {
  const top = new TopK(limit);
  const c = stats.siteMean;
  // Both id lists ascend: one merge pass skips the reviewed ones.
  let next = 0;
  for (let s = 0; s < stats.ids.length; s++) {
    const movieId = stats.ids[s]!;
    while (next < reviewed.length && reviewed[next]! < movieId) next++;
    if (next < reviewed.length && reviewed[next] === movieId) continue;
    const v = stats.counts[s]!;
    const mean = stats.sums[s]! / 10 / v;
    const score = (v * mean + COLD_START_M * c) / (v + COLD_START_M);
    // Average 0 in the order: the contract's cold-start ties are ratings count, then id.
    top.offer(movieId, clampRating(score), score, 0, v);
  }
  return top.items();
}
