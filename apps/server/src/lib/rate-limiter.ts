// Fixed-window counters shared by every rate limit (API.md §1.10): in memory, or in Redis for many instances.
import type { Redis } from "ioredis";

export interface RateLimitStore {
  /** Adds one hit and returns the count in the current window and the seconds until it resets. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }>;
  /** Reads the current count without adding a hit. */
  peek(key: string): Promise<{ count: number; resetSeconds: number }>;
  reset(key: string): Promise<void>;
  /** Takes back one hit (a reserved slot that was not used); never below zero, never creates a key. */
  release(key: string): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly buckets = new Map<string, { count: number; resetAt: number }>();
  private sweeps = 0;
  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string) {
    const bucket = this.buckets.get(key);
    if (bucket && bucket.resetAt <= this.now()) {
      this.buckets.delete(key);
      return undefined;
    }
    return bucket;
  }

  async hit(key: string, windowSeconds: number) {
    if (++this.sweeps % 10000 === 0) this.sweep();
    let bucket = this.live(key);
    if (!bucket) {
      bucket = { count: 0, resetAt: this.now() + windowSeconds * 1000 };
      this.buckets.set(key, bucket);
    }
    bucket.count++;
    return { count: bucket.count, resetSeconds: Math.max(1, Math.ceil((bucket.resetAt - this.now()) / 1000)) };
  }

  async peek(key: string) {
    const bucket = this.live(key);
    if (!bucket) return { count: 0, resetSeconds: 0 };
    return { count: bucket.count, resetSeconds: Math.max(1, Math.ceil((bucket.resetAt - this.now()) / 1000)) };
  }

  async reset(key: string) {
    this.buckets.delete(key);
  }

  async release(key: string) {
    const bucket = this.live(key);
    if (bucket && bucket.count > 0) bucket.count--;
  }

  private sweep() {
    const now = this.now();
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}

// Atomic on the Redis server: the first hit of a window (or a key that somehow lost its expiry) sets the expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then
  redis.call('DECR', KEYS[1])
end
return 0`;

/**
 * Counters shared by every instance using the same Redis. `prefix` namespaces the keys (several deployments, or
 * tests, on one Redis).
 */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "mp:rl:",
  ) {}

  async hit(key: string, windowSeconds: number) {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, windowSeconds * 1000)) as [
      number,
      number,
    ];
    return { count, resetSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async peek(key: string) {
    const [value, ttl] = await Promise.all([this.redis.get(this.prefix + key), this.redis.pttl(this.prefix + key)]);
    return { count: value ? Number(value) : 0, resetSeconds: Math.max(0, Math.ceil(ttl / 1000)) };
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async release(key: string) {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key);
  }
}
