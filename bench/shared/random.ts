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

/** A heavy-tailed counter for the record at popularity rank `rank` (0 = most popular). */
export function zipfCount(rank: number, top: number, exponent: number, random: Random): number {
  const base = top / Math.pow(rank + 1, exponent);
  return Math.max(0, Math.floor(base * (0.7 + 0.6 * random.next())));
}
