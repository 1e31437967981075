import { measureLatency } from "../recommend/latency.js";
const rows = await measureLatency((l) => console.error(l));
console.log(rows);
