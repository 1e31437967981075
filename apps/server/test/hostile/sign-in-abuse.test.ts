// Issue #22 items 2, 3, 4 and 7 on the sign-in path: unauthenticated input kept small (fields capped before any work,
// limiter keys hashed, 8 KB bodies), every sign-in counted per IP, no lockout of an owner by their login id (known
// device cookie, slow-down instead of a block), and limits that parallel requests cannot overrun (memory and Redis).
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { signin, signupMember } from "../helpers/auth.js";
import { createTestContext, type TestContext } from "../helpers/context.js";
import { createMember, injectAs } from "../helpers/factories.js";
import { MemoryRateLimitStore, type RateLimitStore, RedisRateLimitStore } from "../../src/lib/rate-limiter.js";

const ALL_OFF = {
  RATE_LIMIT_SIGNIN_FAILURES: "0",
  RATE_LIMIT_SIGNIN_FAILURES_PER_IP: "0",
  RATE_LIMIT_SIGNIN_FAILURES_PER_LOGIN_ID: "0",
  RATE_LIMIT_SIGNIN_PER_IP: "0",
  RATE_LIMIT_SIGNUP_PER_HOUR: "0",
  RATE_LIMIT_IP_PER_MIN: "0",
};

const contexts: TestContext[] = [];
async function context(env: Record<string, string>, rateLimitStore?: RateLimitStore) {
  const ctx = await createTestContext({ env: { ...ALL_OFF, ...env }, ...(rateLimitStore ? { rateLimitStore } : {}) });
  contexts.push(ctx);
  return ctx;
}
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
});

/** The memory store, remembering every key it was handed. */
class RecordingStore extends MemoryRateLimitStore {
  readonly keys = new Set<string>();
  override hit(key: string, windowSeconds: number) {
    this.keys.add(key);
    return super.hit(key, windowSeconds);
  }
  override peek(key: string) {
    this.keys.add(key);
    return super.peek(key);
  }
}

describe("memory from unauthenticated input (item 2)", () => {
  it("refuses a login id or password longer than its format before any limiter, lookup or hash sees it", async () => {
    const store = new RecordingStore();
    const ctx = await context(
      { RATE_LIMIT_SIGNIN_FAILURES: "10", RATE_LIMIT_SIGNIN_FAILURES_PER_LOGIN_ID: "30" },
      store,
    );
    const longId = `x${"y".repeat(5000)}`;
    const res = await signin(ctx, longId, "abcd1234", { ip: "198.51.100.1" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: expect.stringContaining("'login_id'"), code: "INVALID_FIELD" });
    const longPassword = await signin(ctx, "someone_1", "p".repeat(21), { ip: "198.51.100.1" });
    expect(longPassword.json()).toEqual({ detail: expect.stringContaining("'login_password'"), code: "INVALID_FIELD" });
    // 20 characters are fine (the format's maximum), astral ones counted as one each.
    expect((await signin(ctx, "a".repeat(20), "😀".repeat(20), { ip: "198.51.100.1" })).statusCode).toBe(401);
    for (const key of store.keys) expect(key.length).toBeLessThanOrEqual(64);
  });

  it("keeps no login id (or address) in limiter keys: every key is a short hash", async () => {
    const store = new RecordingStore();
    const ctx = await context(
      { RATE_LIMIT_SIGNIN_FAILURES: "10", RATE_LIMIT_SIGNIN_FAILURES_PER_LOGIN_ID: "30" },
      store,
    );
    const loginId = "victim.login_007";
    for (let i = 0; i < 3; i++) await signin(ctx, loginId, "wrong-pass1", { ip: "203.0.113.99" });
    expect(store.keys.size).toBeGreaterThan(0);
    for (const key of store.keys) {
      expect(key.toLowerCase()).not.toContain(loginId);
      expect(key).not.toContain("203.0.113.99");
      expect(key.length).toBeLessThanOrEqual(40);
    }
  });

  it("gives the account routes an 8 KB body limit (413 before anything else)", async () => {
    const ctx = await context({});
    const member = await createMember(ctx);
    const big = JSON.stringify({ login_id: "abcdef", login_password: "x".repeat(9000) });
    const routes: Array<["POST" | "PATCH" | "DELETE", string]> = [
      ["POST", "/api/users/signin"],
      ["POST", "/api/users/signup"],
      ["PATCH", "/api/users/me/password"],
      ["DELETE", "/api/users/me"],
    ];
    for (const [method, url] of routes) {
      const res = await injectAs(
        ctx,
        member,
      )({
        method,
        url,
        headers: { "content-type": "application/json" },
        payload: big,
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.json().code).toBe("BODY_TOO_LARGE");
    }
    // Other routes keep 1 MiB: a 9 KB review is fine.
    const review = await injectAs(
      ctx,
      member,
    )({
      method: "POST",
      url: "/api/reviews/movie/1",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ rating: 4, content: "가".repeat(3000) }),
    });
    expect(review.statusCode).not.toBe(413);
  });
});

