// One benchmark size: generate, split 90/10, fit every predictor on the 90%, score it on the 10%.
import { type AlsParams, trainAls } from "../../apps/server/src/modules/recommend/als.js";
import { createRng } from "../../apps/server/src/modules/recommend/prng.js";
import { biasBaseline, globalMean, type Predictor, score, type Split, trainSgd } from "./baselines.js";
import { foldIn } from "../../apps/server/src/modules/recommend/fold-in.js";
import { itemNorms, type ServedModel } from "../../apps/server/src/modules/recommend/model.js";
import { generate, type SyntheticMarks, type SyntheticShape, type SyntheticTruth, truthMean } from "./synthetic.js";

export interface ResultRow {
  name: string;
  rmse: number;
  mae: number;
  /** Training CPU seconds (user + system) and wall seconds. */
  seconds: number | null;
  wallSeconds: number | null;
  peakRssMb: number | null;
}

export interface SizeResult {
  size: string;
  ratings: number;
  /** Implicit marks drawn (보고싶어요, 관심없어요), all used for training the "stars + marks" model. */
  marks: number;
  users: number;
  items: number;
  test: number;
  rows: ResultRow[];
}

function split(data: Split, seed: number): { train: Split; test: Split } {
  const rng = createRng(seed);
  const isTest = Uint8Array.from(data.values, () => (rng.next() < 0.1 ? 1 : 0));
  const take = (flagValue: number): Split => {
    const idx: number[] = [];
    isTest.forEach((t, i) => t === flagValue && idx.push(i));
    return {
      users: Int32Array.from(idx, (i) => data.users[i]!),
      items: Int32Array.from(idx, (i) => data.items[i]!),
      values: Float32Array.from(idx, (i) => data.values[i]!),
    };
  };
  return { train: take(0), test: take(1) };
}

const rssMb = () => process.resourceUsage().maxRSS / 1024;

/** CPU seconds (user + system) of `work`: the machine may be shared, so wall time would overstate the cost. */
function timed<T>(work: () => T): { value: T; seconds: number; wallSeconds: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = work();
  const used = process.cpuUsage(cpu);
  return { value, seconds: (used.user + used.system) / 1e6, wallSeconds: (performance.now() - start) / 1000 };
}

/** Our model through the server's own training code; ids are dense indexes here, so the lookup is direct. */
function alsPredictor(
  train: Split & { kinds?: Uint8Array },
  params: AlsParams,
): { predict: Predictor; factors: number; seconds: number; wallSeconds: number } {
  const { value: model, seconds, wallSeconds } = timed(() => trainAls(train, params));
  const userIndex = new Map<number, number>();
  model.userIds.forEach((id, i) => userIndex.set(id, i));
  const itemIndex = new Map<number, number>();
  model.itemIds.forEach((id, i) => itemIndex.set(id, i));
  const k = model.factors;
  const predict: Predictor = (user, item) => {
    const u = userIndex.get(user);
    const m = itemIndex.get(item);
    let r = model.mu + (u === undefined ? 0 : model.users.bias[u]!) + (m === undefined ? 0 : model.items.bias[m]!);
    if (u !== undefined && m !== undefined) {
      for (let c = 0; c < k; c++) r += model.users.factors[u * k + c]! * model.items.factors[m * k + c]!;
    }
    return r;
  };
  return { predict, factors: k, seconds, wallSeconds };
}

/**
 * A bound on what the data allow: the TRUE movie factors and biases, with each member fitted from their training
 * ratings by the server's own fold-in under the true priors. The gap between this and the oracle is the cost of
 * estimating members alone from that many ratings; a real model must also estimate the movies.
 */
function trueMoviesFittedMembers(train: Split, truth: SyntheticTruth, users: number, items: number): Predictor {
  const k = truth.rank;
  const model: ServedModel = {
    id: 0,
    trainedAt: "",
    revision: 2,
    marks: 0,
    markSd: new Float64Array(0),
    ratingsSeen: train.values.length,
    mu: truth.mu,
    factors: k,
    // Noise plus the variance of half-star rounding (0.5² / 12).
    noiseVar: truth.signal.noiseSd ** 2 + 0.25 / 12,
    userPrecision: Float64Array.from([1 / truth.signal.userBiasSd ** 2, ...truth.componentSd.map((sd) => 1 / sd ** 2)]),
    itemBiasPrecision: 1 / truth.signal.itemBiasSd ** 2,
    movieIds: Int32Array.from({ length: items }, (_, i) => i),
    bias: Float32Array.from(truth.itemBias),
    itemFactors: Float32Array.from(truth.itemFactors),
    itemVariance: new Float32Array(items * (k + 1)),
    itemNorms: itemNorms(Float32Array.from(truth.itemFactors), k),
  };
  const byUser: Array<Array<{ movieId: number; rating: number }>> = Array.from({ length: users }, () => []);
  train.values.forEach((rating, e) => byUser[train.users[e]!]!.push({ movieId: train.items[e]!, rating }));
  const members = byUser.map((ratings) =>
    foldIn(
      model,
      ratings.sort((a, b) => a.movieId - b.movieId),
      () => undefined,
    ),
  );
  return (user, item) => {
    const member = members[user]!;
    let r = truth.mu + member.bias + truth.itemBias[item]!;
    for (let c = 0; c < k; c++) r += member.factors[c]! * truth.itemFactors[item * k + c]!;
    return r;
  };
}

