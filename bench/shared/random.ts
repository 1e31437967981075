// Seeded randomness: the same scale always generates the same data (and the same benchmark queries).
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** mulberry32: uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** Index in [0, n) skewed towards 0: popular records are chosen far more often (density ∝ x^(1/power − 1)). */
  skewed(n: number, power = 2.5): number {
    return Math.min(n - 1, Math.floor(n * Math.pow(this.next(), power)));
  }

  /** A pick from `[item, weight]` pairs. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>, total: number): T {
    let r = this.next() * total;
    for (const [item, weight] of items) {
      r -= weight;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }

  /** `count` distinct integers in [0, n). */
  distinct(count: number, n: number, draw: () => number = () => this.int(n)): number[] {
    const out = new Set<number>();
    while (out.size < Math.min(count, n)) out.add(draw());
    return [...out];
  }
}

/** A standard normal draw (Box–Muller) from `random`. */
export function normal(random: Random): number {
  const u = 1 - random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

/** Walker's alias table: O(1) draws of an index in [0, weights.length) with probability ∝ its weight. */
export class AliasTable {
  private readonly prob: Float64Array;
  private readonly alias: Int32Array;

  constructor(weights: ArrayLike<number>) {
    const n = weights.length;
    let total = 0;
    for (let i = 0; i < n; i++) total += weights[i]!;
    this.prob = new Float64Array(n);
    this.alias = new Int32Array(n);
    const scaled = new Float64Array(n);
    const small: number[] = [];
    const large: number[] = [];
    for (let i = 0; i < n; i++) {
      scaled[i] = (weights[i]! * n) / total;
      (scaled[i]! < 1 ? small : large).push(i);
    }
    while (small.length > 0 && large.length > 0) {
      const s = small.pop()!;
      const l = large.pop()!;
      this.prob[s] = scaled[s]!;
      this.alias[s] = l;
      scaled[l] = scaled[l]! + scaled[s]! - 1;
      (scaled[l]! < 1 ? small : large).push(l);
    }
    for (const i of [...small, ...large]) this.prob[i] = 1;
  }

  draw(random: Random): number {
    const i = random.int(this.prob.length);
    return random.next() < this.prob[i]! ? i : this.alias[i]!;
  }
}
