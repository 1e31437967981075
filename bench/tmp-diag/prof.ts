import { DEFAULT_ALS_PARAMS, trainAls } from "../../apps/server/src/modules/recommend/als.js";
import { decodeModel, encodeModel } from "../../apps/server/src/modules/recommend/model.js";
import { foldIn } from "../../apps/server/src/modules/recommend/fold-in.js";
import { rankByModel } from "../../apps/server/src/modules/recommend/ranking.js";
import { generate } from "../recommend/synthetic.js";
const data = generate({ users: 2000, items: 100000, ratings: 300000, rank: 8, seed: 21 });
const trained = trainAls({ users: data.users.map(u => u + 1), items: data.items.map(m => m + 1), values: data.values }, { ...DEFAULT_ALS_PARAMS, iterations: 4 });
const t0 = performance.now(); const payload = encodeModel(trained); const t1 = performance.now();
const model = decodeModel({ id: 1, trained_at: "x", ratings_seen: 1, payload }); const t2 = performance.now();
console.log("encode", (t1 - t0).toFixed(1), "decode", (t2 - t1).toFixed(1), "payload MB", (payload.length / 1e6).toFixed(1), "movies", model.movieIds.length);
const ids = Int32Array.from(model.movieIds); const counts = new Int32Array(ids.length).fill(3); const sums = new Float64Array(ids.length).fill(105);
const stats = { version: 1, ids, counts, sums, siteMean: 3.5 };
const ratings = Array.from({ length: 200 }, (_, i) => ({ movieId: model.movieIds[i * 300]!, rating: 0.5 + (i % 10) * 0.5 }));
const reviewed = new Set(ratings.map(r => r.movieId));
for (const mode of ["expect", "difference"] as const) {
  const times: number[] = []; const cpu0 = process.cpuUsage();
  for (let i = 0; i < 200; i++) { const s = performance.now(); const m = foldIn(model, ratings, () => undefined); rankByModel(model, m, stats, reviewed, mode, 50); times.push(performance.now() - s); }
  const c = process.cpuUsage(cpu0); times.sort((a, b) => a - b);
  console.log(mode, "p50", times[100]!.toFixed(2), "p95", times[190]!.toFixed(2), "cpu/req ms", ((c.user + c.system) / 1000 / 200).toFixed(2));
}
