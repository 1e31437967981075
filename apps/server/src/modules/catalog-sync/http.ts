// A polite JSON client for third-party APIs (TMDB, KOBIS): at most `concurrency` requests in flight, request starts
// spaced to stay under `requestsPerSecond`, a timeout per attempt, 429 answered by waiting its Retry-After (the whole
// client pauses, not just the one request), 5xx, timeouts and network errors retried with exponential backoff.
// Other 4xx answers are final (HttpError). Nothing here reads the environment: callers pass their configuration.

export interface HttpClientOptions {
  /** Requests started per second at most (TMDB asks for ~40). */
  requestsPerSecond: number;
  /** Requests in flight at most. */
  concurrency: number;
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts per request (the first included). */
  attempts: number;
  /** First backoff after a 5xx/network error; doubles each time. */
  backoffMs: number;
  /** Longest Retry-After honoured; longer (or missing) waits use this. */
  maxRetryAfterMs: number;
  /** Added to every request (e.g. User-Agent, Authorization). */
  headers?: Record<string, string>;
}

export const DEFAULT_HTTP_OPTIONS: HttpClientOptions = {
  requestsPerSecond: 40,
  concurrency: 8,
  timeoutMs: 10_000,
  attempts: 5,
  backoffMs: 500,
  maxRetryAfterMs: 60_000,
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    detail: string,
  ) {
    super(`${status} from ${url}${detail ? `: ${detail}` : ""}`);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The URL as logged: credentials in the query (api_key, key) are masked. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:api_key|key)=)[^&]*/g, "$1***");
}

function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export class HttpClient {
  private readonly options: HttpClientOptions;
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private nextStart = 0;
  private pausedUntil = 0;
  /** Counters for summaries and benchmarks. */
  readonly stats = { requests: 0, retries: 0, throttled: 0 };

  constructor(options: Partial<HttpClientOptions> = {}) {
    this.options = { ...DEFAULT_HTTP_OPTIONS, ...options };
  }

  private async acquire(): Promise<void> {
    if (this.active >= this.options.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    // Space request starts: each takes the next slot of the rate, and every request waits out a 429 pause.
    for (;;) {
      const now = Date.now();
      const start = Math.max(now, this.nextStart, this.pausedUntil);
      if (start <= now) break;
      await sleep(start - now);
    }
    this.nextStart = Math.max(Date.now(), this.nextStart) + 1000 / this.options.requestsPerSecond;
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }

  /** GETs `url` and parses JSON; throws HttpError for a final 4xx or when every attempt failed. */
  async getJson<T>(url: string): Promise<T> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= this.options.attempts; attempt++) {
      await this.acquire();
      let retryIn: number | undefined;
      try {
        this.stats.requests++;
        const response = await fetch(url, {
          headers: { accept: "application/json", ...this.options.headers },
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        if (response.ok) {
          const text = await response.text();
          try {
            return JSON.parse(text) as T;
          } catch {
            throw new HttpError(response.status, redactUrl(url), "the answer is not JSON");
          }
        }
        const body = (await response.text().catch(() => "")).slice(0, 200);
        if (response.status === 429) {
          this.stats.throttled++;
          const wait = retryAfterMs(response.headers.get("retry-after"), Date.now());
          retryIn = Math.min(wait ?? this.options.maxRetryAfterMs, this.options.maxRetryAfterMs);
          this.pausedUntil = Math.max(this.pausedUntil, Date.now() + retryIn);
          lastError = new HttpError(429, redactUrl(url), body);
        } else if (response.status >= 500) {
          lastError = new HttpError(response.status, redactUrl(url), body);
        } else {
          throw new HttpError(response.status, redactUrl(url), body);
        }
      } catch (error) {
        if (error instanceof HttpError && error.status < 500 && error.status !== 429) throw error;
        // Timeouts (AbortSignal.timeout), refused connections, resets: retried like a 5xx.
        lastError = error instanceof HttpError ? error : new Error(`${redactUrl(url)}: ${(error as Error).message}`);
      } finally {
        this.release();
      }
      if (attempt === this.options.attempts) break;
      this.stats.retries++;
      await sleep(retryIn ?? this.options.backoffMs * 2 ** (attempt - 1));
    }
    throw lastError;
  }
}
