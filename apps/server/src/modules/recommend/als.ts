// Biased matrix factorisation r̂ = μ + b_u + b_m + p_u·q_m trained by alternating least squares. Each half-step
// fixes one side and solves every row of the other exactly (ridge regression). The L2 weights are not hand-tuned:
// after every half-step they are re-estimated from the data (empirical Bayes: a Gaussian prior per component and
// the rating noise variance, with the posterior variances carried along as in variational Bayes). Unneeded
// components shrink to zero by themselves, so the same settings fit a 100-rating demo and a 2M-rating catalogue;
// once they have, they are dropped, so `factors` is a ceiling and later sweeps cost only what the data use.
// Implicit marks (보고싶어요, 보는 중, a comment without a star, 관심없어요) enter the same row solves as censored
// ratings, by expectation–maximisation (signals.ts). The result depends only on the data and the seed.
import { createRng } from "./prng.js";
import { buildRatingsMatrix, type Csr, type RatingsMatrix, type RatingTriples } from "./ratings-matrix.js";
import { createScratch, type RowPrior, type SideValues, solveRow } from "./ridge.js";
import { fitMarkSd, MARK_SIDE, markTarget, SIGNAL_KINDS, SIGNAL_RATING, type SignalKind } from "./signals.js";

export interface AlsParams {
  factors: number;
  iterations: number;
  seed: number;
}

/**
 * `factors` is a ceiling (the learned prior and pruning keep what the data support: 2–5 on the benchmark's
 * rank-2 truth, 9 on a rank-8 one); 16 sweeps land within 0.002 RMSE of 40. See `npm run bench:recommend`.
 */
export const DEFAULT_ALS_PARAMS: Readonly<AlsParams> = Object.freeze({ factors: 24, iterations: 16, seed: 20240601 });

export interface TrainedFactors {
  mu: number;
  factors: number;
  noiseVar: number;
  userIds: Int32Array;
  users: SideValues;
  /** The member prior, needed again to fold a member in at request time. */
  userPrecision: Float64Array;
  itemIds: Int32Array;
  items: SideValues;
  itemPrecision: Float64Array;
  /** Implicit marks the model learned from (0: stars only). */
  marks: number;
  /** Learned noise σ_s of each kind of mark (index = kind; 0, the rating, unused). */
  markSd: Float64Array;
}

/**
 * Sweeps with the noise variance held at its start value. Learning it from the first sweeps, while the factors are
 * still near zero, would explain everything as noise and shrink every factor away on small or symmetric data.
 */
const WARMUP_SWEEPS = 3;

/**
 * Marks sit out the first WARMUP_SWEEPS (weight 0): σ_s is then fitted once, from the margins of the stars-only fit,
 * and kept. Fitted later, from a fit the marks themselves pulled to their side, σ_s would flatter them (noise marks
 * cost 1.3% RMSE that way in recommender-signals.test.ts; fitted from stars, they cost nothing).
 */
const MARKS_FROM_SWEEP = WARMUP_SWEEPS;

/**
 * Pruning: from this sweep on, a component whose share of the predictions (mean p_c² × mean q_c²) has shrunk below
 * PRUNE_ENERGY × the noise variance is dropped. The learned prior has already driven it to zero, so the fit keeps
 * its value, while every later sweep costs (k + 1)² per rating with the smaller k.
 */
const PRUNE_FROM_SWEEP = 6;

/**
 * After the planned sweeps, training goes on while the noise estimate still moves by more than SETTLED (relative),
 * for at most half as many sweeps again. A high ceiling prunes from a rougher state (the taste spread over many
 * components): at 100 factors on the 100k benchmark the kept ones needed ~8 more sweeps to settle (+0.7% RMSE after
 * 16, +0.1% after 24). A ceiling the data already fit ends on time; a larger one costs sweeps, not accuracy.
 */
const SETTLED = 1e-3;
const PRUNE_ENERGY = 1e-4;

