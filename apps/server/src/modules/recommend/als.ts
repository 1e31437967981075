// Biased matrix factorisation r̂ = μ + b_u + b_m + p_u·q_m trained by alternating least squares. Each half-step
// fixes one side and solves every row of the other exactly (ridge regression). The L2 weights are not hand-tuned:
// after every half-step they are re-estimated from the data (empirical Bayes: a Gaussian prior per component and
// the rating noise variance, with the posterior variances carried along as in variational Bayes). Unneeded
// components shrink to zero by themselves, so the same settings fit a 100-rating demo and a 2M-rating catalogue;
// once they have, they are dropped, so `factors` is a ceiling and later sweeps cost only what the data use.
// The result depends only on the data and the seed.
import { createRng } from "./prng.js";
import { buildRatingsMatrix, type Csr, type RatingsMatrix, type RatingTriples } from "./ratings-matrix.js";
import { createScratch, type RowPrior, type SideValues, solveRow } from "./ridge.js";

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
}

/**
 * Sweeps with the noise variance held at its start value. Learning it from the first sweeps, while the factors are
 * still near zero, would explain everything as noise and shrink every factor away on small or symmetric data.
 */
const WARMUP_SWEEPS = 3;

/**
 * Pruning: from this sweep on, a component whose share of the predictions (mean p_c² × mean q_c²) has shrunk below
 * PRUNE_ENERGY × the noise variance is dropped. The learned prior has already driven it to zero, so the fit keeps
 * its value, while every later sweep costs (k + 1)² per rating with the smaller k.
 */
const PRUNE_FROM_SWEEP = 6;
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

function halfStep(csr: Csr, mu: number, other: SideValues, prior: RowPrior, out: SideValues): void {
  const rowCount = csr.rowPtr.length - 1;
  const scratch = createScratch(prior.factors);
  let maxRow = 0;
  for (let r = 0; r < rowCount; r++) maxRow = Math.max(maxRow, csr.rowPtr[r + 1]! - csr.rowPtr[r]!);
  const targets = new Float64Array(maxRow);
  const rows = new Int32Array(maxRow);
  const view = { factors: other.factors, variance: other.variance };
  for (let r = 0; r < rowCount; r++) {
    const start = csr.rowPtr[r]!;
    const n = csr.rowPtr[r + 1]! - start;
    for (let e = 0; e < n; e++) {
      const col = csr.cols[start + e]!;
      rows[e] = col;
      targets[e] = csr.values[start + e]! - mu - other.bias[col]!;
    }
    solveRow(n, targets, rows, view, prior, scratch, out, r);
  }
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

/** Noise variance = mean expected squared residual, including the posterior variances of both sides. */
function updateNoise(matrix: RatingsMatrix, mu: number, users: SideValues, items: SideValues, k: number): number {
  const d = k + 1;
  const { rowPtr, cols, values } = matrix.byUser;
  let total = 0;
  for (let u = 0; u < rowPtr.length - 1; u++) {
    const uo = u * k;
    const uv = u * d;
    for (let e = rowPtr[u]!; e < rowPtr[u + 1]!; e++) {
      const m = cols[e]!;
      const mo = m * k;
      const mv = m * d;
      let dot = 0;
      let spread = users.variance[uv]! + items.variance[mv]!;
      for (let c = 0; c < k; c++) {
        const p = users.factors[uo + c]!;
        const q = items.factors[mo + c]!;
        const vp = users.variance[uv + c + 1]!;
        const vq = items.variance[mv + c + 1]!;
        dot += p * q;
        spread += p * p * vq + q * q * vp + vp * vq;
      }
      const residual = values[e]! - mu - users.bias[u]! - items.bias[m]! - dot;
      total += residual * residual + spread;
    }
  }
  return total / Math.max(values.length, 1);
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
  // Start: small random movie factors (seeded: reproducible), weak priors, noise at 40% of the rating variance.
  const rng = createRng(params.seed);
  const scale = 0.1 / Math.sqrt(k);
  for (let i = 0; i < items.factors.length; i++) items.factors[i] = rng.normal() * scale;
  let spread = 0;
  for (let i = 0; i < triples.values.length; i++) spread += (triples.values[i]! - matrix.mean) ** 2;
  let noiseVar = Math.max(0.05, (0.4 * spread) / Math.max(triples.values.length, 1));
  let userPrecision = new Float64Array(k + 1).fill(10);
  let itemPrecision = new Float64Array(k + 1).fill(10);
  const total = params.iterations * 2;
  for (let it = 0; it < params.iterations; it++) {
    halfStep(matrix.byUser, matrix.mean, items, { factors: k, precision: userPrecision, noiseVar }, users);
    updatePrior(users, k, userPrecision);
    onProgress?.(it * 2 + 1, total);
    halfStep(matrix.byItem, matrix.mean, users, { factors: k, precision: itemPrecision, noiseVar }, items);
    updatePrior(items, k, itemPrecision);
    if (it + 1 >= WARMUP_SWEEPS) noiseVar = Math.max(1e-4, updateNoise(matrix, matrix.mean, users, items, k));
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
  };
}
