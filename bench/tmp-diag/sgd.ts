import { generate } from "../recommend/synthetic.js";
import { trainSgd, score } from "../recommend/baselines.js";
import { createRng } from "../../apps/server/src/modules/recommend/prng.js";
const [users, items, ratings] = process.argv.slice(2, 5).map(Number);
const d = generate({ users: users!, items: items!, ratings: ratings!, rank: 8, seed: 7 });
const rng = createRng(8); const isTest = Uint8Array.from(d.values, () => (rng.next() < 0.1 ? 1 : 0));
const pick = (f: number) => { const idx: number[] = []; isTest.forEach((t, i) => t === f && idx.push(i)); return { users: Int32Array.from(idx, i => d.users[i]!), items: Int32Array.from(idx, i => d.items[i]!), values: Float32Array.from(idx, i => d.values[i]!) }; };
const train = pick(0), test = pick(1);
for (const rate of (process.env.RATES ?? "0.02").split(",").map(Number)) for (const lambda of (process.env.LS ?? "0.05,0.1").split(",").map(Number)) for (const epochs of (process.env.EP ?? "60,100").split(",").map(Number)) {
  const c0 = process.cpuUsage(); const p = trainSgd(train, users!, items!, { factors: 24, epochs, rate, lambda, seed: 1 }); const c = process.cpuUsage(c0);
  console.log(`rate ${rate} λ ${lambda} epochs ${epochs}: rmse ${score(test, p).rmse.toFixed(4)} cpu ${((c.user + c.system) / 1e6).toFixed(1)}s`);
}
