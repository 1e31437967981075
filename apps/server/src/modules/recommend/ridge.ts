// The one row solve of the recommender: a member's (or a movie's) bias and factor vector from their ratings
// against the other side's fixed factors — ridge regression whose L2 weights are the learned prior precisions
// times the noise variance. Training (both ALS half-steps) and the per-request fold-in call the same code, so a
// member folded in at request time gets exactly what a training sweep would give them.
import { choleskySolve } from "./linalg.js";

/** Gaussian prior of one side: precision per component (index 0 = bias) and the rating noise variance. */
export interface RowPrior {
  factors: number;
  precision: Float64Array;
  noiseVar: number;
}

/** One side's learned values: bias, factors (k per row) and posterior variances (k + 1 per row, bias first). */
export interface SideValues {
  bias: Float32Array;
  factors: Float32Array;
  variance: Float32Array;
}

/** Scratch buffers for one solve, reused across rows. */
export interface RowScratch {
  a: Float64Array;
  b: Float64Array;
  f: Float64Array;
  inv: Float64Array;
  /** Diagonal added to the data's Gram matrix: σ²·λ_c plus the other side's summed posterior variances. */
  shrink: Float64Array;
}

export function createScratch(factors: number): RowScratch {
  const d = factors + 1;
  return {
    a: new Float64Array(d * d),
    b: new Float64Array(d),
    f: new Float64Array(d),
    inv: new Float64Array(d),
    shrink: new Float64Array(d),
  };
}

/**
 * Posterior mean and (diagonal) variance of [bias, x] given `n` targets t_e = rating − μ − other bias, where
 * `rows[e]` indexes the other side's factors (−1: a movie the model has no factors for, so bias only). The other
 * side's posterior variance, when given, enters as E[y·yᵀ] = ȳ·ȳᵀ + diag(v) (variational Bayes), which keeps
 * members and movies with few ratings from over-fitting.
 *
 * Returns the row's well-determined parameters (MacKay's γ): Σ_c 1 − s_c·(A⁻¹)_cc, where s_c is everything on A's
 * diagonal that is not the data's own Gram matrix (prior and the other side's variances). A component the data pin
 * down counts ~1; one the prior alone decides counts ~0. Training sums it for the noise estimate.
 */
/**
 * Per-entry confidence of the targets (implicit marks, signals.ts): `weight[e]` multiplies entry e's terms (null: 1
 * for all), and `noBias[e]` = 1 leaves the row's bias out of entry e (null: the bias takes part in all).
 */
export interface EntryWeights {
  weight: Float64Array | null;
  noBias: Uint8Array | null;
}

export function solveRow(
  n: number,
  targets: Float64Array,
  rows: Int32Array,
  other: { factors: Float32Array; variance: Float32Array | null },
  prior: RowPrior,
  scratch: RowScratch,
  out: SideValues,
  index: number,
  entries: EntryWeights = { weight: null, noBias: null },
): number {
  const k = prior.factors;
  const d = k + 1;
  const { a, b, f, inv, shrink } = scratch;
  const otherFactors = other.factors;
  const otherVariance = other.variance;
  a.fill(0);
  b.fill(0);
  shrink.fill(0);
  const weights = entries.weight;
  const noBias = entries.noBias;
  for (let e = 0; e < n; e++) {
    const w = weights ? weights[e]! : 1;
    if (w === 0) continue;
    const t = targets[e]!;
    const row = rows[e]!;
    const biasTerm = noBias && noBias[e] === 1 ? 0 : 1;
    if (row < 0) {
      a[0]! += w * biasTerm;
      b[0]! += w * t * biasTerm;
      continue;
    }
    f[0] = biasTerm;
    const off = row * k;
    for (let c = 0; c < k; c++) f[c + 1] = otherFactors[off + c]!;
    for (let r = 0; r < d; r++) {
      const fr = w * f[r]!;
      b[r]! += t * fr;
      const base = r * d;
      for (let c = r; c < d; c++) a[base + c]! += fr * f[c]!;
    }
    if (otherVariance) {
      const voff = row * d;
      for (let c = 1; c < d; c++) {
        const v = w * otherVariance[voff + c]!;
        a[c * d + c]! += v;
        shrink[c]! += v;
      }
    }
  }
  for (let c = 0; c < d; c++) {
    const s = prior.noiseVar * prior.precision[c]!;
    a[c * d + c]! += s;
    shrink[c]! += s;
  }
  const off = index * k;
  const voff = index * d;
  if (!choleskySolve(a, b, d)) {
    out.bias[index] = 0;
    for (let c = 0; c < k; c++) out.factors[off + c] = 0;
    for (let c = 0; c < d; c++) out.variance[voff + c] = 1 / prior.precision[c]!;
    return 0;
  }
  out.bias[index] = b[0]!;
  for (let c = 0; c < k; c++) out.factors[off + c] = b[c + 1]!;
  // diag(σ²·A⁻¹) with A = Uᵀ·U (U upper, now in `a`): A⁻¹ = U⁻¹·U⁻ᵀ, so entry i is σ²·Σ_j (U⁻¹)_{ij}².
  for (let c = 0; c < d; c++) out.variance[voff + c] = 0;
  for (let col = 0; col < d; col++) {
    // Column `col` of U⁻¹ by back substitution of U·y = e_col (rows below col are zero).
    for (let r = col + 1; r < d; r++) inv[r] = 0;
    for (let r = col; r >= 0; r--) {
      let sum = r === col ? 1 : 0;
      const base = r * d;
      for (let c = r + 1; c <= col; c++) sum -= a[base + c]! * inv[c]!;
      inv[r] = sum / a[base + r]!;
    }
    for (let r = 0; r <= col; r++) out.variance[voff + r]! += prior.noiseVar * inv[r]! * inv[r]!;
  }
  // out.variance holds σ²·(A⁻¹)_cc.
  let gamma = 0;
  for (let c = 0; c < d; c++) gamma += 1 - (shrink[c]! * out.variance[voff + c]!) / prior.noiseVar;
  return gamma;
}
