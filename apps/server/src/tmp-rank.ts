import { openDatabase } from "./db/connection.js";
import { systemClock } from "./lib/time.js";
import { createRecommendService } from "./modules/recommend/service.js";
const handle = openDatabase({ kind: "sqlite", file: "../../var/bench.db" });
const svc = createRecommendService({ db: handle.db, clock: systemClock });
await svc.predict(1, 1);
let total = 0n;
for (let u = 2; u < 600; u++) {
  await svc.predict(u, 1);
  const t = process.hrtime.bigint();
  await svc.predictedQueue(u, 20);
  total += process.hrtime.bigint() - t;
}
console.log("mean µs", Number(total / 598n) / 1e3);
process.exit(0);
