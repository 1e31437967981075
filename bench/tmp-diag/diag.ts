import { trainAls, DEFAULT_ALS_PARAMS } from "../../apps/server/src/modules/recommend/als.js";
import { generate, truthMean } from "../recommend/synthetic.js";
import { createRng } from "../../apps/server/src/modules/recommend/prng.js";
import { buildRatingsMatrix } from "../../apps/server/src/modules/recommend/ratings-matrix.js";
import { createScratch, solveRidge } from "../../apps/server/src/modules/recommend/ridge.js";
const users = Number(process.argv[2] ?? 400), items = Number(process.argv[3] ?? 1200);
const d = generate({ users, items, ratings: 100000, rank: 8, seed: 7 });
const rng = createRng(8);
const isTest = Uint8Array.from(d.values, () => (rng.next() < 0.1 ? 1 : 0));
const pick = (f: number) => { const idx: number[] = []; isTest.forEach((t, i) => t === f && idx.push(i));
  return { users: Int32Array.from(idx, i => d.users[i]!), items: Int32Array.from(idx, i => d.items[i]!), values: Float32Array.from(idx, i => d.values[i]!) }; };
const train = pick(0), test = pick(1);
const rmse = (pred: (u: number, m: number) => number, s = test) => { let se = 0; for (let e = 0; e < s.values.length; e++) { const p = Math.min(5, Math.max(0.5, pred(s.users[e]!, s.items[e]!))); se += (p - s.values[e]!) ** 2; } return Math.sqrt(se / s.values.length); };
console.log("oracle", rmse((u, m) => truthMean(d.truth, u, m)));
// semi-oracle: true item factors+bias, fit user bias+factors by ridge with lambda const
const k = 8; const mat = buildRatingsMatrix(train);
const itemF = Float32Array.from(d.truth.itemFactors);
for (const lam of [0.5, 1, 2, 4]) {
  const ub = new Float32Array(users), uf = new Float32Array(users * k); const sc = createScratch(k);
  for (let u = 0; u < users; u++) { const s = mat.byUser.rowPtr[u]!, n = mat.byUser.rowPtr[u + 1]! - s; const t = new Float64Array(n), r = new Int32Array(n);
    for (let e = 0; e < n; e++) { const m = mat.byUser.cols[s + e]!; r[e] = m; t[e] = mat.byUser.values[s + e]! - d.truth.mu - d.truth.itemBias[m]!; }
    solveRidge(n, t, r, itemF, { factors: k, lambda: lam / Math.max(n,1), lambdaBias: 2 }, sc, ub, uf, u); }
  console.log("semi-oracle users λ", lam, rmse((u, m) => { let p = d.truth.mu + ub[u]! + d.truth.itemBias[m]!; for (let c = 0; c < k; c++) p += uf[u * k + c]! * itemF[m * k + c]!; return p; }));
}
for (const lambda of [0.03, 0.05, 0.1]) {
const model = trainAls(train, { ...DEFAULT_ALS_PARAMS, lambda });
const pred = (u: number, m: number) => { let p = model.mu + model.userBias[u]! + model.itemBias[m]!; for (let c = 0; c < model.factors; c++) p += model.userFactors[u * model.factors + c]! * model.itemFactors[m * model.factors + c]!; return p; };
console.log("als λ", lambda, "train", rmse(pred, train), "test", rmse(pred));
}
// popularity split
{
const model = trainAls(train, { ...DEFAULT_ALS_PARAMS, lambda: 0.1 });
const cnt = new Int32Array(items); for (const m of train.items) cnt[m]!++;
const idx = new Map<number, number>(); model.itemIds.forEach((id, i) => idx.set(id, i));
const buckets = [[0, 20], [20, 50], [50, 100], [100, 200], [200, 1e9]];
for (const [lo, hi] of buckets) { let se = 0, so = 0, n = 0;
  for (let e = 0; e < test.values.length; e++) { const m = test.items[e]!, u = test.users[e]!; if (cnt[m]! < lo! || cnt[m]! >= hi!) continue; const mi = idx.get(m);
    let p = model.mu + model.userBias[u]! + (mi === undefined ? 0 : model.itemBias[mi]!); if (mi !== undefined) for (let c = 0; c < model.factors; c++) p += model.userFactors[u * model.factors + c]! * model.itemFactors[mi * model.factors + c]!;
    p = Math.min(5, Math.max(0.5, p)); se += (p - test.values[e]!) ** 2; so += (Math.min(5, Math.max(0.5, truthMean(d.truth, u, m))) - test.values[e]!) ** 2; n++; }
  console.log(`items with ${lo}-${hi} train ratings: n=${n} als ${Math.sqrt(se / n).toFixed(3)} oracle ${Math.sqrt(so / n).toFixed(3)}`); }
}
