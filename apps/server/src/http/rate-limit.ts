// Rate limits of API.md §1.10, checked first in onRequest (429 precedes every other status).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import type { RateLimitStore } from "../lib/rate-limiter.js";
import { ApiError } from "./errors.js";
import { readBearer } from "./auth.js";

/** Which bucket a route draws from; `ip` is the ceiling for everything not covered by another limit. */
export type RateLimitKind = "ip" | "create" | "toggle" | "rating" | "signup" | "oauth" | "signin" | "exempt";

declare module "fastify" {
  interface FastifyContextConfig {
    rateLimit?: RateLimitKind;
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
  /** Throws 429 if `key` has reached `limit` without adding a hit. */
  check(key: string, limit: number): Promise<void>;
  hit(key: string, windowSeconds: number): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createLimiter(store: RateLimitStore): Limiter {
  return {
    async consume(key, limit, windowSeconds) {
      if (limit <= 0) return;
      const { count, resetSeconds } = await store.hit(key, windowSeconds);
      if (count > limit) throw rateLimited(resetSeconds);
    },
    async check(key, limit) {
      if (limit <= 0) return;
      const { count, resetSeconds } = await store.peek(key);
      if (count >= limit) throw rateLimited(resetSeconds);
    },
    async hit(key, windowSeconds) {
      await store.hit(key, windowSeconds);
    },
    async reset(key) {
      await store.reset(key);
    },
  };
}

export function registerRateLimits(
  app: FastifyInstance,
  limiter: Limiter,
  limits: Config["rateLimits"],
  identify: BearerIdentifier,
): void {
  const draw = (request: FastifyRequest, kind: RateLimitKind): Promise<void> | undefined => {
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
        // Per-IP failures are checked here; the per-login-id buckets once the body is read (auth service).
        return limiter.check(`signin-ip:${ip}`, limits.signinFailuresPerIp);
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
