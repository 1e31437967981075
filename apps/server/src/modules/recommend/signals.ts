// What the recommender learns from: stars, and four implicit marks a member leaves without a star — 보고싶어요
// (status WatchList), 보는 중 (Watching), a written comment, and 관심없어요 (a dismissal). See docs/recommender.md.
//
// A mark is a censored rating: it does not say how many stars the member would give, only on which side of their
// own usual rating (μ + b_u) it would fall — above for 보고싶어요, 보는 중 and a comment, below for 관심없어요. In
// the latent model y = b_m + p_u·q_m + ε (the would-be rating minus the member's usual, ε ~ N(0, σ²)) a mark is
// the event y ≥ 0 or y ≤ 0, and training handles it by expectation–maximisation, as censored regression (Tobit):
// each sweep replaces the mark by E[y | the event] under the current fit, which the row solves then treat as an
// observation. A film the model already rates well above the member's usual gets a target equal to its prediction
// (the mark adds nothing); one predicted below it is pulled up by about σ_s·φ/Φ.
//
// How far marks of a kind are trusted is learned too: each kind has its own noise σ_s ≥ σ, the maximum-likelihood
// value of P(marks | fit) = Π Φ(side·x̂/σ_s). Marks that agree with the tastes the stars show give a small σ_s (up to
// the weight of a rating); marks that contradict them (noise, or a kind that means something else) a large one, and
// weigh σ²/σ_s² in the solves. No weight, offset or threshold is hand-set.
// A hidden row (rating 0, status "", content "": API.md §4.5) is no signal at all.

export const SIGNAL_RATING = 0;
export const SIGNAL_WANT = 1;
export const SIGNAL_WATCHING = 2;
export const SIGNAL_TEXT = 3;
export const SIGNAL_DISMISSED = 4;
export const SIGNAL_KINDS = 5;
export type SignalKind = 0 | 1 | 2 | 3 | 4;

/** Side of the member's usual rating a mark puts the film on (+1 above, −1 below); 0 for a rating. */
export const MARK_SIDE: Readonly<Record<SignalKind, number>> = Object.freeze({ 0: 0, 1: 1, 2: 1, 3: 1, 4: -1 });

const SQRT2 = Math.SQRT2;
const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

/** erfc(x) for x ≥ 0 (Numerical Recipes' Chebyshev fit, relative error < 1.2e-7). */
function erfcPositive(x: number): number {
  const t = 1 / (1 + 0.5 * x);
  const poly =
    -x * x -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  return t * Math.exp(poly);
}

/** φ(z)/Φ(z), the inverse Mills ratio, stable for very negative z (where it tends to −z). */
export function millsRatio(z: number): number {
  const density = INV_SQRT_2PI * Math.exp(-0.5 * z * z);
  // Φ(z) = erfc(−z/√2)/2; for z < 0 that is erfc of a positive argument, so small values keep their precision.
  const cdf = z >= 0 ? 1 - 0.5 * erfcPositive(z / SQRT2) : 0.5 * erfcPositive(-z / SQRT2);
  if (cdf < 1e-300 || density === 0) return -z;
  return density / cdf;
}

/** log Φ(z), accurate far into the lower tail (where Φ underflows). */
export function logCdf(z: number): number {
  if (z > -5) return Math.log(z >= 0 ? 1 - 0.5 * erfcPositive(z / SQRT2) : 0.5 * erfcPositive(-z / SQRT2));
  // Φ(z) = φ(z) / (φ/Φ)(z).
  return -0.5 * z * z - Math.log(Math.sqrt(2 * Math.PI)) - Math.log(millsRatio(z));
}

/** Largest σ_s tried, in multiples of the rating noise: marks this noisy weigh 1/400 of a rating. */
const MAX_MARK_SD_RATIO = 20;

/**
 * The maximum-likelihood noise σ_s ∈ [noiseSd, 20·noiseSd] of marks whose margins (side · predicted taste) are
 * `margins[0…n)`: argmax Σ log Φ(margin/σ_s), by golden-section search over log σ_s (the likelihood is unimodal
 * there: it falls to −∞ as σ_s → 0 when a margin is negative, and flattens to n·log ½ as σ_s grows).
 */
export function fitMarkSd(margins: Float64Array, n: number, noiseSd: number): number {
  if (n === 0) return noiseSd * MAX_MARK_SD_RATIO;
  const likelihood = (logSd: number) => {
    const sd = Math.exp(logSd);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += logCdf(margins[i]! / sd);
    return sum;
  };
  const golden = (Math.sqrt(5) - 1) / 2;
  let lo = Math.log(noiseSd);
  let hi = Math.log(noiseSd * MAX_MARK_SD_RATIO);
  let a = hi - golden * (hi - lo);
  let b = lo + golden * (hi - lo);
  let fa = likelihood(a);
  let fb = likelihood(b);
  for (let step = 0; step < 24; step++) {
    if (fa >= fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - golden * (hi - lo);
      fa = likelihood(a);
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + golden * (hi - lo);
      fb = likelihood(b);
    }
  }
  // The interval's end when the optimum is there (every margin positive: as trusted as a rating).
  const best = (lo + hi) / 2;
  const edges = [Math.log(noiseSd), Math.log(noiseSd * MAX_MARK_SD_RATIO)];
  const candidates = [best, ...edges].map((x) => ({ x, f: likelihood(x) }));
  return Math.exp(candidates.reduce((p, c) => (c.f > p.f ? c : p)).x);
}

/**
 * E[y | side·y ≥ 0] for y ~ N(predicted, noiseSd²): the value a mark stands for under the current fit (the E step of
 * the censored model).
 */
export function markTarget(predicted: number, side: number, noiseSd: number): number {
  return predicted + side * noiseSd * millsRatio((side * predicted) / noiseSd);
}

/** The review row fields the signal depends on; `has_text` is 1 when `content` is not empty. */
export interface ReviewSignalRow {
  movie_id: number;
  rating: number;
  status: string;
  has_text: number | boolean | string;
}

/** The signal of one review row: its rating, else its status, else its text; null for a hidden (empty) row. */
export function reviewSignal(row: ReviewSignalRow): SignalKind | null {
  if (Number(row.rating) > 0) return SIGNAL_RATING;
  if (row.status === "WatchList") return SIGNAL_WANT;
  if (row.status === "Watching") return SIGNAL_WATCHING;
  if (Number(row.has_text) === 1 || row.has_text === true) return SIGNAL_TEXT;
  return null;
}

/** One signal of a member: a rating (value > 0) or a mark (value 0). */
export interface MemberSignal {
  movieId: number;
  rating: number;
  kind: SignalKind;
}

/**
 * A member's signals in movie id order (the order a training sweep sums in): one per film, the review row's own
 * signal first, a dismissal only for a film without one (a star or a status says more than 관심없어요).
 */
export function memberSignals(reviews: readonly ReviewSignalRow[], dismissed: readonly number[]): MemberSignal[] {
  const out: MemberSignal[] = [];
  const seen = new Set<number>();
  for (const row of reviews) {
    const kind = reviewSignal(row);
    if (kind === null) continue;
    seen.add(row.movie_id);
    out.push({ movieId: row.movie_id, rating: kind === SIGNAL_RATING ? Number(row.rating) : 0, kind });
  }
  for (const movieId of dismissed) {
    if (!seen.has(movieId)) {
      seen.add(movieId);
      out.push({ movieId, rating: 0, kind: SIGNAL_DISMISSED });
    }
  }
  return out.sort((a, b) => a.movieId - b.movieId);
}