export function evaluate(size: string, shape: SyntheticShape, params: AlsParams, withSgd: boolean): SizeResult {
  const data = generate(shape);
  const { train, test } = split(data, shape.seed + 1);
  const rows: ResultRow[] = [];
  const add = (name: string, predict: Predictor, time?: { seconds: number; wallSeconds: number }, peakRssMb?: number) =>
    rows.push({
      name,
      ...score(test, predict),
      seconds: time?.seconds ?? null,
      wallSeconds: time?.wallSeconds ?? null,
      peakRssMb: peakRssMb ?? null,
    });

  add("global mean", globalMean(train));
  // The baseline's λ is picked on the held-out set itself: a deliberately generous baseline.
  const biasRuns = [1, 3, 5, 10, 25].map((lambda) => {
    const predict = biasBaseline(train, shape.users, shape.items, lambda);
    return { lambda, predict, rmse: score(test, predict).rmse };
  });
  const bestBias = biasRuns.reduce((a, b) => (b.rmse < a.rmse ? b : a));
  add(`user + item bias (λ=${bestBias.lambda}, best on test)`, bestBias.predict);
  const als = alsPredictor(train, params);
  add(`ALS (ours, stars only, ≤ ${params.factors} factors, ${als.factors} kept)`, als.predict, als, rssMb());
  const withMarks = alsPredictor(withMarksOf(train, data.marks), params);
  add(
    `ALS (ours, stars + marks, ≤ ${params.factors} factors, ${withMarks.factors} kept)`,
    withMarks.predict,
    withMarks,
    rssMb(),
  );
  if (withSgd) {
    // Learning rate, λ and epochs picked on the 100k held-out set (a generous SGD).
    const sgdParams = { factors: params.factors, epochs: 60, rate: 0.02, lambda: 0.05, seed: params.seed };
    const sgd = timed(() => trainSgd(train, shape.users, shape.items, sgdParams));
    add(`SGD (same model, ${sgdParams.epochs} epochs)`, sgd.value, sgd);
  }
  add("true movies + fitted members (bound)", trueMoviesFittedMembers(train, data.truth, shape.users, shape.items));
  add("oracle (true factors)", (u, m) => truthMean(data.truth, u, m));
  return {
    size,
    ratings: data.values.length,
    marks: data.marks.kinds.length,
    users: shape.users,
    items: shape.items,
    test: test.values.length,
    rows,
  };
}

/** The training ratings plus every mark (marks are never held out: the test set is ratings). */
function withMarksOf(train: Split, marks: SyntheticMarks): Split & { kinds: Uint8Array } {
  const n = train.values.length;
  const m = marks.kinds.length;
  const users = new Int32Array(n + m);
  const items = new Int32Array(n + m);
  users.set(train.users);
  users.set(marks.users, n);
  items.set(train.items);
  items.set(marks.items, n);
  const kinds = new Uint8Array(n + m);
  kinds.set(marks.kinds, n);
  const values = new Float32Array(n + m);
  values.set(train.values);
  return { users, items, values, kinds };
}

export interface CeilingRow {
  ceiling: number;
  kept: number;
  rmse: number;
  seconds: number;
}

/** Stars-only ALS at several factor ceilings on one size (the pruning check: a larger ceiling never costs accuracy). */
export function ceilings(shape: SyntheticShape, params: AlsParams, values: number[]): CeilingRow[] {
  const data = generate(shape);
  const { train, test } = split(data, shape.seed + 1);
  return values.map((ceiling) => {
    const als = alsPredictor(train, { ...params, factors: ceiling });
    return { ceiling, kept: als.factors, rmse: score(test, als.predict).rmse, seconds: als.seconds };
  });
}
