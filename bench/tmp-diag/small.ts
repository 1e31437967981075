import { trainAls } from "../../apps/server/src/modules/recommend/als.js";
const users: number[] = [], items: number[] = [], values: number[] = [];
for (let g = 0; g < 2; g++) for (let i = 0; i < 12; i++) { const u = g * 12 + i + 1;
  for (let f = 0; f < 24; f++) { if ((f + i) % 3 === 0) continue; const loves = (f < 12) === (g === 0);
    users.push(u); items.push(f + 1); values.push(loves ? 4.5 + ((f + i) % 2) * 0.5 : 1 + ((f + i) % 3) * 0.5); } }
const t = trainAls({ users: Int32Array.from(users), items: Int32Array.from(items), values: Float32Array.from(values) }, { factors: 24, iterations: Number(process.argv[2] ?? 16), seed: 20240601 });
console.log("noise", t.noiseVar, "mu", t.mu, "uprec", Array.from(t.userPrecision.slice(0, 5)).map(x => x.toFixed(2)), "iprec", Array.from(t.itemPrecision.slice(0, 5)).map(x => x.toFixed(2)));
console.log("ibias", Array.from(t.items.bias.slice(0, 6)).map(x => x.toFixed(2)), "if0", Array.from(t.items.factors.slice(0, 4)).map(x => x.toFixed(3)));
