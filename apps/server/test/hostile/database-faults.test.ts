// Issue #22 item 10: database faults. The PostgreSQL pool had no 'error' handler: a database that closed an idle pooled
// connection (restart, failover, idle_session_timeout, pg_terminate_backend) killed the process. Here a real server
// process has its own backends terminated (by its application_name) under read and write traffic, and while idle: it
// stays up, answers no 500 (503 DATABASE_UNAVAILABLE at worst), keeps every acknowledged write and recovers by
// itself. Also: READ_ONLY instances refuse the GETs that write with 503, and a missing database or a refused role at
// boot gives one configuration line, not a stack trace.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, dialectUnderTest, TEST_DATABASE_URL } from "../helpers/context.js";
import { api, freshPostgresSchema, NO_LIMITS, type ServerProcess, startServer } from "../helpers/server-process.js";
import { type LoadMember, newMember } from "../helpers/write-load.js";

describe("a READ_ONLY instance", () => {
  it("answers 503 DATABASE_UNAVAILABLE to the GETs that write: refresh, logout and the OAuth callbacks", async () => {
    const ctx = await createTestContext({
      env: { DATABASE_URL: "postgres://replica.invalid/moviepedia", READ_ONLY: "true", KAKAO_CLIENT_ID: "client" },
    });
    try {
      const script = { "content-type": "application/json" };
      for (const url of ["/api/users/refresh", "/api/users/logout", "/api/auth/kakao/callback?code=a&state=b"]) {
        const res = await ctx.app.inject({ method: "GET", url, headers: script, cookies: { refresh_token: "x" } });
        expect(res.statusCode, url).toBe(503);
        expect(res.json(), url).toEqual({ detail: expect.any(String), code: "DATABASE_UNAVAILABLE" });
      }
      // Reads are served as before.
      expect((await ctx.app.inject({ method: "GET", url: "/api/users/profile/999999" })).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});

describe.runIf(dialectUnderTest === "postgres")("PostgreSQL faults", () => {
  const appName = `mp_fault_${randomBytes(4).toString("hex")}`;
  let schema: Awaited<ReturnType<typeof freshPostgresSchema>>;
  let server: ServerProcess;
  let member: LoadMember;

  /** Terminates every backend of the server under test (waiting until each is gone); returns how many there were. */
  async function terminateBackends(): Promise<number> {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ok: boolean }>(
        "select pg_terminate_backend(pid, 5000) as ok from pg_stat_activity where application_name = $1",
        [appName],
      );
      return rows.length;
    } finally {
      await admin.end();
    }
  }

  beforeAll(async () => {
    schema = await freshPostgresSchema(TEST_DATABASE_URL!);
    const url = new URL(schema.url);
    url.searchParams.set("application_name", appName);
    server = await startServer({ ...NO_LIMITS, DATABASE_URL: url.toString() });
    member = await newMember(server.url);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await schema?.drop();
  });

  it("names its connections, so operators (and this test) can find them", async () => {
    expect(await terminateBackends()).toBeGreaterThan(0);
    expect((await api(server.url, "GET", "/api/health")).status).toBe(200);
  });

  it(
    "survives its backends being terminated under read and write traffic, with no 500",
    { timeout: 120_000 },
    async () => {
      const statuses = new Map<number, number>();
      const acknowledged: number[] = [];
      let running = true;
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const reader = async () => {
        while (running) {
          count((await api(server.url, "GET", "/api/users/me", { token: member.token })).status);
          count((await api(server.url, "GET", `/api/users/profile/${member.id}`)).status);
        }
      };
      let sequence = 0;
      const writer = async () => {
        while (running) {
          const title = `fault ${++sequence}`;
          const res = await api(server.url, "POST", "/api/collections", { token: member.token, body: { title } });
          count(res.status);
          if (res.status === 201) acknowledged.push((res.body as { id: number }).id);
        }
      };
      const traffic = [reader(), reader(), writer(), writer()];
      let terminated = 0;
      for (let round = 0; round < 12; round++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        terminated += await terminateBackends();
      }
      running = false;
      await Promise.all(traffic);
      expect(terminated).toBeGreaterThan(0);
      expect(server.child.exitCode, server.lines.join("\n")).toBeNull();
      const unexpected = [...statuses.keys()].filter((s) => ![200, 201, 503].includes(s));
      expect(unexpected, JSON.stringify(Object.fromEntries(statuses))).toEqual([]);
      expect(statuses.get(201) ?? 0).toBeGreaterThan(0);
      // Every acknowledged write is there.
      const check = new pg.Client({ connectionString: schema.url });
      await check.connect();
      try {
        const { rows } = await check.query<{ id: number }>("select id from collections where id = any($1::int[])", [
          acknowledged,
        ]);
        expect(rows.length).toBe(acknowledged.length);
      } finally {
        await check.end();
      }
    },
  );

  it("survives its idle pooled connections being closed, and serves the next requests", async () => {
    // Open a few pooled connections, let them go idle, then close them all from the database's side.
    await Promise.all(
      Array.from({ length: 4 }, () => api(server.url, "GET", "/api/users/me", { token: member.token })),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await terminateBackends()).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.child.exitCode, server.lines.join("\n")).toBeNull();
    await expect
      .poll(async () => (await api(server.url, "GET", "/api/users/me", { token: member.token })).status)
      .toBe(200);
    const write = await api(server.url, "PATCH", "/api/users/me", {
      token: member.token,
      body: { status_message: "ok" },
    });
    expect(write.status).toBe(200);
    expect(server.lines.some((line) => line.includes("database connection lost"))).toBe(true);
  });

  it(
    "stops at boot with one configuration line for a missing database or a refused role",
    { timeout: 120_000 },
    async () => {
      const base = new URL(TEST_DATABASE_URL!);
      const missing = new URL(base);
      missing.pathname = `/no_such_db_${randomBytes(3).toString("hex")}`;
      const refused = new URL(base);
      refused.username = `no_such_role_${randomBytes(3).toString("hex")}`;
      for (const [url, pattern] of [
        [missing, /DATABASE_URL: PostgreSQL at .* has no database "no_such_db_\w+"; create it first/],
        [refused, /DATABASE_URL: PostgreSQL at .* refused user "no_such_role_\w+"/],
      ] as const) {
        let message = "";
        try {
          const started = await startServer({ DATABASE_URL: url.toString() });
          await started.stop();
        } catch (error) {
          message = (error as Error).message;
        }
        expect(message).toMatch(pattern);
        expect(message).not.toMatch(/\n\s+at /);
      }
    },
  );
});
