import { trainAls, DEFAULT_ALS_PARAMS } from "../../apps/server/src/modules/recommend/als.js";
import { generate } from "../recommend/synthetic.js";
const [users, items, ratings] = process.argv.slice(2).map(Number);
const d = generate({ users: users!, items: items!, ratings: ratings!, rank: 8, seed: 7 });
const c0 = process.cpuUsage(), t0 = performance.now();
trainAls(d, { ...DEFAULT_ALS_PARAMS, iterations: Number(process.env.IT ?? 16) });
const c = process.cpuUsage(c0);
console.log(`n=${d.values.length} wall ${((performance.now() - t0) / 1000).toFixed(2)}s cpu ${((c.user + c.system) / 1e6).toFixed(2)}s`);
