// Two instances, one database (issue 10 item 3): two server processes on one PostgreSQL schema and one Redis share
// rate limits, sessions, ratings and the recommender model. PostgreSQL pass only (`npm test` runs the suite once per
// database); the SQLite pass checks instead that the PostgreSQL pass will run where CI requires it.
import { randomBytes } from "node:crypto";
import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { dialectUnderTest, TEST_DATABASE_URL } from "./helpers/context.js";
import { api, freshPostgresSchema, NO_LIMITS, type ServerProcess, startServer } from "./helpers/server-process.js";
import { type LoadMember, newMember } from "./helpers/write-load.js";
import { limiterKey } from "../src/http/rate-limit.js";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const CI = process.env.CI === "true" || process.env.CI === "1";

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

describe("two-instance deployment settings", () => {
  it("parses a schema-scoped DATABASE_URL and a Redis key prefix; in CI, PostgreSQL and Redis answer", async () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test?options=-c%20search_path%3Dsite_a",
      JWT_SECRET: "x".repeat(32),
      REDIS_URL,
      REDIS_KEY_PREFIX: "site-a:",
    } as NodeJS.ProcessEnv);
    expect(config.database.kind).toBe("postgres");
    expect(config.redisKeyPrefix).toBe("site-a:");
    if (CI) {
      // The PostgreSQL pass (scripts/test.mjs) runs this file's two-instance suite against these services.
      expect(await answers("127.0.0.1", 5432)).toBe(true);
      expect(await answers(new URL(REDIS_URL).hostname, Number(new URL(REDIS_URL).port || 6379))).toBe(true);
    }
  });
});

if (dialectUnderTest === "postgres") {
  describe("two server processes on one PostgreSQL schema and one Redis", () => {
    const prefix = `mp:test:two:${randomBytes(6).toString("hex")}:`;
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    let schema: Awaited<ReturnType<typeof freshPostgresSchema>>;
    let a: ServerProcess;
    let b: ServerProcess;
    let members: LoadMember[];

    beforeAll(async () => {
      await redis.connect();
      schema = await freshPostgresSchema(TEST_DATABASE_URL!);
      const shared = {
        ...NO_LIMITS,
        DATABASE_URL: schema.url,
        REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        RATE_LIMIT_TOGGLES_PER_MIN: "6",
        LOG_LEVEL: "info",
      };
      // Both boot at once on the empty schema: migrations and the catalog seed must happen exactly once.
      // A retrains as soon as ratings change; B never does (its threshold is out of reach).
      [a, b] = await Promise.all([
        startServer({ ...shared, RECOMMENDER_RETRAIN_MIN_INTERVAL_S: "0", RECOMMENDER_RETRAIN_MIN_NEW_RATINGS: "1" }),
        startServer({ ...shared, RECOMMENDER_RETRAIN_MIN_NEW_RATINGS: "1000000000" }),
      ]);
      members = [];
      for (let i = 0; i < 4; i++) members.push(await newMember(i % 2 ? b.url : a.url));
    }, 120_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await schema?.drop();
    });

    it("seeded the catalog once", async () => {
      const [fromA, fromB] = await Promise.all([api(a.url, "GET", "/api/movies"), api(b.url, "GET", "/api/movies")]);
      expect((fromA.body as unknown[]).length).toBeGreaterThan(0);
      expect(fromB.body).toEqual(fromA.body);
      const seeded = [...a.lines, ...b.lines].filter((l) => l.includes('"seeded an empty database"'));
      expect(seeded).toHaveLength(1);
    });

    it("shares rate limits: hits on A and B add up to one 429", async () => {
      const member = members[0]!;
      const toggle = (server: ServerProcess) =>
        api(server.url, "PATCH", "/api/participants/like/1", { token: member.token });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await toggle(i % 2 ? b : a)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      for (const server of [a, b]) {
        const limited = await toggle(server);
        expect(limited.status).toBe(429);
        expect(limited.body).toEqual({ detail: expect.any(String), code: "RATE_LIMITED" });
      }
      // Limiter keys are hashed (issue #22): the member's toggle bucket under its hashed key.
      expect(await redis.get(`${prefix}rl:${limiterKey(`toggle:${member.id}`)}`)).toBe("8");
    });

    it("refuses on one instance a session logged out on the other", async () => {
      for (const [signOut, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const member = await newMember(other.url);
        expect((await api(other.url, "GET", "/api/users/me", { token: member.token })).status).toBe(200);
        expect((await api(signOut.url, "POST", "/api/users/logout", { token: member.token })).status).toBe(204);
        const refused = await api(other.url, "GET", "/api/users/me", { token: member.token });
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual({ detail: expect.any(String), code: "INVALID_TOKEN" });
      }
    });

    it("shows a rating made through one instance through the other", async () => {
      const movieId = 3;
      const before = (await api(b.url, "GET", `/api/movies/${movieId}`)).body as { ratings_count: number };
      const put = await api(a.url, "PUT", `/api/reviews/movie/${movieId}/mine`, {
        token: members[1]!.token,
        body: { rating: 4.5 },
      });
      expect(put.status).toBe(201);
      const after = (await api(b.url, "GET", `/api/movies/${movieId}`)).body as {
        ratings_count: number;
        average_rating: number | null;
      };
      expect(after.ratings_count).toBe(before.ratings_count + 1);
      expect(after).toEqual((await api(a.url, "GET", `/api/movies/${movieId}`)).body);
      expect(after.average_rating).not.toBeNull();
    });

    it("serves the recommender model trained by one instance from both", { timeout: 90_000 }, async () => {
      // Varied ratings from every member, written through both instances.
      for (const [m, member] of members.entries()) {
        for (let movie = 1; movie <= 12; movie++) {
          const rating = ((movie * (m + 2)) % 10) / 2 + 0.5;
          const server = (movie + m) % 2 ? a : b;
          const res = await api(server.url, "PUT", `/api/reviews/movie/${movie}/mine`, {
            token: member.token,
            body: { rating },
          });
          expect(res.status).toBeLessThan(300);
        }
      }
      // A checks every few seconds and trains once ratings changed.
      const trained = (server: ServerProcess) =>
        server.lines.filter((l) => l.includes('"recommender model trained"') && /"modelId":[0-9]/.test(l));
      const deadline = Date.now() + 60_000;
      while (trained(a).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(trained(a).length).toBeGreaterThan(0);
      expect(trained(b)).toEqual([]);

      const asker = members[3]!;
      const predictions = await Promise.all(
        [a, b].map((server) => api(server.url, "GET", "/api/recommend/predict/20", { token: asker.token })),
      );
      for (const p of predictions) expect(p.status).toBe(200);
      const [fromA, fromB] = predictions.map((p) => p.body as { movie_id: number; expected_rating: number | null });
      // Cold start (no model) would answer null; both answer the same model's prediction.
      expect(fromA!.expected_rating).not.toBeNull();
      expect(fromB).toEqual(fromA);
    });
  });
}
