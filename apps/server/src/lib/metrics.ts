// Prometheus metrics for GET /api/metrics (API.md §4.13): a small process-wide registry rendering the text
// exposition format 0.0.4. Modules add their own counters here (e.g. `countJobRun("hot-ranking")` from a job).
type Labels = Readonly<Record<string, string>>;

function escapeLabel(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

function renderLabels(names: readonly string[], labels: Labels, extra = ""): string {
  const parts = names.map((n) => `${n}="${escapeLabel(labels[n] ?? "")}"`);
  if (extra) parts.push(extra);
  return parts.length ? `{${parts.join(",")}}` : "";
}

function formatNumber(n: number): string {
  if (n === Infinity) return "+Inf";
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(12)));
}

abstract class Metric<T> {
  protected readonly series = new Map<string, { labels: Labels; value: T }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {}

  protected entry(labels: Labels, initial: () => T): { labels: Labels; value: T } {
    const key = this.labelNames.map((n) => labels[n] ?? "").join("\u0000");
    let found = this.series.get(key);
    if (!found) {
      found = { labels: { ...labels }, value: initial() };
      this.series.set(key, found);
    }
    return found;
  }

  abstract render(): string[];
}

export class Counter extends Metric<number> {
  inc(labels: Labels = {}, by = 1): void {
    this.entry(labels, () => 0).value += by;
  }

  get(labels: Labels = {}): number {
    return this.entry(labels, () => 0).value;
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.series.values()) {
      lines.push(`${this.name}${renderLabels(this.labelNames, labels)} ${formatNumber(value)}`);
    }
    return lines;
  }
}

interface HistogramValue {
  counts: number[];
  sum: number;
  count: number;
}

/** Request latencies in seconds, from 5 ms to 10 s. */
export const DEFAULT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export class Histogram extends Metric<HistogramValue> {
  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    readonly buckets: readonly number[] = DEFAULT_BUCKETS,
  ) {
    super(name, help, labelNames);
  }

  observe(labels: Labels, value: number): void {
    const entry = this.entry(labels, () => ({ counts: this.buckets.map(() => 0), sum: 0, count: 0 })).value;
    this.buckets.forEach((bound, i) => {
      if (value <= bound) entry.counts[i]!++;
    });
    entry.sum += value;
    entry.count++;
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, value } of this.series.values()) {
      this.buckets.forEach((bound, i) => {
        const le = `le="${formatNumber(bound)}"`;
        lines.push(`${this.name}_bucket${renderLabels(this.labelNames, labels, le)} ${value.counts[i]}`);
      });
      lines.push(`${this.name}_bucket${renderLabels(this.labelNames, labels, 'le="+Inf"')} ${value.count}`);
      lines.push(`${this.name}_sum${renderLabels(this.labelNames, labels)} ${formatNumber(value.sum)}`);
      lines.push(`${this.name}_count${renderLabels(this.labelNames, labels)} ${value.count}`);
    }
    return lines;
  }
}

/** A value read when the metrics are scraped (memory, uptime). */
class Gauge extends Metric<never> {
  constructor(
    name: string,
    help: string,
    private readonly read: () => number,
  ) {
    super(name, help, []);
  }

  render(): string[] {
    return [
      `# HELP ${this.name} ${this.help}`,
      `# TYPE ${this.name} gauge`,
      `${this.name} ${formatNumber(this.read())}`,
    ];
  }
}

/** Series read when the metrics are scraped, each with its labels (e.g. the read cache's regions). */
class Collected extends Metric<never> {
  constructor(
    name: string,
    help: string,
    private readonly type: "counter" | "gauge",
    labelNames: readonly string[],
    private readonly read: () => ReadonlyArray<readonly [Labels, number]>,
  ) {
    super(name, help, labelNames);
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.type}`];
    for (const [labels, value] of this.read()) {
      lines.push(`${this.name}${renderLabels(this.labelNames, labels)} ${formatNumber(value)}`);
    }
    return lines;
  }
}

export class MetricsRegistry {
  private readonly metrics = new Map<string, Metric<unknown>>();

  private getOrAdd<M extends Metric<unknown>>(name: string, create: () => M): M {
    const existing = this.metrics.get(name);
    if (existing) return existing as M;
    const metric = create();
    this.metrics.set(name, metric);
    return metric;
  }

  /** The counter named `name`, created on first use (every app built in one process shares it). */
  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.getOrAdd(name, () => new Counter(name, help, labelNames));
  }

  histogram(name: string, help: string, labelNames: readonly string[] = [], buckets?: readonly number[]): Histogram {
    return this.getOrAdd(name, () => new Histogram(name, help, labelNames, buckets));
  }

  gauge(name: string, help: string, read: () => number): void {
    this.getOrAdd(name, () => new Gauge(name, help, read));
  }

  /** A counter or gauge whose labelled series are read at scrape time. */
  collected(
    name: string,
    help: string,
    type: "counter" | "gauge",
    labelNames: readonly string[],
    read: () => ReadonlyArray<readonly [Labels, number]>,
  ): void {
    this.getOrAdd(name, () => new Collected(name, help, type, labelNames, read));
  }

  /** The text exposition format (`text/plain; version=0.0.4`). */
  render(): string {
    const lines: string[] = [];
    for (const metric of this.metrics.values()) lines.push(...metric.render());
    return `${lines.join("\n")}\n`;
  }
}

export const metrics = new MetricsRegistry();

metrics.gauge("process_resident_memory_bytes", "Resident memory size in bytes.", () => process.memoryUsage().rss);
metrics.gauge("process_uptime_seconds", "Seconds since the process started.", () => process.uptime());
metrics.gauge("nodejs_heap_used_bytes", "V8 heap in use, in bytes.", () => process.memoryUsage().heapUsed);

export const jobRuns = metrics.counter("moviepedia_job_runs_total", "Background job runs, by job.", ["job"]);

/** Called by background jobs (recommender training, HOT ranking, …) each time they run. */
export function countJobRun(job: string): void {
  jobRuns.inc({ job });
}