/** Called after each half-step: `done` of `total` half-steps. */
export type ProgressFn = (done: number, total: number) => void;

function side(rows: number, k: number): SideValues {
  return {
    bias: new Float32Array(rows),
    factors: new Float32Array(rows * k),
    variance: new Float32Array(rows * (k + 1)),
  };
}

/**
 * Solves every row of one side; returns the summed well-determined parameters γ of its rows. `bySide` is "user"
 * when the rows are members. A mark's target is its expected latent value under the current fit (signals.ts), from
 * the row's values of the previous sweep (still in `out` until the row is solved); the member's bias takes no part.
 */
function halfStep(
  csr: Csr,
  bySide: "user" | "item",
  mu: number,
  other: SideValues,
  prior: RowPrior,
  markSd: Float64Array,
  out: SideValues,
): number {
  const k = prior.factors;
  const rowCount = csr.rowPtr.length - 1;
  const scratch = createScratch(k);
  let maxRow = 0;
  for (let r = 0; r < rowCount; r++) maxRow = Math.max(maxRow, csr.rowPtr[r + 1]! - csr.rowPtr[r]!);
  const targets = new Float64Array(maxRow);
  const rows = new Int32Array(maxRow);
  const kinds = csr.kinds;
  const entries = {
    weight: kinds ? new Float64Array(maxRow) : null,
    noBias: kinds && bySide === "user" ? new Uint8Array(maxRow) : null,
  };
  const view = { factors: other.factors, variance: other.variance };
  // A mark of kind s weighs σ²/σ_s² of a rating.
  const markWeight = Float64Array.from(markSd, (sd, s) => (s === SIGNAL_RATING ? 1 : prior.noiseVar / (sd * sd)));
  let gamma = 0;
  for (let r = 0; r < rowCount; r++) {
    const start = csr.rowPtr[r]!;
    const n = csr.rowPtr[r + 1]! - start;
    for (let e = 0; e < n; e++) {
      const col = csr.cols[start + e]!;
      rows[e] = col;
      const kind = kinds ? (kinds[start + e]! as SignalKind) : SIGNAL_RATING;
      if (entries.weight) entries.weight[e] = markWeight[kind]!;
      if (markWeight[kind] === 0) continue;
      if (kind === SIGNAL_RATING) {
        targets[e] = csr.values[start + e]! - mu - other.bias[col]!;
        if (entries.noBias) entries.noBias[e] = 0;
        continue;
      }
      const movieBias = bySide === "user" ? other.bias[col]! : out.bias[r]!;
      let dot = 0;
      for (let c = 0; c < k; c++) dot += out.factors[r * k + c]! * other.factors[col * k + c]!;
      const target = markTarget(movieBias + dot, MARK_SIDE[kind], markSd[kind]!);
      targets[e] = bySide === "user" ? target - movieBias : target;
      if (entries.noBias) entries.noBias[e] = 1;
    }
    gamma += solveRow(n, targets, rows, view, prior, scratch, out, r, entries);
  }
  return gamma;
}

/** Prior precision per component = 1 / mean over rows of E[x²] (posterior mean² + posterior variance). */
function updatePrior(values: SideValues, k: number, precision: Float64Array): void {
  const d = k + 1;
  const rows = values.bias.length;
  const second = new Float64Array(d);
  for (let r = 0; r < rows; r++) {
    second[0]! += values.bias[r]! ** 2 + values.variance[r * d]!;
    for (let c = 0; c < k; c++) second[c + 1]! += values.factors[r * k + c]! ** 2 + values.variance[r * d + c + 1]!;
  }
  for (let c = 0; c < d; c++) precision[c] = 1 / Math.max(second[c]! / Math.max(rows, 1), 1e-8);
}