describe("every sign-in counts per IP (item 3)", () => {
  it("limits RATE_LIMIT_SIGNIN_PER_IP sign-ins per IP per 15 minutes, successful ones included", async () => {
    const ctx = await context({ RATE_LIMIT_SIGNIN_PER_IP: "3" });
    const m = await signupMember(ctx);
    const ip = "192.0.2.40";
    for (let i = 0; i < 3; i++) expect((await signin(ctx, m.loginId, m.password, { ip })).statusCode).toBe(201);
    const limited = await signin(ctx, m.loginId, m.password, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
    // Counted before the body is read: even a body that is not JSON is refused with 429 first.
    const garbage = await ctx.app.inject({
      method: "POST",
      url: "/api/users/signin",
      remoteAddress: ip,
      headers: { "content-type": "application/json" },
      payload: "[".repeat(5000),
    });
    expect(garbage.statusCode).toBe(429);
    expect((await signin(ctx, m.loginId, m.password, { ip: "192.0.2.41" })).statusCode).toBe(201);
    ctx.clock.advance(15 * 60);
    expect((await signin(ctx, m.loginId, m.password, { ip })).statusCode).toBe(201);
  });
});

describe("no lockout by login id (item 4)", () => {
  function deviceCookie(res: Awaited<ReturnType<typeof signin>>): string {
    const raw = [res.headers["set-cookie"] ?? []].flat().find((c) => String(c).startsWith("known_device="));
    expect(raw, "known_device cookie").toBeDefined();
    expect(String(raw)).toMatch(/HttpOnly/i);
    expect(String(raw)).toMatch(/SameSite=Strict/i);
    expect(String(raw)).toMatch(/Path=\/api\/users/);
    return String(raw).split(";")[0]!;
  }

  it("lets the owner's known browser in while strangers hammer the login id from many addresses", async () => {
    const ctx = await context({ RATE_LIMIT_SIGNIN_FAILURES_PER_LOGIN_ID: "5" });
    const owner = await signupMember(ctx);
    const cookie = deviceCookie(await signin(ctx, owner.loginId, owner.password, { ip: "198.51.100.200" }));
    let limited = 0;
    for (let i = 0; i < 20; i++) {
      const res = await signin(ctx, owner.loginId, `guess-${i}x`, { ip: `203.0.113.${i}` });
      if (res.statusCode === 429) limited++;
      else expect(res.statusCode).toBe(401);
    }
    expect(limited).toBeGreaterThan(0);
    // The owner, from the browser that signed in before (another address, even), is not limited.
    const home = await signin(ctx, owner.loginId, owner.password, { ip: "198.51.100.201", headers: { cookie } });
    expect(home.statusCode).toBe(201);
    // A stranger's browser is still slowed down, and a forged or foreign cookie is no exemption.
    const stranger = await signin(ctx, owner.loginId, owner.password, { ip: "203.0.113.250" });
    expect(stranger.statusCode).toBe(429);
    const forged = cookie.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    const other = await signupMember(ctx);
    const foreign = deviceCookie(await signin(ctx, other.loginId, other.password, { ip: "198.51.100.202" }));
    for (const c of [forged, foreign, "known_device=1.AAAAAAAAAAAAAAAA.x"]) {
      const res = await signin(ctx, owner.loginId, owner.password, { ip: "203.0.113.251", headers: { cookie: c } });
      expect(res.statusCode, c).toBe(429);
    }
  });

  it("slows unknown devices down with a growing delay instead of a block for the hour", async () => {
    const ctx = await context({ RATE_LIMIT_SIGNIN_FAILURES_PER_LOGIN_ID: "3" });
    const owner = await signupMember(ctx);
    for (let i = 0; i < 3; i++) await signin(ctx, owner.loginId, "wrong-pass1", { ip: `203.0.113.${i}` });
    const delays: number[] = [];
    for (let round = 0; round < 4; round++) {
      expect((await signin(ctx, owner.loginId, "wrong-pass1", { ip: "203.0.113.77" })).statusCode).toBe(401);
      const waiting = await signin(ctx, owner.loginId, "wrong-pass1", { ip: "203.0.113.78" });
      expect(waiting.statusCode).toBe(429);
      const retryAfter = Number(waiting.headers["retry-after"]);
      delays.push(retryAfter);
      ctx.clock.advance(retryAfter);
    }
    expect(delays).toEqual([2, 4, 8, 16]);
    // Well within the hour, the owner gets in from a new device once the current delay has passed.
    expect((await signin(ctx, owner.loginId, owner.password, { ip: "198.51.100.9" })).statusCode).toBe(201);
  });
});

describe("limits hold under parallel requests (item 7)", () => {
  async function parallelGuesses(ctx: TestContext, loginId: string) {
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => signin(ctx, loginId, "wrong-pass1", { ip: "198.51.100.60" })),
    );
    return {
      evaluated: answers.filter((r) => r.statusCode === 401).length,
      limited: answers.filter((r) => r.statusCode === 429).length,
    };
  }

  it("evaluates exactly RATE_LIMIT_SIGNIN_FAILURES of 60 parallel wrong passwords (memory store)", async () => {
    const ctx = await context({ RATE_LIMIT_SIGNIN_FAILURES: "10" });
    const m = await signupMember(ctx);
    expect(await parallelGuesses(ctx, m.loginId)).toEqual({ evaluated: 10, limited: 50 });
  });

  it("evaluates exactly RATE_LIMIT_SIGNIN_FAILURES of 60 parallel wrong passwords (Redis store)", async (test) => {
    const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      retryStrategy: () => null,
    });
    try {
      await redis.connect();
    } catch {
      redis.disconnect();
      if (process.env.CI === "true" || process.env.TEST_REDIS_URL) throw new Error("Redis is required");
      test.skip(true, "no Redis on 127.0.0.1:6379");
      return;
    }
    const prefix = `mp:test:${randomBytes(6).toString("hex")}:`;
    try {
      const ctx = await context({ RATE_LIMIT_SIGNIN_FAILURES: "10" }, new RedisRateLimitStore(redis, prefix));
      const m = await signupMember(ctx);
      expect(await parallelGuesses(ctx, m.loginId)).toEqual({ evaluated: 10, limited: 50 });
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });
});
