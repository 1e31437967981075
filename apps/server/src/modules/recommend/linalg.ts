// Dense symmetric positive-definite solves for the small (factors + 1)² systems of ALS and fold-in.

/**
 * Solves A·x = b in place for a symmetric positive-definite `A` (row-major, n×n, only the upper triangle is
 * read). `A` is overwritten by its Cholesky factor and `b` by the solution. Returns false if A is not SPD.
 */
export function choleskySolve(a: Float64Array, b: Float64Array, n: number): boolean {
  // Factor A = Lᵀ·L with L upper-triangular, stored over A's upper triangle.
  for (let i = 0; i < n; i++) {
    const ii = i * n;
    let diag = a[ii + i]!;
    for (let p = 0; p < i; p++) {
      const v = a[p * n + i]!;
      diag -= v * v;
    }
    if (!(diag > 0)) return false;
    const root = Math.sqrt(diag);
    a[ii + i] = root;
    for (let j = i + 1; j < n; j++) {
      let sum = a[ii + j]!;
      for (let p = 0; p < i; p++) sum -= a[p * n + i]! * a[p * n + j]!;
      a[ii + j] = sum / root;
    }
  }
  // Forward: Lᵀ·y = b.
  for (let i = 0; i < n; i++) {
    let sum = b[i]!;
    for (let p = 0; p < i; p++) sum -= a[p * n + i]! * b[p]!;
    b[i] = sum / a[i * n + i]!;
  }
  // Back: L·x = y.
  for (let i = n - 1; i >= 0; i--) {
    let sum = b[i]!;
    const ii = i * n;
    for (let j = i + 1; j < n; j++) sum -= a[ii + j]! * b[j]!;
    b[i] = sum / a[ii + i]!;
  }
  return true;
}