/**
 * Noise variance by the evidence approximation: the squared residual of the posterior means over the ratings left
 * once the well-determined parameters γ of both sides are paid for, σ² = Σ r² / (N − γ); with marks, the ratings pay
 * their share of γ (N / (N + marks)).
 *
 * Why not the mean-field expectation of the squared residual (which adds each component's p²·v_q + q²·v_p + v_p·v_q):
 * it charges every component its posterior spread, unused ones included. With a ceiling of 100 factors the spread
 * of ~95 empty components inflated σ² by half in the first sweeps, which raised every L2 weight, pruned real tastes
 * and cost accuracy (a ceiling of 100 could keep 1 factor). γ gives an unused component no weight at all, so the
 * ceiling only bounds what the data can use.
 */
function updateNoise(
  matrix: RatingsMatrix,
  mu: number,
  users: SideValues,
  items: SideValues,
  k: number,
  gamma: number,
  margins: Float64Array[] | null,
  marginCount: Int32Array,
): number {
  const { rowPtr, cols, values, kinds } = matrix.byUser;
  let total = 0;
  marginCount.fill(0);
  for (let u = 0; u < rowPtr.length - 1; u++) {
    const uo = u * k;
    for (let e = rowPtr[u]!; e < rowPtr[u + 1]!; e++) {
      const kind = kinds ? (kinds[e]! as SignalKind) : SIGNAL_RATING;
      const m = cols[e]!;
      const mo = m * k;
      let dot = 0;
      for (let c = 0; c < k; c++) dot += users.factors[uo + c]! * items.factors[mo + c]!;
      if (kind !== SIGNAL_RATING) {
        // The mark's margin: its side times the taste the fit predicts (positive: the fit agrees with it).
        if (margins) margins[kind]![marginCount[kind]!++] = MARK_SIDE[kind] * (items.bias[m]! + dot);
        continue;
      }
      const residual = values[e]! - mu - users.bias[u]! - items.bias[m]! - dot;
      total += residual * residual;
    }
  }
  const ratings = matrix.ratingCount;
  const share = (gamma * ratings) / Math.max(values.length, 1);
  // At least a tenth of the ratings stay as degrees of freedom (γ close to N: the fit is not yet settled).
  return total / Math.max(ratings - share, ratings / 10, 1);
}

/** Components still carrying signal (at least one is always kept). */
function liveComponents(users: SideValues, items: SideValues, k: number, noiseVar: number): number[] {
  const meanSquare = (values: Float32Array, c: number) => {
    const rows = values.length / k;
    let sum = 0;
    for (let r = 0; r < rows; r++) sum += values[r * k + c]! ** 2;
    return sum / Math.max(rows, 1);
  };
  const energy = Array.from({ length: k }, (_, c) => meanSquare(users.factors, c) * meanSquare(items.factors, c));
  const live = energy.flatMap((e, c) => (e >= PRUNE_ENERGY * noiseVar ? [c] : []));
  return live.length > 0 ? live : [energy.indexOf(Math.max(...energy))];
}

/** The same side with only the `keep` components (bias and its variance stay first). */
function keepComponents(values: SideValues, k: number, keep: number[]): SideValues {
  const rows = values.bias.length;
  const out = side(rows, keep.length);
  out.bias.set(values.bias);
  const d = k + 1;
  const nd = keep.length + 1;
  for (let r = 0; r < rows; r++) {
    out.variance[r * nd] = values.variance[r * d]!;
    keep.forEach((c, i) => {
      out.factors[r * keep.length + i] = values.factors[r * k + c]!;
      out.variance[r * nd + i + 1] = values.variance[r * d + c + 1]!;
    });
  }
  return out;
}

const keepPrecision = (precision: Float64Array, keep: number[]) =>
  Float64Array.from([precision[0]!, ...keep.map((c) => precision[c + 1]!)]);

