// A keyed pseudo-random permutation of 0 … n−1 without materialising it: a four-round Feistel network over the
// smallest even-bit domain that holds n, with cycle walking (values ≥ n are put through again, which keeps it a
// bijection on 0 … n−1). The 랜덤 queue walks positions 0, 1, 2, … through it, so every page of one key's order
// follows from the position alone: paging never repeats or skips, and no list per member is kept.

/** A 32-bit integer hash (the finaliser of MurmurHash3). */
export function mix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function createPermutation(n: number, key: number): (position: number) => number {
  let half = 1;
  while (2 ** (2 * half) < n) half++;
  // Integer bit operations throughout: a 평가하기 page walks up to a few hundred positions, each a few rounds of
  // cycle walking, so this is the queue's hot loop (half ≤ 15 keeps every value within 31 bits for any catalog).
  const mask = (1 << half) - 1;
  const [k0, k1, k2, k3] = [1, 2, 3, 4].map((round) => mix32(key ^ Math.imul(round, 0x9e3779b9))) as [
    number,
    number,
    number,
    number,
  ];
  return (position) => {
    let x = position;
    do {
      const a = x >>> half;
      const b = x & mask;
      const c = a ^ (mix32(b ^ k0) & mask);
      const d = b ^ (mix32(c ^ k1) & mask);
      const e = c ^ (mix32(d ^ k2) & mask);
      const f = d ^ (mix32(e ^ k3) & mask);
      x = (e << half) | f;
    } while (x >= n);
    return x;
  };
}
