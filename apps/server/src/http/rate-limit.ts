// Rate limits of API.md §1.10, checked first in onRequest (429 precedes every other status).
import { createHash } from "node:crypto";
import type { RateLimitBucket } from "@moviepedia/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import type { RateLimitStore } from "../lib/rate-limiter.js";
import { ApiError } from "./errors.js";
import { readBearer } from "./auth.js";

declare module "fastify" {
  interface FastifyContextConfig {
    rateLimit?: RateLimitBucket;
  }
}

export function rateLimited(retryAfter: number): ApiError {
  return new ApiError("RATE_LIMITED", "Too many requests.", { "Retry-After": String(Math.max(1, retryAfter)) });
}

/**
 * Names the member a bearer was issued to, from a token this server signed (an expired or revoked one still counts:
 * its owner is who is writing). Forged or malformed tokens give null and fall back to the per-IP bucket, so nobody
 * can exhaust another member's write limits with a made-up `sub`.
 */
export type BearerIdentifier = (token: string) => Promise<number | null>;

async function claimedUser(request: FastifyRequest, identify: BearerIdentifier): Promise<number | null> {
  const token = readBearer(request);
  return token ? identify(token) : null;
}

export interface Limiter {
  /** Adds a hit to `key`; throws 429 when the window already holds `limit` hits (0 disables). */
  consume(key: string, limit: number, windowSeconds: number): Promise<void>;
  /**
   * Takes one of the window's `limit` slots in one atomic step (0 disables): 429 with nothing taken when none is
   * left. Checking first and counting after the work would let parallel requests all pass the check.
   */
  reserve(key: string, limit: number, windowSeconds: number): Promise<void>;
  /** Throws 429 if `key` has reached `limit` without adding a hit. */
  check(key: string, limit: number): Promise<void>;
  /** Adds a hit and returns the window's count with it. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** Gives back one hit taken by `reserve` or `hit`. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/**
 * The store sees `<kind>:<hash>`: keys built from request input (a login id of any length, an address) take a fixed
 * 32 bytes in memory or Redis whatever was sent, and never show a login id to whoever reads the store.
 */
export function limiterKey(key: string): string {
  const kind = key.slice(0, Math.max(0, key.indexOf(":")));
  return `${kind}:${createHash("sha256").update(key).digest("base64url").slice(0, 24)}`;
}

export function createLimiter(store: RateLimitStore): Limiter {
  return {
    async consume(key, limit, windowSeconds) {
      if (limit <= 0) return;
      const { count, resetSeconds } = await store.hit(limiterKey(key), windowSeconds);
      if (count > limit) throw rateLimited(resetSeconds);
    },
    async reserve(key, limit, windowSeconds) {
      if (limit <= 0) return;
      const stored = limiterKey(key);
      const { count, resetSeconds } = await store.hit(stored, windowSeconds);
      if (count > limit) {
        await store.release(stored);
        throw rateLimited(resetSeconds);
      }
    },
    async check(key, limit) {
      if (limit <= 0) return;
      const { count, resetSeconds } = await store.peek(limiterKey(key));
      if (count >= limit) throw rateLimited(resetSeconds);
    },
    async hit(key, windowSeconds) {
      return (await store.hit(limiterKey(key), windowSeconds)).count;
    },
    async release(key) {
      await store.release(limiterKey(key));
    },
    async reset(key) {
      await store.reset(limiterKey(key));
    },
  };
}

export function registerRateLimits(
  app: FastifyInstance,
  limiter: Limiter,
  limits: Config["rateLimits"],
  identify: BearerIdentifier,
): void {
  const draw = (request: FastifyRequest, kind: RateLimitBucket): Promise<void> | undefined => {
    const ip = request.ip;
    switch (kind) {
      case "exempt":
        return undefined;
      case "create":
      case "toggle":
      case "rating": {
        const limit =
          kind === "create" ? limits.createsPerMin : kind === "toggle" ? limits.togglesPerMin : limits.ratingsPerMin;
        if (limit <= 0 && limits.ipPerMin <= 0) return undefined;
        return claimedUser(request, identify).then((user) =>
          user === null
            ? limiter.consume(`ip:${ip}`, limits.ipPerMin, 60)
            : limiter.consume(`${kind}:${user}`, limit, 60),
        );
      }
      case "signup":
        return limiter.consume(`signup:${ip}`, limits.signupPerHour, 3600);
      case "oauth":
        return limiter.consume(`oauth:${ip}`, limits.oauthPer10Min, 600);
      case "signin":
        // Every signin counts per IP (a request that is never a failure still costs a body and a hash); per-IP
        // failures are checked here too, and the per-login-id buckets reserved once the body is read (auth service).
        return limiter
          .consume(`signin-req:${ip}`, limits.signinPerIp, 900)
          .then(() => limiter.check(`signin-ip:${ip}`, limits.signinFailuresPerIp));
      default:
        return limits.ipPerMin > 0 ? limiter.consume(`ip:${ip}`, limits.ipPerMin, 60) : undefined;
    }
  };
  // Callback style: a request that draws from no bucket (a disabled limit, an exempt route) costs no promise.
  app.addHook("onRequest", (request, _reply, done) => {
    const url = request.url;
    if (url !== "/api" && !url.startsWith("/api/") && !url.startsWith("/api?")) return done();
    const pending = draw(request, request.routeOptions.config?.rateLimit ?? "ip");
    if (!pending) return done();
    pending.then(() => done(), done);
  });
}
