import { generate, truthMean } from "../recommend/synthetic.js";
import { createRng } from "../../apps/server/src/modules/recommend/prng.js";
import { buildRatingsMatrix } from "../../apps/server/src/modules/recommend/ratings-matrix.js";
import { choleskySolve } from "../../apps/server/src/modules/recommend/linalg.js";
const users = Number(process.argv[2]), items = Number(process.argv[3]), ratings = Number(process.argv[4]);
const lambda = Number(process.argv[5] ?? 0.1), k = Number(process.argv[6] ?? 24), sweeps = Number(process.argv[7] ?? 40), burn = Number(process.argv[8] ?? 10);
const d = generate({ users, items, ratings, rank: 8, seed: 7 });
const rng = createRng(8);
const isTest = Uint8Array.from(d.values, () => (rng.next() < 0.1 ? 1 : 0));
const pick = (f: number) => { const idx: number[] = []; isTest.forEach((t, i) => t === f && idx.push(i));
  return { users: Int32Array.from(idx, i => d.users[i]!), items: Int32Array.from(idx, i => d.items[i]!), values: Float32Array.from(idx, i => d.values[i]!) }; };
const train = pick(0), test = pick(1);
const mat = buildRatingsMatrix(train);
const U = mat.userIds.length, M = mat.itemIds.length, D = k + 1;
const ui = new Map<number, number>(); mat.userIds.forEach((id, i) => ui.set(id, i));
const mi = new Map<number, number>(); mat.itemIds.forEach((id, i) => mi.set(id, i));
const ub = new Float64Array(U), uf = new Float64Array(U * k), ib = new Float64Array(M), iff = new Float64Array(M * k);
const r2 = createRng(99); for (let i = 0; i < iff.length; i++) iff[i] = r2.normal() * 0.1 / Math.sqrt(k);
const A = new Float64Array(D * D), b = new Float64Array(D), f = new Float64Array(D), z = new Float64Array(D);
const mu = mat.mean;
let sigma2 = 0.35;
function step(csr: typeof mat.byUser, rows: number, obias: Float64Array, of: Float64Array, bias: Float64Array, fac: Float64Array, sample: boolean) {
  for (let r = 0; r < rows; r++) {
    const s = csr.rowPtr[r]!, n = csr.rowPtr[r + 1]! - s; A.fill(0); b.fill(0); f[0] = 1;
    for (let e = 0; e < n; e++) { const c = csr.cols[s + e]!; const t = csr.values[s + e]! - mu - obias[c]!; for (let j = 0; j < k; j++) f[j + 1] = of[c * k + j]!;
      for (let x = 0; x < D; x++) { const fx = f[x]!; b[x] += t * fx; for (let y = x; y < D; y++) A[x * D + y] += fx * f[y]!; } }
    A[0] += 5; for (let x = 1; x < D; x++) A[x * D + x] += lambda * n;
    choleskySolve(A, b, D);
    if (sample) { // x = mean + sigma * L^{-1} z, L upper stored in A
      for (let x = 0; x < D; x++) z[x] = r2.normal() * Math.sqrt(sigma2);
      for (let x = D - 1; x >= 0; x--) { let sum = z[x]!; for (let y = x + 1; y < D; y++) sum -= A[x * D + y]! * z[y]!; z[x] = sum / A[x * D + x]!; }
      for (let x = 0; x < D; x++) b[x] += z[x]!;
    }
    bias[r] = b[0]!; for (let j = 0; j < k; j++) fac[r * k + j] = b[j + 1]!;
  }
}
const acc = new Float64Array(test.values.length); let nacc = 0;
const pred = (u: number, m: number) => { let p = mu + ub[u]! + ib[m]!; for (let j = 0; j < k; j++) p += uf[u * k + j]! * iff[m * k + j]!; return p; };
const t0 = performance.now();
for (let it = 0; it < sweeps; it++) {
  const sample = it >= 5;
  step(mat.byUser, U, ib, iff, ub, uf, sample); step(mat.byItem, M, ub, uf, ib, iff, sample);
  if (it >= burn) { for (let e = 0; e < test.values.length; e++) { const u = ui.get(test.users[e]!)!, m = mi.get(test.items[e]!); acc[e] += m === undefined ? mu + ub[u]! : Math.min(5, Math.max(0.5, pred(u, m))); } nacc++; }
}
let se = 0, so = 0; for (let e = 0; e < test.values.length; e++) { se += (Math.min(5, Math.max(0.5, acc[e]! / nacc)) - test.values[e]!) ** 2; so += (Math.min(5, Math.max(0.5, truthMean(d.truth, test.users[e]!, test.items[e]!))) - test.values[e]!) ** 2; }
console.log("gibbs λ", lambda, "k", k, "test", Math.sqrt(se / test.values.length).toFixed(4), "oracle", Math.sqrt(so / test.values.length).toFixed(4), ((performance.now() - t0) / 1000).toFixed(1) + "s");
