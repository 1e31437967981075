// The real entry point (src/main.ts) in child processes: boot, serve, share rate limits through REDIS_URL, and exit
// cleanly on SIGTERM (Redis client and database closed, so the process ends by itself with code 0).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { limiterKey } from "../src/http/rate-limit.js";

const SERVER_DIR = path.resolve(import.meta.dirname, "..");
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const REDIS_REQUIRED = process.env.CI === "true" || process.env.TEST_REDIS_URL !== undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "moviepedia-main-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

/** Starts `src/main.ts` on a free port and resolves once it listens. */
function start(name: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "development",
      DATABASE_URL: `sqlite:${path.join(tmp, `${name}.db`)}`,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      SEED_DEMO: "false",
      JWT_SECRET: "main-test-secret-main-test-secret-0000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ child, origin: match[1]!, output: () => output });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${name} exited with ${code} before listening:\n${output}`)));
  });
}

function stop(server: Server): Promise<number | null> {
  return new Promise((resolve) => {
    server.child.once("exit", (code) => resolve(code));
    server.child.kill("SIGTERM");
  });
}

function signup(server: Server, i: number) {
  return fetch(`${server.origin}/api/users/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: `main_${i}`, login_id: `main_login_${i}`, login_password: "abcd1234" }),
  });
}

async function redisAvailable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
    await client.quit();
    return true;
  } catch (error) {
    client.disconnect();
    if (REDIS_REQUIRED) throw new Error(`Redis is required at ${REDIS_URL}: ${String(error)}`);
    console.warn(`main.ts Redis test not run: nothing answers at ${REDIS_URL}`);
    return false;
  }
}
const withRedis = await redisAvailable();

describe("src/main.ts", () => {
  it("boots, migrates, serves and exits 0 on SIGTERM", { timeout: 90_000 }, async () => {
    const server = await start("plain", {});
    const health = await fetch(`${server.origin}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", database: "ok" });
    expect(await stop(server)).toBe(0);
    expect(server.output()).toContain("shutting down");
  });

  it.runIf(withRedis)("shares rate limits between two processes through REDIS_URL", { timeout: 90_000 }, async () => {
    const prefix = `mp:maintest:${randomBytes(6).toString("hex")}:`;
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_SIGNUP_PER_HOUR: "2" };
    const [a, b] = await Promise.all([start("redis-a", env), start("redis-b", env)]);
    try {
      expect((await signup(a, 1)).status).toBe(201);
      expect((await signup(b, 2)).status).toBe(201);
      for (const server of [a, b]) {
        const res = await signup(server, 3);
        expect(res.status).toBe(429);
        expect(await res.json()).toEqual({ detail: expect.any(String), code: "RATE_LIMITED" });
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3500);
      }
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      // Limiter keys are hashed (issue #22): no address or login id is kept in Redis.
      expect(keys).toEqual([`${prefix}rl:${limiterKey("signup:127.0.0.1")}`]);
      await redis.del(...keys);
      await redis.quit();
    } finally {
      expect(await Promise.all([stop(a), stop(b)])).toEqual([0, 0]);
    }
  });
});