export function trainAls(triples: RatingTriples, params: AlsParams, onProgress?: ProgressFn): TrainedFactors {
  const matrix = buildRatingsMatrix(triples);
  let k = params.factors;
  let users = side(matrix.userIds.length, k);
  let items = side(matrix.itemIds.length, k);
  // Start: small random movie factors (seeded: reproducible), weak priors, noise at 40% of the rating variance,
  // marks at a low confidence and no offset.
  const rng = createRng(params.seed);
  const scale = 0.1 / Math.sqrt(k);
  for (let i = 0; i < items.factors.length; i++) items.factors[i] = rng.normal() * scale;
  // Summed in the matrix's order, not the input's: the same ratings in any order give the same model.
  let spread = 0;
  const { values: sorted, kinds: sortedKinds } = matrix.byUser;
  for (let i = 0; i < sorted.length; i++) {
    if (sortedKinds && sortedKinds[i] !== SIGNAL_RATING) continue;
    spread += (sorted[i]! - matrix.mean) ** 2;
  }
  let noiseVar = Math.max(0.05, (0.4 * spread) / Math.max(matrix.ratingCount, 1));
  let userPrecision = new Float64Array(k + 1).fill(10);
  let itemPrecision = new Float64Array(k + 1).fill(10);
  // Marks: σ_s per kind and a buffer for their margins (sized by the count of each kind).
  const markSd = new Float64Array(SIGNAL_KINDS).fill(Number.POSITIVE_INFINITY);
  const marginCount = new Int32Array(SIGNAL_KINDS);
  let margins: Float64Array[] | null = null;
  if (matrix.byUser.kinds) {
    for (const kind of matrix.byUser.kinds) marginCount[kind]!++;
    margins = Array.from(marginCount, (n) => new Float64Array(n));
  }
  const maxSweeps = params.iterations + Math.floor(params.iterations / 2);
  let total = params.iterations * 2;
  let previousNoise = noiseVar;
  let settled = true; // until the noise is learned (a run shorter than the warm-up ends on time)
  for (let it = 0; it < params.iterations || (!settled && it < maxSweeps); it++) {
    if (it >= params.iterations) total = (it + 1) * 2;
    const userPrior = { factors: k, precision: userPrecision, noiseVar };
    let gamma = halfStep(matrix.byUser, "user", matrix.mean, items, userPrior, markSd, users);
    updatePrior(users, k, userPrecision);
    onProgress?.(it * 2 + 1, total);
    const itemPrior = { factors: k, precision: itemPrecision, noiseVar };
    gamma += halfStep(matrix.byItem, "item", matrix.mean, users, itemPrior, markSd, items);
    updatePrior(items, k, itemPrecision);
    if (it + 1 >= WARMUP_SWEEPS) {
      noiseVar = Math.max(1e-4, updateNoise(matrix, matrix.mean, users, items, k, gamma, margins, marginCount));
      settled = Math.abs(noiseVar - previousNoise) <= SETTLED * previousNoise;
      previousNoise = noiseVar;
      if (margins && it + 1 === MARKS_FROM_SWEEP) {
        for (let s = 1; s < SIGNAL_KINDS; s++) markSd[s] = fitMarkSd(margins[s]!, marginCount[s]!, Math.sqrt(noiseVar));
      }
    }
    if (it + 1 >= PRUNE_FROM_SWEEP && it + 1 < params.iterations) {
      const keep = liveComponents(users, items, k, noiseVar);
      if (keep.length < k) {
        users = keepComponents(users, k, keep);
        items = keepComponents(items, k, keep);
        userPrecision = keepPrecision(userPrecision, keep);
        itemPrecision = keepPrecision(itemPrecision, keep);
        k = keep.length;
      }
    }
    onProgress?.(it * 2 + 2, total);
  }
  return {
    mu: matrix.mean,
    factors: k,
    noiseVar,
    userIds: matrix.userIds,
    users,
    userPrecision,
    itemIds: matrix.itemIds,
    items,
    itemPrecision,
    marks: triples.values.length - matrix.ratingCount,
    markSd,
  };
}
