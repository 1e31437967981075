// Reference predictors for the quality benchmark: global mean, the user + item bias baseline, and (for comparison
// with our ALS) biased matrix factorisation trained by stochastic gradient descent.
import { createRng } from "../../apps/server/src/modules/recommend/prng.js";

export interface Split {
  users: Int32Array;
  items: Int32Array;
  values: Float32Array;
}

export type Predictor = (user: number, item: number) => number;

export function globalMean(train: Split): Predictor {
  let sum = 0;
  for (const v of train.values) sum += v;
  const mu = sum / train.values.length;
  return () => mu;
}

/** b_u, b_m by alternating regularised means (Koren's baseline predictor), `sweeps` passes. */
export function biasBaseline(train: Split, userCount: number, itemCount: number, lambda: number, sweeps = 10) {
  let sum = 0;
  for (const v of train.values) sum += v;
  const mu = sum / train.values.length;
  const bu = new Float64Array(userCount);
  const bm = new Float64Array(itemCount);
  const acc = new Float64Array(Math.max(userCount, itemCount));
  const cnt = new Float64Array(Math.max(userCount, itemCount));
  for (let s = 0; s < sweeps; s++) {
    acc.fill(0);
    cnt.fill(0);
    for (let e = 0; e < train.values.length; e++) {
      const m = train.items[e]!;
      acc[m]! += train.values[e]! - mu - bu[train.users[e]!]!;
      cnt[m]!++;
    }
    for (let m = 0; m < itemCount; m++) bm[m] = acc[m]! / (cnt[m]! + lambda);
    acc.fill(0);
    cnt.fill(0);
    for (let e = 0; e < train.values.length; e++) {
      const u = train.users[e]!;
      acc[u]! += train.values[e]! - mu - bm[train.items[e]!]!;
      cnt[u]!++;
    }
    for (let u = 0; u < userCount; u++) bu[u] = acc[u]! / (cnt[u]! + lambda);
  }
  return (user: number, item: number) => mu + bu[user]! + bm[item]!;
}

export interface SgdParams {
  factors: number;
  epochs: number;
  rate: number;
  lambda: number;
  seed: number;
}

/** Funk/Koren-style SGD for the same model r̂ = μ + b_u + b_m + p·q, shuffled with a fixed seed each epoch. */
export function trainSgd(train: Split, userCount: number, itemCount: number, p: SgdParams): Predictor {
  const k = p.factors;
  const rng = createRng(p.seed);
  let sum = 0;
  for (const v of train.values) sum += v;
  const mu = sum / train.values.length;
  const bu = new Float32Array(userCount);
  const bm = new Float32Array(itemCount);
  const pu = Float32Array.from({ length: userCount * k }, () => rng.normal() * 0.1);
  const qm = Float32Array.from({ length: itemCount * k }, () => rng.normal() * 0.1);
  const order = Int32Array.from({ length: train.values.length }, (_, i) => i);
  for (let epoch = 0; epoch < p.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rng.next() * (i + 1));
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    const rate = p.rate / (1 + epoch * 0.05);
    for (let n = 0; n < order.length; n++) {
      const e = order[n]!;
      const u = train.users[e]!;
      const m = train.items[e]!;
      const uo = u * k;
      const mo = m * k;
      let dot = 0;
      for (let c = 0; c < k; c++) dot += pu[uo + c]! * qm[mo + c]!;
      const err = train.values[e]! - (mu + bu[u]! + bm[m]! + dot);
      bu[u]! += rate * (err - p.lambda * bu[u]!);
      bm[m]! += rate * (err - p.lambda * bm[m]!);
      for (let c = 0; c < k; c++) {
        const a = pu[uo + c]!;
        const b = qm[mo + c]!;
        pu[uo + c] = a + rate * (err * b - p.lambda * a);
        qm[mo + c] = b + rate * (err * a - p.lambda * b);
      }
    }
  }
  return (user, item) => {
    let dot = 0;
    for (let c = 0; c < k; c++) dot += pu[user * k + c]! * qm[item * k + c]!;
    return mu + bu[user]! + bm[item]! + dot;
  };
}

export function score(test: Split, predict: Predictor): { rmse: number; mae: number } {
  let se = 0;
  let ae = 0;
  for (let e = 0; e < test.values.length; e++) {
    const p = Math.min(5, Math.max(0.5, predict(test.users[e]!, test.items[e]!)));
    const d = p - test.values[e]!;
    se += d * d;
    ae += Math.abs(d);
  }
  return { rmse: Math.sqrt(se / test.values.length), mae: ae / test.values.length };
}
