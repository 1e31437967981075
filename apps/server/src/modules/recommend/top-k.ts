// The best `limit` candidates by the recommendation order, kept in a binary heap over small parallel arrays whose
// root is the worst one kept: a candidate that cannot beat it costs a few comparisons and no allocation (which
// matters when thousands of movies tie at the clamped 5.0), one that can costs O(log limit) — a 예상 별점 queue
// scrolled a thousand films deep ranks in a few milliseconds, not the sixteen an insertion sort took.

export interface Ranked {
  movieId: number;
  /** r̂ clamped to [0.5, 5] (cold start: the movie's average rating). */
  expected: number;
  score: number;
  average: number;
  count: number;
}

export class TopK {
  private readonly ids: Float64Array;
  private readonly expected: Float64Array;
  private readonly scores: Float64Array;
  private readonly averages: Float64Array;
  private readonly counts: Float64Array;
  private size = 0;

  constructor(private readonly limit: number) {
    this.ids = new Float64Array(limit);
    this.expected = new Float64Array(limit);
    this.scores = new Float64Array(limit);
    this.averages = new Float64Array(limit);
    this.counts = new Float64Array(limit);
  }

  /** Score a candidate must reach to enter (−∞ until full): the worst kept one's, at the root. */
  threshold(): number {
    return this.size === this.limit ? this.scores[0]! : Number.NEGATIVE_INFINITY;
  }

  /** Whether (score, average, count, id) comes before entry i: score desc, average desc, count desc, id asc. */
  private before(score: number, average: number, count: number, id: number, i: number): boolean {
    if (score !== this.scores[i]) return score > this.scores[i]!;
    if (average !== this.averages[i]) return average > this.averages[i]!;
    if (count !== this.counts[i]) return count > this.counts[i]!;
    return id < this.ids[i]!;
  }

  /** Whether entry i comes after entry j in the order (the heap keeps the latest at the root). */
  private after(i: number, j: number): boolean {
    return this.before(this.scores[j]!, this.averages[j]!, this.counts[j]!, this.ids[j]!, i);
  }

  private set(i: number, id: number, expected: number, score: number, average: number, count: number): void {
    this.ids[i] = id;
    this.expected[i] = expected;
    this.scores[i] = score;
    this.averages[i] = average;
    this.counts[i] = count;
  }

  private swap(i: number, j: number): void {
    swapIn(this.ids, i, j);
    swapIn(this.expected, i, j);
    swapIn(this.scores, i, j);
    swapIn(this.averages, i, j);
    swapIn(this.counts, i, j);
  }

  offer(id: number, expected: number, score: number, average: number, count: number): void {
    if (this.size < this.limit) {
      let i = this.size++;
      this.set(i, id, expected, score, average, count);
      // Up while it comes after its parent.
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.after(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (this.limit === 0) return;
    // Fast reject on the score alone, then the full order against the worst kept one.
    if (score < this.scores[0]!) return;
    if (!this.before(score, average, count, id, 0)) return;
    this.set(0, id, expected, score, average, count);
    // Down while a child comes after it.
    for (let i = 0; ;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const latest = right < this.size && this.after(right, left) ? right : left;
      if (!this.after(latest, i)) break;
      this.swap(i, latest);
      i = latest;
    }
  }

  /** The kept candidates, best first. */
  items(): Ranked[] {
    const order = Array.from({ length: this.size }, (_, i) => i).sort((i, j) => (this.after(i, j) ? 1 : -1));
    return order.map((i) => ({
      movieId: this.ids[i]!,
      expected: this.expected[i]!,
      score: this.scores[i]!,
      average: this.averages[i]!,
      count: this.counts[i]!,
    }));
  }
}

function swapIn(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}
