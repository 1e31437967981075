// A small seeded PRNG (sfc32) so the demo community is the same on every machine and every run.

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 16; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Standard normal (Box–Muller). */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** `k` distinct items, each drawn with probability proportional to its weight (Efraimidis–Spirakis). */
  weightedSample<T>(items: readonly T[], weights: readonly number[], k: number): T[] {
    const keyed = items.map((item, i) => ({ item, key: Math.log(1 - this.next()) / Math.max(weights[i]!, 1e-9) }));
    keyed.sort((x, y) => y.key - x.key);
    return keyed.slice(0, k).map((x) => x.item);
  }

  /** `k` distinct items, uniformly. */
  sample<T>(items: readonly T[], k: number): T[] {
    return this.weightedSample(
      items,
      items.map(() => 1),
      k,
    );
  }
}

/**
 * Repeated weighted draws from one fixed list: cumulative weights and a binary search per draw, so drawing a few
 * items from many is cheap (the sort-based sample is for one-off draws).
 */
export class WeightedPicker<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weights: readonly number[],
  ) {
    let sum = 0;
    for (const w of weights) this.cumulative.push((sum += Math.max(w, 0)));
    this.total = sum;
  }

  draw(rng: Prng): T {
    const x = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo]!;
  }

  /** Up to `k` distinct items other than `except`, in draw order. */
  distinct(rng: Prng, k: number, except?: T): T[] {
    const wanted = Math.min(k, this.items.length - (except === undefined ? 0 : 1));
    const chosen = new Set<T>();
    for (let attempts = 0; chosen.size < wanted && attempts < wanted * 50; attempts++) {
      const item = this.draw(rng);
      if (item !== except) chosen.add(item);
    }
    return [...chosen];
  }
}
