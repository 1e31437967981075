// Fold-in: the caller's bias and taste vector re-fitted per request from their CURRENT ratings against the fixed
// movie factors of the served model — the same row solve as a training sweep — so a rating made a second ago
// already moves their predictions, and members who joined after training are served too. Their implicit marks
// (signals.ts) count as in training, by a few expectation–maximisation steps: solve, re-read each mark as the expected
// rating under that solution, solve again.
import { modelRow, type ServedModel } from "./model.js";
import { createScratch, solveRow } from "./ridge.js";
import { MARK_SIDE, markTarget, SIGNAL_RATING, type SignalKind } from "./signals.js";

/** A rating (kind absent or SIGNAL_RATING, rating > 0) or an implicit mark (rating ignored). */
export interface MemberRating {
  movieId: number;
  rating: number;
  kind?: SignalKind;
}

/**
 * Solves after the first (stars and marks at their prior reading): 3 re-reads move the folded-in vector by less than
 * 1% of its length on the benchmark (each is one (k + 1)² solve over the member's rows, a few microseconds).
 */
export const FOLD_IN_EM_STEPS = 3;

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
  signals: readonly MemberRating[],
  totalsOf: (movieId: number) => RatingTotals | undefined,
): MemberVector {
  const k = model.factors;
  const useMarks = model.revision >= 2 && model.marks > 0 && model.markSd.length > 0;
  // Marks on movies the model has no factors for say nothing about taste: they are left out.
  const entries = signals.filter(
    (s) => (s.kind ?? SIGNAL_RATING) === SIGNAL_RATING || (useMarks && modelRow(model, s.movieId) >= 0),
  );
  const n = entries.length;
  const targets = new Float64Array(n);
  const rows = new Int32Array(n);
  const movieBias = new Float64Array(n);
  const noBias = new Uint8Array(n);
  const weight = new Float64Array(n);
  let marks = 0;
  for (let e = 0; e < n; e++) {
    const { movieId, rating, kind = SIGNAL_RATING } = entries[e]!;
    const row = modelRow(model, movieId);
    rows[e] = row;
    movieBias[e] = row >= 0 ? model.bias[row]! : coldMovieBias(model, totalsOf(movieId));
    if (kind === SIGNAL_RATING) {
      targets[e] = rating - model.mu - movieBias[e]!;
      weight[e] = 1;
    } else {
      // A mark weighs σ²/σ_s² of a rating, as in training.
      noBias[e] = 1;
      weight[e] = model.noiseVar / model.markSd[kind]! ** 2;
      marks++;
    }
  }
  const out = { bias: new Float32Array(1), factors: new Float32Array(k), variance: new Float32Array(k + 1) };
  const scratch = createScratch(k);
  const other = { factors: model.itemFactors, variance: model.itemVariance };
  const prior = { factors: k, precision: model.userPrecision, noiseVar: model.noiseVar };
  // Training's first sweep reads a mark from a zero taste vector; the E steps then follow the member's own solution.
  for (let step = 0; step <= (marks > 0 ? FOLD_IN_EM_STEPS : 0); step++) {
    for (let e = 0; e < n; e++) {
      const kind = entries[e]!.kind ?? SIGNAL_RATING;
      if (kind === SIGNAL_RATING) continue;
      const off = rows[e]! * k;
      let dot = 0;
      for (let c = 0; c < k; c++) dot += out.factors[c]! * model.itemFactors[off + c]!;
      targets[e] = markTarget(movieBias[e]! + dot, MARK_SIDE[kind], model.markSd[kind]!) - movieBias[e]!;
    }
    solveRow(n, targets, rows, other, prior, scratch, out, 0, marks > 0 ? { weight, noBias } : undefined);
  }
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
