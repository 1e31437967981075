// Candidate scoring for /expect and /difference (API.md §4.12): rated movies without a review row of the caller (nor a
// dismissal), walked from those that can score highest until none left can enter (RowOrder), the best `limit` kept
// by TopK with the contract's tie rules (score desc, average rating desc, ratings count desc, movie id asc).
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
 * The model's rows grouped by factor norm and, within a group, in descending order of a key (a film's bias for the
 * expect order, its bias minus its average for /difference): a member's score of a film is at most key + μ + b_u +
 * |p_u|·(the group's largest norm) (Cauchy–Schwarz), so walking every group's head in order of that bound visits the
 * films that can rank first and stops at the first bound below the last place kept — a few thousand of 100,000.
 */
interface RowOrder {
  /** Model rows, group after group. */
  rows: Int32Array;
  /** The key of each position, descending within a group. */
  keys: Float64Array;
  /** Group g spans positions starts[g] up to starts[g + 1]. */
  starts: Int32Array;
  /** The largest item norm in group g. */
  norms: Float64Array;
  /**
   * Each position's film bias and factors (k + 1 values), copied in walk order: the walk reads them one after another
   * instead of jumping around the model's arrays (~10% of a walk's time on the bench dataset).
   */
  packed: Float32Array;
}

/** Groups by norm: the lower half of the rows, then half of the rest, … down to groups of at most this many. */
const SMALLEST_GROUP = 256;

/** The keys a walk goes down are rounded up to a multiple of this: the bound stays an upper bound. */
const KEY_QUANTUM = 2 ** -20;

/**
 * Rows 0 … n − 1 that `include` accepts, by `keyOf` rounded up to KEY_QUANTUM, descending, with those rounded keys:
 * the rounded key and the row are one exact double, so a native numeric sort orders 100,000 rows in a few
 * milliseconds (a comparator sort takes tens).
 */
function sortedRows(n: number, keyOf: (row: number) => number, include: (row: number) => boolean) {
  const scale = 2 ** Math.ceil(Math.log2(n + 1));
  const both = new Float64Array(n);
  let m = 0;
  // −ceil(key / quantum) ascending is the rounded key descending.
  for (let row = 0; row < n; row++) if (include(row)) both[m++] = -Math.ceil(keyOf(row) / KEY_QUANTUM) * scale + row;
  const sorted = both.subarray(0, m).sort();
  const rows = new Int32Array(sorted.length);
  const keys = new Float64Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    const high = Math.floor(sorted[i]! / scale);
    rows[i] = sorted[i]! - high * scale;
    keys[i] = -high * KEY_QUANTUM;
  }
  return { rows, keys };
}

/** Each row's group by norm (a model's, computed once). */
const groupsOf = new WeakMap<ServedModel, { group: Uint8Array; count: number }>();

function normGroups(model: ServedModel) {
  const hit = groupsOf.get(model);
  if (hit) return hit;
  const norms = model.itemNorms;
  // Largest first: the smallest groups hold the largest norms.
  const byNorm = sortedRows(
    norms.length,
    (row) => norms[row]!,
    () => true,
  ).rows.reverse();
  const group = new Uint8Array(norms.length);
  let count = 0;
  for (let from = 0, rest = norms.length; rest > 0; count++) {
    const size = rest <= SMALLEST_GROUP ? rest : Math.ceil(rest / 2);
    for (let i = from; i < from + size; i++) group[byNorm[i]!] = count;
    from += size;
    rest -= size;
  }
  const value = { group, count };
  groupsOf.set(model, value);
  return value;
}

/** The rows `include` accepts, grouped by norm, each group by `keyOf` descending. */
function rowOrder(model: ServedModel, keyOf: (row: number) => number, include: (row: number) => boolean): RowOrder {
  const { group, count } = normGroups(model);
  const sorted = sortedRows(group.length, keyOf, include);
  const starts = new Int32Array(count + 1);
  for (const row of sorted.rows) starts[group[row]! + 1]!++;
  for (let g = 0; g < count; g++) starts[g + 1]! += starts[g]!;
  // Dealt into their groups in key order, so each group stays sorted.
  const fill = starts.slice(0, count);
  const k = model.factors;
  const rows = new Int32Array(sorted.rows.length);
  const keys = new Float64Array(rows.length);
  const norms = new Float64Array(count);
  const packed = new Float32Array(rows.length * (k + 1));
  for (let i = 0; i < sorted.rows.length; i++) {
    const row = sorted.rows[i]!;
    const g = group[row]!;
    const at = fill[g]!++;
    rows[at] = row;
    keys[at] = sorted.keys[i]!;
    norms[g] = Math.max(norms[g]!, model.itemNorms[row]!);
    packed[at * (k + 1)] = model.bias[row]!;
    for (let c = 0; c < k; c++) packed[at * (k + 1) + 1 + c] = model.itemFactors[row * k + c]!;
  }
  return { rows, keys, starts, norms, packed };
}

