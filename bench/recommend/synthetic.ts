// Synthetic ratings with a known ground truth: r = μ + b_u + b_m + p_u·q_m + noise, clamped to 0.5–5 and rounded
// to half stars, sampled with popularity skew (Zipf-like movies, log-normal member activity, ≥ 20 ratings per
// member as in the MovieLens releases). The truth lets the benchmark score an oracle next to the learned model.
// Besides stars, each member leaves implicit marks drawn from the same latent tastes: 보고싶어요 (want to see) on
// unrated films they would like, 관심없어요 (dismissed) on films they would not.
import { createRng, type Rng } from "../../apps/server/src/modules/recommend/prng.js";
import { SIGNAL_DISMISSED, SIGNAL_WANT } from "../../apps/server/src/modules/recommend/signals.js";

export interface SyntheticShape {
  users: number;
  items: number;
  ratings: number;
  /** Rank of the true interaction term. */
  rank: number;
  seed: number;
  /** Overrides of SIGNAL and SPECTRUM_DECAY (experiments: `bench:recommend -- --noise=… --decay=…`). */
  signal?: Partial<Signal>;
}

export interface SyntheticTruth {
  mu: number;
  userBias: Float64Array;
  itemBias: Float64Array;
  userFactors: Float64Array;
  itemFactors: Float64Array;
  rank: number;
  /** Standard deviation of each factor component (members and movies alike). */
  componentSd: number[];
  signal: Signal;
}

/** Implicit marks on films the member did not rate: kind SIGNAL_WANT or SIGNAL_DISMISSED (signals.ts). */
export interface SyntheticMarks {
  users: Int32Array;
  items: Int32Array;
  kinds: Uint8Array;
}

export interface SyntheticData {
  users: Int32Array;
  items: Int32Array;
  values: Float32Array;
  marks: SyntheticMarks;
  truth: SyntheticTruth;
}

/**
 * Marks: each member looks at MARK_LOOKS × (their rating count) more films, drawn by popularity among those they did
 * not rate, and judges each by the rating they would give it (the truth plus the rating noise): at WANT_FROM or
 * above they mark it 보고싶어요, at DISMISS_BELOW or below 관심없어요, else nothing. About 0.3 marks per rating.
 */
export const MARKS = Object.freeze({ looks: 0.6, wantFrom: 4.0, dismissBelow: 2.5 });

/**
 * Rank of the benchmark's true taste term, the same at every size. Each strong taste dimension has to be estimated
 * for every member and every movie, which at the MovieLens-100K density (~100 ratings a member, ~60 a movie) costs
 * any learner about 1.4% RMSE over the oracle; the README's recommender section shows the measured trade-off.
 */
export const BENCH_TRUE_RANK = 2;

export interface Signal {
  mu: number;
  userBiasSd: number;
  itemBiasSd: number;
  interactionSd: number;
  noiseSd: number;
  /** Variance of taste component c+1 relative to component c. */
  decay: number;
}

/** Spread of each part of the signal (stars); chosen so biases and taste both matter, as in real rating data. */
export const SIGNAL: Readonly<Signal> = Object.freeze({
  mu: 3.55,
  userBiasSd: 0.35,
  itemBiasSd: 0.45,
  interactionSd: 0.6,
  noiseSd: 0.6,
  decay: 0.75,
});
const MIN_PER_USER = 20;

/** Walker's alias table: O(1) draws from a fixed discrete distribution. */
function aliasTable(weights: Float64Array): { prob: Float64Array; alias: Int32Array } {
  const n = weights.length;
  let total = 0;
  for (const w of weights) total += w;
  const prob = new Float64Array(n);
  const alias = new Int32Array(n);
  const scaled = Float64Array.from(weights, (w) => (w * n) / total);
  const small: number[] = [];
  const large: number[] = [];
  scaled.forEach((p, i) => (p < 1 ? small : large).push(i));
  while (small.length && large.length) {
    const s = small.pop()!;
    const l = large.pop()!;
    prob[s] = scaled[s]!;
    alias[s] = l;
    scaled[l] = scaled[l]! + scaled[s]! - 1;
    (scaled[l]! < 1 ? small : large).push(l);
  }
  for (const i of [...small, ...large]) prob[i] = 1;
  return { prob, alias };
}

function drawAlias(table: { prob: Float64Array; alias: Int32Array }, rng: Rng): number {
  const i = Math.floor(rng.next() * table.prob.length);
  return rng.next() < table.prob[i]! ? i : table.alias[i]!;
}

