import { generate, truthMean } from "../recommend/synthetic.js";
import { createRng } from "../../apps/server/src/modules/recommend/prng.js";
import { buildRatingsMatrix } from "../../apps/server/src/modules/recommend/ratings-matrix.js";
import { choleskySolve } from "../../apps/server/src/modules/recommend/linalg.js";
const users = Number(process.argv[2]), items = Number(process.argv[3]), ratings = Number(process.argv[4]);
const k = Number(process.argv[5] ?? 24), sweeps = Number(process.argv[6] ?? 20);
const d = generate({ users, items, ratings, rank: Number(process.env.RANK ?? 8), seed: 7 });
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
const uvar = new Float64Array(U * D), ivar = new Float64Array(M * D); // posterior diag variances
const FULL = process.env.FULL === '1'; const ucov = new Float64Array(FULL ? U * D * D : 0), icov = new Float64Array(FULL ? M * D * D : 0);
const r2 = createRng(99); for (let i = 0; i < iff.length; i++) iff[i] = r2.normal() * 0.1 / Math.sqrt(k);
const A = new Float64Array(D * D), b = new Float64Array(D), f = new Float64Array(D), inv = new Float64Array(D);
const mu = mat.mean;
let sigma2 = 0.35;
const priorU = new Float64Array(D).fill(0.1), priorI = new Float64Array(D).fill(0.1); priorU[0] = 0.1; priorI[0] = 0.2;
const useOtherVar = process.env.OV === "1";
const FP = process.env.FP === "1"; const precU = new Float64Array(D * D), precI = new Float64Array(D * D);
for (let x = 0; x < D; x++) { precU[x * D + x] = 1 / priorU[x]!; precI[x * D + x] = 1 / priorI[x]!; }
function invertSpd(m: Float64Array, out: Float64Array) { for (let c = 0; c < D; c++) { const a = Float64Array.from(m), b = new Float64Array(D); b[c] = 1; choleskySolve(a, b, D); for (let r = 0; r < D; r++) out[r * D + c] = b[r]!; } }
function step(csr: typeof mat.byUser, rows: number, obias: Float64Array, of: Float64Array, ovar: Float64Array, bias: Float64Array, fac: Float64Array, pvar: Float64Array, prior: Float64Array, ocov: Float64Array, pcov: Float64Array, prec: Float64Array) {
  const second = new Float64Array(D * D);
  const Linv = new Float64Array(D * D);
  const sumsq = new Float64Array(D);
  for (let r = 0; r < rows; r++) {
    const s = csr.rowPtr[r]!, n = csr.rowPtr[r + 1]! - s; A.fill(0); b.fill(0); f[0] = 1;
    for (let e = 0; e < n; e++) { const c = csr.cols[s + e]!; const t = csr.values[s + e]! - mu - obias[c]!; for (let j = 0; j < k; j++) f[j + 1] = of[c * k + j]!;
      for (let x = 0; x < D; x++) { const fx = f[x]!; b[x] += t * fx; for (let y = x; y < D; y++) A[x * D + y] += fx * f[y]!; }
      if (FULL) { const base = c * D * D; for (let x = 1; x < D; x++) for (let y = x; y < D; y++) A[x * D + y] += ocov[base + x * D + y]!; }
      else if (useOtherVar) for (let x = 1; x < D; x++) A[x * D + x] += ovar[c * D + x]!; }
    if (FP) { for (let x = 0; x < D; x++) for (let y = x; y < D; y++) A[x * D + y] += sigma2 * prec[x * D + y]!; } else for (let x = 0; x < D; x++) A[x * D + x] += sigma2 / prior[x]!;
    choleskySolve(A, b, D);
    // posterior diag of sigma2 * A^{-1}: A^{-1} = L^{-1} L^{-T}; diag_i = sum_j (L^{-1})_{ij}^2 ; compute L^{-1} columns
    for (let col = 0; col < D; col++) { inv.fill(0); inv[col] = 1; // solve L y = e_col (upper)
      for (let x = D - 1; x >= 0; x--) { let sum = inv[x]!; for (let y = x + 1; y < D; y++) sum -= A[x * D + y]! * inv[y]!; inv[x] = sum / A[x * D + x]!; }
      // inv = L^{-1} e_col = column col of L^{-1}; diag(A^-1)_i = sum_col (L^{-1})_{i,col}^2
      for (let x = 0; x < D; x++) { pvar[r * D + x] = (col === 0 ? 0 : pvar[r * D + x]!) + sigma2 * inv[x]! * inv[x]!; Linv[x * D + col] = inv[x]!; } }
    if (FULL) { const base = r * D * D; for (let x = 0; x < D; x++) for (let y = x; y < D; y++) { let sum = 0; for (let z = Math.max(x, y); z < D; z++) sum += Linv[x * D + z]! * Linv[y * D + z]!; pcov[base + x * D + y] = sigma2 * sum; } }
    bias[r] = b[0]!; for (let j = 0; j < k; j++) fac[r * k + j] = b[j + 1]!;
    if (FP) { const base = r * D * D; for (let x = 0; x < D; x++) for (let y = x; y < D; y++) second[x * D + y] += b[x]! * b[y]! + pcov[base + x * D + y]!; }
    sumsq[0] += b[0]! ** 2 + pvar[r * D]!; for (let j = 1; j < D; j++) sumsq[j] += b[j]! ** 2 + pvar[r * D + j]!;
  }
  for (let x = 0; x < D; x++) prior[x] = Math.max(1e-6, sumsq[x]! / rows);
  if (FP) { for (let x = 0; x < D; x++) for (let y = 0; y < D; y++) { const v = (x <= y ? second[x * D + y]! : second[y * D + x]!) / rows; second[x * D + y] = v; } for (let x = 0; x < D; x++) second[x * D + x] += 1e-6; invertSpd(second, prec); }
}
const pred = (u: number, m: number) => { let p = mu + ub[u]! + ib[m]!; for (let j = 0; j < k; j++) p += uf[u * k + j]! * iff[m * k + j]!; return p; };
const t0 = performance.now();
for (let it = 0; it < sweeps; it++) {
  step(mat.byUser, U, ib, iff, ivar, ub, uf, uvar, priorU, icov, ucov, precU); step(mat.byItem, M, ub, uf, uvar, ib, iff, ivar, priorI, ucov, icov, precI);
  let se = 0; const bu = mat.byUser; for (let u = 0; u < U; u++) for (let e = bu.rowPtr[u]!; e < bu.rowPtr[u + 1]!; e++) { const m = bu.cols[e]!; se += (bu.values[e]! - pred(u, m)) ** 2;
    if (process.env.TR === "1") { se += uvar[u * D]! + ivar[m * D]!; for (let j = 1; j < D; j++) { const a = uf[u * k + j - 1]!, b2 = iff[m * k + j - 1]!, va = uvar[u * D + j]!, vb2 = ivar[m * D + j]!; se += a * a * vb2 + b2 * b2 * va + va * vb2; } } }
  if (process.env.SIG !== "0") sigma2 = se / bu.values.length;
}
let se = 0, so = 0; for (let e = 0; e < test.values.length; e++) { const u = ui.get(test.users[e]!)!, m = mi.get(test.items[e]!); const p = m === undefined ? mu + ub[u]! : pred(u, m); se += (Math.min(5, Math.max(0.5, p)) - test.values[e]!) ** 2; so += (Math.min(5, Math.max(0.5, truthMean(d.truth, test.users[e]!, test.items[e]!))) - test.values[e]!) ** 2; }
console.log("vb k", k, "test", Math.sqrt(se / test.values.length).toFixed(4), "oracle", Math.sqrt(so / test.values.length).toFixed(4), "sigma2", sigma2.toFixed(3), ((performance.now() - t0) / 1000).toFixed(1) + "s");
console.log("priorU", Array.from(priorU).map(x => x.toFixed(3)).join(" "));
console.log("priorI", Array.from(priorI).map(x => x.toFixed(3)).join(" "));
