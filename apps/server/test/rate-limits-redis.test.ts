// The Redis rate-limit store (REDIS_URL): counters shared by every app instance. Needs a Redis server: required
// when CI=true or TEST_REDIS_URL is set, otherwise run when one answers on 127.0.0.1:6379.
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { signin, signup, signupMember } from "./helpers/auth.js";
import { RedisRateLimitStore } from "../src/lib/rate-limiter.js";
import { FakeKakao } from "./helpers/fake-kakao.js";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const REQUIRED = process.env.CI === "true" || process.env.TEST_REDIS_URL !== undefined;

async function connect(): Promise<Redis | null> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch (error) {
    client.disconnect();
    if (REQUIRED) throw new Error(`Redis is required at ${REDIS_URL}: ${String(error)}`);
    console.warn(`Redis tests not run: nothing answers at ${REDIS_URL} (set TEST_REDIS_URL or CI=true to require it)`);
    return null;
  }
}

const redis = await connect();
const prefix = `mp:test:${randomBytes(6).toString("hex")}:`;
const contexts: TestContext[] = [];

beforeAll(() => {
  if (REQUIRED) expect(redis).not.toBeNull();
});
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  if (!redis) return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

async function instance(env: Record<string, string>, keyPrefix = prefix) {
  const ctx = await createTestContext({
    env: {
      RATE_LIMIT_SIGNIN_FAILURES: "0",
      RATE_LIMIT_SIGNIN_FAILURES_PER_IP: "0",
      RATE_LIMIT_SIGNIN_FAILURES_PER_LOGIN_ID: "0",
      RATE_LIMIT_SIGNUP_PER_HOUR: "0",
      RATE_LIMIT_IP_PER_MIN: "0",
      ...env,
    },
    rateLimitStore: new RedisRateLimitStore(redis!, keyPrefix),
  });
  contexts.push(ctx);
  return ctx;
}

describe.runIf(redis !== null)("RedisRateLimitStore", () => {
  it("counts hits in a window that expires, peeks without counting and resets", async () => {
    const store = new RedisRateLimitStore(redis!, `${prefix}unit:`);
    expect(await store.peek("k")).toEqual({ count: 0, resetSeconds: 0 });
    expect(await store.hit("k", 60)).toEqual({ count: 1, resetSeconds: 60 });
    const second = await store.hit("k", 60);
    expect(second.count).toBe(2);
    expect(second.resetSeconds).toBeGreaterThan(58);
    expect((await store.peek("k")).count).toBe(2);
    expect(await redis!.pttl(`${prefix}unit:k`)).toBeGreaterThan(58_000);
    await store.reset("k");
    expect((await store.peek("k")).count).toBe(0);
    // A window of 1 s really ends.
    await store.hit("short", 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await store.hit("short", 1)).count).toBe(1);
  });

  it("shares the signup limit between two app instances", async () => {
    const a = await instance({ RATE_LIMIT_SIGNUP_PER_HOUR: "3" });
    const b = await instance({ RATE_LIMIT_SIGNUP_PER_HOUR: "3" });
    const ip = "192.0.2.55";
    const body = (i: number) => ({ username: `redis_${i}`, login_id: `redis_login_${i}`, login_password: "abcd1234" });
    expect((await signup(a, body(1), { ip })).statusCode).toBe(201);
    expect((await signup(b, body(2), { ip })).statusCode).toBe(201);
    expect((await signup(a, body(3), { ip })).statusCode).toBe(201);
    for (const ctx of [a, b]) {
      const res = await signup(ctx, body(4), { ip });
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe("RATE_LIMITED");
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(3500);
    }
    expect((await signup(b, body(5), { ip: "192.0.2.56" })).statusCode).toBe(201);
  });

  it("shares failed-signin counts and resets between instances", async () => {
    const a = await instance({ RATE_LIMIT_SIGNIN_FAILURES: "2" });
    const b = await instance({ RATE_LIMIT_SIGNIN_FAILURES: "2" });
    // Same login id in both databases, so a signin can succeed on either instance.
    const m = await signupMember(a);
    await signup(b, { username: m.username, login_id: m.loginId, login_password: m.password }, { ip: "10.77.0.1" });
    const ip = "192.0.2.60";
    expect((await signin(a, m.loginId, "bad-pass1", { ip })).statusCode).toBe(401);
    expect((await signin(b, m.loginId.toUpperCase(), "bad-pass1", { ip })).statusCode).toBe(401);
    expect((await signin(a, m.loginId, m.password, { ip })).statusCode).toBe(429);
    expect((await signin(b, m.loginId, m.password, { ip })).statusCode).toBe(429);
    // Another IP succeeds, and its success resets only its own pair.
    expect((await signin(b, m.loginId, m.password, { ip: "192.0.2.61" })).statusCode).toBe(201);
    expect((await signin(a, m.loginId, m.password, { ip })).statusCode).toBe(429);
  });

  it("keeps deployments with different prefixes apart", async () => {
    const a = await instance({ RATE_LIMIT_IP_PER_MIN: "2" }, `${prefix}one:`);
    const b = await instance({ RATE_LIMIT_IP_PER_MIN: "2" }, `${prefix}two:`);
    const get = (ctx: TestContext) =>
      ctx.app.inject({ method: "GET", url: "/api/users/profile/999999", remoteAddress: "192.0.2.70" });
    expect([(await get(a)).statusCode, (await get(a)).statusCode, (await get(a)).statusCode]).toEqual([404, 404, 429]);
    expect((await get(b)).statusCode).toBe(404);
  });

  it("shares used OAuth states: a state used on one instance is refused on another (API.md §3.4)", async () => {
    const kakao = await new FakeKakao().start();
    try {
      const env = { ...kakao.env(), JWT_SECRET: "shared-secret-shared-secret-shared-0123" };
      const [a, b] = [await instance(env), await instance(env)];
      const start = await a.app.inject({ method: "GET", url: "/api/auth/kakao" });
      const cookie = String(start.headers["set-cookie"]).match(/oauth_state=([^;]+)/)![1]!;
      const authorize = await fetch(String(start.headers.location), { redirect: "manual" });
      const back = new URL(authorize.headers.get("location")!);
      const callback = (ctx: TestContext, state: string | null) =>
        ctx.app.inject({
          method: "GET",
          url: `/api/auth/kakao/callback?code=${back.searchParams.get("code")}${state ? `&state=${state}` : ""}`,
          headers: { cookie: `oauth_state=${cookie}` },
        });
      expect((await callback(a, back.searchParams.get("state"))).statusCode).toBe(200);
      const requests = kakao.tokenRequests.length;
      for (const state of [back.searchParams.get("state"), null]) {
        const replay = await callback(b, state);
        expect(replay.json().code).toBe("OAUTH_STATE_MISMATCH");
      }
      expect(kakao.tokenRequests.length).toBe(requests);
      // Remembered only until the state would expire anyway (the cookie's 10 minutes).
      const keys = await redis!.keys(`${prefix}oauth-state:*`);
      expect(keys).toHaveLength(1);
      expect(await redis!.pttl(keys[0]!)).toBeGreaterThan(500_000);
      expect(await redis!.pttl(keys[0]!)).toBeLessThanOrEqual(600_000);
    } finally {
      await kakao.stop();
    }
  });
});