const expectOrders = new WeakMap<ServedModel, RowOrder>();
const differenceOrders = new WeakMap<ServedModel, { version: number; order: RowOrder }>();

/** The expect order's walk: by the film's bias (per model). Films without ratings are skipped as they come. */
function expectOrder(model: ServedModel): RowOrder {
  let order = expectOrders.get(model);
  if (!order) {
    order = rowOrder(
      model,
      (row) => model.bias[row]!,
      () => true,
    );
    expectOrders.set(model, order);
  }
  return order;
}

/** /difference's walk: by the film's bias minus its average, rated films only (per model and movie totals). */
function differenceOrder(model: ServedModel, stats: MovieStats, view: AlignedStats): RowOrder {
  const hit = differenceOrders.get(model);
  if (hit && hit.version === stats.version) return hit.order;
  const order = rowOrder(
    model,
    (row) => model.bias[row]! - view.averages[row]!,
    (row) => view.counts[row]! > 0,
  );
  differenceOrders.set(model, { version: stats.version, order });
  return order;
}

/**
 * Visits `order`'s positions by descending bound (key + `base` + `pNorm` × the group's largest norm) until `stops`
 * says the best bound left cannot enter any more. `stops` reads the caller's current last place, which rises as it
 * visits.
 */
function walk(
  order: RowOrder,
  base: number,
  pNorm: number,
  stops: (bound: number) => boolean,
  visit: (at: number) => void,
): void {
  const groups = order.norms.length;
  const { keys, starts } = order;
  const lift = Float64Array.from(order.norms, (norm) => base + pNorm * norm);
  const next = starts.slice(0, groups);
  for (;;) {
    // The group whose next row has the best bound, and the best bound of the others.
    let best = -1;
    let bound = Number.NEGATIVE_INFINITY;
    let second = Number.NEGATIVE_INFINITY;
    for (let g = 0; g < groups; g++) {
      if (next[g]! >= starts[g + 1]!) continue;
      const head = keys[next[g]!]! + lift[g]!;
      if (head > bound) {
        second = bound;
        bound = head;
        best = g;
      } else if (head > second) second = head;
    }
    if (best < 0 || stops(bound)) return;
    // Down that group while it stays ahead of the others.
    const end = starts[best + 1]!;
    const up = lift[best]!;
    let at = next[best]!;
    do visit(at++);
    while (at < end && keys[at]! + up >= second && !stops(keys[at]! + up));
    next[best] = at;
  }
}

/**
 * Both orders of a member: the best `depths.expect` by expected rating and the best `depths.difference` by expected
 * minus average (0: that order is not ranked). `reviewed`: the movie ids the caller has a review row for or
 * dismissed, ascending (left out). `memberMean`: the mean of the caller's ratings, for /difference's floor
 * (likedEnough). Each order walks the catalog from the films that can score highest (RowOrder) and stops where none
 * left can enter, so /expect and /difference share the member's fold-in and cost a few thousand dot products each.
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
  const k = model.factors;
  const p = member.factors;
  const base = model.mu + member.bias;
  const { counts, averages } = view;
  let pNorm = 0;
  for (let c = 0; c < k; c++) pNorm += p[c]! ** 2;
  pNorm = Math.sqrt(pNorm);
  /** r̂ (clamped) of the film at position `at` of `order`. */
  const expectedAt = (order: RowOrder, at: number) => {
    const off = at * (k + 1);
    let dot = 0;
    for (let c = 0; c < k; c++) dot += p[c]! * order.packed[off + 1 + c]!;
    return clampRating(base + order.packed[off]! + dot);
  };
  if (depths.expect > 0) {
    const order = expectOrder(model);
    // A bound below the last place stops the walk (ties still have to be compared, hence strictly below).
    walk(
      order,
      base,
      pNorm,
      (bound) => clampRating(bound) < expectTop.threshold(),
      (at) => {
        const row = order.rows[at]!;
        if (counts[row]! === 0 || reviewedRows[row] === 1) return;
        const expected = expectedAt(order, at);
        expectTop.offer(model.movieIds[row]!, expected, expected, averages[row]!, counts[row]!);
      },
    );
  }
  if (depths.difference > 0) {
    const order = differenceOrder(model, stats, view);
    // The bound is of r̂ − average before clamping; a clamp from below lifts a score to at most 0.5 − average ≤ 0.
    walk(
      order,
      base,
      pNorm,
      (bound) => Math.max(bound, 0) < differenceTop.threshold(),
      (at) => {
        const row = order.rows[at]!;
        if (reviewedRows[row] === 1) return;
        const expected = expectedAt(order, at);
        if (!likedEnough(expected, memberMean)) return;
        differenceTop.offer(model.movieIds[row]!, expected, expected - averages[row]!, averages[row]!, counts[row]!);
      },
    );
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