function truthFor(shape: SyntheticShape, signal: Signal, rng: Rng): SyntheticTruth {
  const { users, items, rank } = shape;
  // Decaying component variances (a few strong tastes, then weaker ones), scaled to the interaction variance.
  const weights = Array.from({ length: rank }, (_, c) => signal.decay ** c);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const componentSd = weights.map((w) => Math.sqrt(Math.sqrt((signal.interactionSd ** 2 * w) / weightSum)));
  const factors = (n: number) => {
    const out = new Float64Array(n * rank);
    for (let i = 0; i < n; i++) for (let c = 0; c < rank; c++) out[i * rank + c] = rng.normal() * componentSd[c]!;
    return out;
  };
  return {
    mu: signal.mu,
    userBias: Float64Array.from({ length: users }, () => rng.normal() * signal.userBiasSd),
    itemBias: Float64Array.from({ length: items }, () => rng.normal() * signal.itemBiasSd),
    userFactors: factors(users),
    itemFactors: factors(items),
    rank,
    componentSd,
    signal,
  };
}

/** The noiseless expected rating the oracle predicts (before half-star rounding). */
export function truthMean(truth: SyntheticTruth, user: number, item: number): number {
  let dot = 0;
  const r = truth.rank;
  for (let c = 0; c < r; c++) dot += truth.userFactors[user * r + c]! * truth.itemFactors[item * r + c]!;
  return truth.mu + truth.userBias[user]! + truth.itemBias[item]! + dot;
}

export function generate(shape: SyntheticShape): SyntheticData {
  const rng = createRng(shape.seed);
  const signal: Signal = { ...SIGNAL, ...shape.signal };
  const truth = truthFor(shape, signal, rng);
  // Movie popularity: Zipf-like over a random permutation of movie indexes.
  const popularity = new Float64Array(shape.items);
  for (let i = 0; i < shape.items; i++) popularity[i] = 1 / (i + 10) ** 0.9;
  for (let i = shape.items - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [popularity[i], popularity[j]] = [popularity[j]!, popularity[i]!];
  }
  const table = aliasTable(popularity);
  // Member activity: log-normal around the mean needed for the target count, at least MIN_PER_USER.
  const meanExtra = Math.max(1, shape.ratings / shape.users - MIN_PER_USER);
  // Nobody rates more than 60% of the catalogue (sampling without replacement needs room).
  const cap = Math.floor(shape.items * 0.6);
  const counts = Array.from({ length: shape.users }, () =>
    Math.min(cap, MIN_PER_USER + Math.round(meanExtra * Math.exp(rng.normal() * 1.0 - 0.5))),
  );
  // The cap trims the log-normal tail: hand the shortfall back in proportion, so the total meets the target.
  const drawn = counts.reduce((a, b) => a + b, 0);
  const scale = shape.ratings / drawn;
  for (let u = 0; u < counts.length; u++) counts[u] = Math.min(cap, Math.round(counts[u]! * scale));
  const total = counts.reduce((a, b) => a + b, 0);
  const users = new Int32Array(total);
  const items = new Int32Array(total);
  const values = new Float32Array(total);
  let e = 0;
  const seen = new Set<number>();
  for (let u = 0; u < shape.users; u++) {
    seen.clear();
    while (seen.size < counts[u]!) seen.add(drawAlias(table, rng));
    for (const m of seen) {
      const raw = truthMean(truth, u, m) + rng.normal() * signal.noiseSd;
      users[e] = u;
      items[e] = m;
      values[e] = Math.min(5, Math.max(0.5, Math.round(raw * 2) / 2));
      e++;
    }
  }
  return { users, items, values, marks: drawMarks(shape, truth, signal, table, users, items, counts), truth };
}

/** Marks from their own random stream, so the ratings are the same with or without them. */
function drawMarks(
  shape: SyntheticShape,
  truth: SyntheticTruth,
  signal: Signal,
  table: { prob: Float64Array; alias: Int32Array },
  ratedUsers: Int32Array,
  ratedItems: Int32Array,
  counts: number[],
): SyntheticMarks {
  const rng = createRng(shape.seed + 1_000_003);
  const users: number[] = [];
  const items: number[] = [];
  const kinds: number[] = [];
  const rated = new Set<number>();
  const looked = new Set<number>();
  let e = 0;
  for (let u = 0; u < shape.users; u++) {
    rated.clear();
    looked.clear();
    const start = e;
    while (e < ratedUsers.length && ratedUsers[e] === u) e++;
    // The ratings of member u are entries start…e (generated member by member); their films are not marked.
    for (let i = start; i < e; i++) rated.add(ratedItems[i]!);
    const looks = Math.min(Math.round(MARKS.looks * counts[u]!), shape.items - rated.size);
    let tries = 0;
    while (looked.size < looks && tries++ < looks * 20) {
      const m = drawAlias(table, rng);
      if (!rated.has(m)) looked.add(m);
    }
    for (const m of looked) {
      const would = truthMean(truth, u, m) + rng.normal() * signal.noiseSd;
      const kind = would >= MARKS.wantFrom ? SIGNAL_WANT : would <= MARKS.dismissBelow ? SIGNAL_DISMISSED : 0;
      if (kind === 0) continue;
      users.push(u);
      items.push(m);
      kinds.push(kind);
    }
  }
  return { users: Int32Array.from(users), items: Int32Array.from(items), kinds: Uint8Array.from(kinds) };
}
