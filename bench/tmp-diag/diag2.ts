import { trainAls, DEFAULT_ALS_PARAMS } from "../../apps/server/src/modules/recommend/als.js";
import { generate, truthMean } from "../recommend/synthetic.js";
import { createRng } from "../../apps/server/src/modules/recommend/prng.js";
const users = Number(process.argv[2] ?? 400), items = Number(process.argv[3] ?? 1200), ratings = Number(process.argv[4] ?? 100000);
const d = generate({ users, items, ratings, rank: Number(process.env.RANK ?? 8), seed: 7 });
const rng = createRng(8);
const isTest = Uint8Array.from(d.values, () => (rng.next() < 0.1 ? 1 : 0));
const pick = (f: number) => { const idx: number[] = []; isTest.forEach((t, i) => t === f && idx.push(i));
  return { users: Int32Array.from(idx, i => d.users[i]!), items: Int32Array.from(idx, i => d.items[i]!), values: Float32Array.from(idx, i => d.values[i]!) }; };
const train = pick(0), test = pick(1);
const rmse = (pred: (u: number, m: number) => number, s = test) => { let se = 0; for (let e = 0; e < s.values.length; e++) { const p = Math.min(5, Math.max(0.5, pred(s.users[e]!, s.items[e]!))); se += (p - s.values[e]!) ** 2; } return Math.sqrt(se / s.values.length); };
console.log("ratings", d.values.length, "oracle", rmse((u, m) => truthMean(d.truth, u, m)).toFixed(4));
for (const lambda of (process.argv[5] ?? "0.05,0.1").split(",").map(Number)) for (const factors of (process.argv[6] ?? "24").split(",").map(Number)) {
const t0 = performance.now();
const model = trainAls(train, { ...DEFAULT_ALS_PARAMS, lambda, factors, iterations: Number(process.env.IT ?? 12) });
const ui = new Map<number, number>(); model.userIds.forEach((id, i) => ui.set(id, i));
const mi = new Map<number, number>(); model.itemIds.forEach((id, i) => mi.set(id, i));
const pred = (u0: number, m0: number) => { const u = ui.get(u0)!, m = mi.get(m0); if (m === undefined) return model.mu + model.userBias[u]!; let p = model.mu + model.userBias[u]! + model.itemBias[m]!; for (let c = 0; c < model.factors; c++) p += model.userFactors[u * model.factors + c]! * model.itemFactors[m * model.factors + c]!; return p; };
console.log("als λ", lambda, "k", factors, "train", rmse(pred, train).toFixed(4), "test", rmse(pred).toFixed(4), ((performance.now() - t0) / 1000).toFixed(1) + "s");
}
