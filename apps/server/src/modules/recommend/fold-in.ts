// Fold-in: the caller's bias and taste vector re-fitted per request from their CURRENT ratings against the fixed
// movie factors of the served model — the same row solve as a training sweep — so a rating made a second ago
// already moves their predictions, and members who joined after training are served too.
import { modelRow, type ServedModel } from "./model.js";
import { createScratch, solveRow } from "./ridge.js";

export interface MemberRating {
  movieId: number;
  rating: number;
}

export interface MemberVector {
  bias: number;
  factors: Float32Array;
}

/** Counts of one movie's ratings > 0 and their Σ rating×10 (as kept on `movies`). */
export interface RatingTotals {
  count: number;
  sum10: number;
}

/**
 * Bias of a movie the model has no row for (first rated after training): its mean offset from μ, shrunk by the
 * learned movie-bias prior, as a training sweep would give it if every rater had a zero bias.
 */
export function coldMovieBias(model: ServedModel, totals: RatingTotals | undefined): number {
  if (!totals || totals.count === 0) return 0;
  const offset = totals.sum10 / 10 - totals.count * model.mu;
  return offset / (totals.count + model.noiseVar * model.itemBiasPrecision);
}

export function foldIn(
  model: ServedModel,
  ratings: readonly MemberRating[],
  totalsOf: (movieId: number) => RatingTotals | undefined,
): MemberVector {
  const k = model.factors;
  const n = ratings.length;
  const targets = new Float64Array(n);
  const rows = new Int32Array(n);
  for (let e = 0; e < n; e++) {
    const { movieId, rating } = ratings[e]!;
    const row = modelRow(model, movieId);
    rows[e] = row;
    const movieBias = row >= 0 ? model.bias[row]! : coldMovieBias(model, totalsOf(movieId));
    targets[e] = rating - model.mu - movieBias;
  }
  const out = { bias: new Float32Array(1), factors: new Float32Array(k), variance: new Float32Array(k + 1) };
  solveRow(
    n,
    targets,
    rows,
    { factors: model.itemFactors, variance: model.itemVariance },
    { factors: k, precision: model.userPrecision, noiseVar: model.noiseVar },
    createScratch(k),
    out,
    0,
  );
  return { bias: out.bias[0]!, factors: out.factors };
}

/** r̂ for a model row (unclamped). */
export function predictRow(model: ServedModel, member: MemberVector, row: number): number {
  const k = model.factors;
  const q = model.itemFactors;
  const p = member.factors;
  const off = row * k;
  let dot = 0;
  for (let c = 0; c < k; c++) dot += p[c]! * q[off + c]!;
  return model.mu + member.bias + model.bias[row]! + dot;
}
