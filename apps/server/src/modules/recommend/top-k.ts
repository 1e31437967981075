// The best `limit` candidates by the recommendation order, kept by insertion into small parallel arrays (a partial
// sort): a candidate that cannot beat the current last one costs a few comparisons and no allocation, which matters
// when thousands of movies tie at the clamped 5.0.

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

  /** Score a candidate must reach to enter (−∞ until full). */
  threshold(): number {
    return this.size === this.limit ? this.scores[this.size - 1]! : Number.NEGATIVE_INFINITY;
  }

  /** Whether (score, average, count, id) comes before entry i: score desc, average desc, count desc, id asc. */
  private before(score: number, average: number, count: number, id: number, i: number): boolean {
    if (score !== this.scores[i]) return score > this.scores[i]!;
    if (average !== this.averages[i]) return average > this.averages[i]!;
    if (count !== this.counts[i]) return count > this.counts[i]!;
    return id < this.ids[i]!;
  }

  offer(id: number, expected: number, score: number, average: number, count: number): void {
    const last = this.size - 1;
    if (this.size === this.limit) {
      // Fast reject on the score alone, then the full order against the last entry.
      if (score < this.scores[last]!) return;
      if (!this.before(score, average, count, id, last)) return;
    }
    let i = this.size < this.limit ? this.size++ : last;
    while (i > 0 && this.before(score, average, count, id, i - 1)) {
      this.ids[i] = this.ids[i - 1]!;
      this.expected[i] = this.expected[i - 1]!;
      this.scores[i] = this.scores[i - 1]!;
      this.averages[i] = this.averages[i - 1]!;
      this.counts[i] = this.counts[i - 1]!;
      i--;
    }
    this.ids[i] = id;
    this.expected[i] = expected;
    this.scores[i] = score;
    this.averages[i] = average;
    this.counts[i] = count;
  }

  items(): Ranked[] {
    return Array.from({ length: this.size }, (_, i) => ({
      movieId: this.ids[i]!,
      expected: this.expected[i]!,
      score: this.scores[i]!,
      average: this.averages[i]!,
      count: this.counts[i]!,
    }));
  }
}
