// Operations (API.md §4.13): health, metrics, OpenAPI and docs, token-free logs, graceful shutdown.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { apiRoutes, openApiPaths } from "./helpers/routes.js";
import { countJobRun } from "../src/lib/metrics.js";

const METRICS_TOKEN = "metrics-token-for-tests-0123456789";
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { METRICS_TOKEN } });
});
afterAll(async () => ctx.close());

function scrape(c: TestContext = ctx, authorization = `Bearer ${METRICS_TOKEN}`) {
  return c.app.inject({ method: "GET", url: "/api/metrics", headers: { authorization } });
}

/** The value of one series in a Prometheus text body, 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("GET /api/health", () => {
  it("answers 200 with the database status", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers 503 DATABASE_UNAVAILABLE without a database", async () => {
    const broken = await createTestContext();
    await broken.database.close();
    const res = await broken.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: expect.any(String), code: "DATABASE_UNAVAILABLE" });
    await broken.app.close();
  });
});

describe("GET /api/metrics", () => {
  it("does not exist without METRICS_TOKEN, whatever the headers", async () => {
    const plain = await createTestContext();
    try {
      for (const authorization of [undefined, `Bearer ${METRICS_TOKEN}`, "Bearer x"]) {
        const res = await plain.app.inject({
          method: "GET",
          url: "/api/metrics",
          ...(authorization ? { headers: { authorization } } : {}),
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: expect.any(String), code: "NOT_FOUND" });
      }
    } finally {
      await plain.close();
    }
  });

  it("needs the token as a bearer: missing → AUTH_REQUIRED, any other → INVALID_TOKEN", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/metrics" })).json().code).toBe("AUTH_REQUIRED");
    expect((await scrape(ctx, `Basic ${METRICS_TOKEN}`)).json().code).toBe("AUTH_REQUIRED");
    expect((await scrape(ctx, "Bearer ")).json().code).toBe("AUTH_REQUIRED");
    for (const wrong of ["x", METRICS_TOKEN.slice(0, -1), `${METRICS_TOKEN}x`, METRICS_TOKEN.toUpperCase()]) {
      const res = await scrape(ctx, `Bearer ${wrong}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: expect.any(String), code: "INVALID_TOKEN" });
    }
    expect((await scrape(ctx, `bearer ${METRICS_TOKEN}`)).statusCode).toBe(200);
  });

  it("serves Prometheus text with request counts, latencies and job runs", async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    for (const line of res.body.trim().split("\n")) {
      if (line.startsWith("#")) expect(line).toMatch(/^# (HELP|TYPE) [a-z_:][a-z0-9_:]* .+$/);
      else expect(line).toMatch(/^[a-z_:][a-z0-9_:]*(\{[a-z_]+="[^"\n]*"(,[a-z_]+="[^"\n]*")*\})? [-+0-9.eInf]+$/);
    }
    expect(res.body).toContain("# TYPE moviepedia_http_requests_total counter");
    expect(res.body).toContain("# TYPE moviepedia_http_request_duration_seconds histogram");
    expect(res.body).toContain("# TYPE moviepedia_job_runs_total counter");

    const health = 'moviepedia_http_requests_total{method="GET",route="/api/health",status="200"}';
    const profile404 = 'moviepedia_http_requests_total{method="GET",route="/api/users/profile/:user_id",status="404"}';
    const unmatched = 'moviepedia_http_requests_total{method="GET",route="unmatched",status="404"}';
    const durations = 'moviepedia_http_request_duration_seconds_count{method="GET",route="/api/health"}';
    // The registry is process-wide (other apps in this file count too): compare before and after.
    const before = Object.fromEntries([health, profile404, unmatched, durations].map((s) => [s, sample(res.body, s)]));
    for (let i = 0; i < 3; i++) await ctx.app.inject({ method: "GET", url: "/api/health" });
    await ctx.app.inject({ method: "GET", url: "/api/users/profile/424242" });
    await ctx.app.inject({ method: "GET", url: "/api/secret-path-xyz?token=abc" });
    countJobRun("test-job");
    countJobRun("test-job");
    const after = (await scrape()).body;
    expect(sample(after, health)).toBe(before[health]! + 3);
    expect(sample(after, profile404)).toBe(before[profile404]! + 1);
    expect(sample(after, unmatched)).toBe(before[unmatched]! + 1);
    expect(sample(after, 'moviepedia_job_runs_total{job="test-job"}')).toBe(2);
    const count = sample(after, durations);
    expect(count).toBe(before[durations]! + 3);
    expect(
      sample(after, 'moviepedia_http_request_duration_seconds_bucket{method="GET",route="/api/health",le="+Inf"}'),
    ).toBe(count);
    expect(
      sample(after, 'moviepedia_http_request_duration_seconds_sum{method="GET",route="/api/health"}'),
    ).toBeGreaterThan(0);
    // Route patterns only: no raw paths, ids or query strings.
    expect(after).not.toContain("secret-path-xyz");
    expect(after).not.toContain("424242");
  });
});

describe("OpenAPI and docs", () => {
  it("documents every /api route the app registered", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const routes = apiRoutes(ctx.app);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(["POST /api/users/signup", "GET /api/metrics", "GET /api/openapi.json"]),
    );
    const missing = routes.filter(
      (r) => !openApiPaths(r.url).some((p) => doc.paths[p]?.[r.method.toLowerCase()] !== undefined),
    );
    expect(missing).toEqual([]);
    const signup = doc.paths["/api/users/signup"].post;
    expect(signup.requestBody.content["application/json"].schema.properties).toHaveProperty("login_password");
    expect(Object.keys(signup.responses)).toEqual(expect.arrayContaining(["201", "4XX"]));
    expect(doc.paths["/api/users/profile/{user_id}"].get.parameters[0]).toMatchObject({ name: "user_id", in: "path" });
  });

  it("serves Swagger UI from local assets under its own CSP", async () => {
    const page = await ctx.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    const docsCsp = String(page.headers["content-security-policy"]);
    const spaCsp = String(
      (await ctx.app.inject({ method: "GET", url: "/api/health" })).headers["content-security-policy"],
    );
    expect(docsCsp).not.toBe(spaCsp);
    expect(spaCsp).toContain("img-src 'self' data: https:");
    expect(spaCsp).toContain("script-src 'self'");
    const directives = new Map(
      docsCsp.split(";").map((d) => {
        const [name = "", ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get("script-src")).toEqual(["'self'"]);
    expect(directives.get("img-src")).toEqual(["'self'", "data:"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("default-src")).toEqual(["'self'"]);
    expect(docsCsp).not.toMatch(/unsafe-eval|https?:\/\/|upgrade-insecure-requests/);

    // Relative (`./static/…`) under /api/docs/, absolute (`/api/docs/static/…`) under /api/docs.
    const assets = [...page.body.matchAll(/(?:src|href)="(?:\.|\/api\/docs)\/(static\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    expect(page.body).not.toMatch(/(?:src|href)="https?:/);
    for (const asset of assets) {
      const res = await ctx.app.inject({ method: "GET", url: `/api/docs/${asset}` });
      expect(res.statusCode, asset).toBe(200);
      expect(res.rawPayload.length, asset).toBeGreaterThan(0);
      if (asset.endsWith(".js")) expect(res.headers["content-type"]).toMatch(/javascript/);
      if (asset.endsWith(".css")) expect(res.headers["content-type"]).toMatch(/text\/css/);
    }
    const initializer = await ctx.app.inject({ method: "GET", url: "/api/docs/static/swagger-initializer.js" });
    expect(initializer.body).toContain("./json");
    const spec = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(Object.keys(spec.json().paths).sort()).toEqual(
      Object.keys((await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json().paths).sort(),
    );
    const missing = await ctx.app.inject({ method: "GET", url: "/api/docs/static/nope.js" });
    expect(missing.statusCode).toBe(404);
  });
});

describe("logs", () => {
  it("never contain tokens, cookies, passwords or OAuth codes", async () => {
    const lines: string[] = [];
    const logged = await createTestContext({
      logger: { level: "trace", stream: { write: (line: string) => void lines.push(line) } },
      env: { KAKAO_CLIENT_ID: "kakao-client", KAKAO_CLIENT_SECRET: "kakao-secret-value" },
    });
    try {
      const secrets: string[] = ["kakao-secret-value"];
      const password = "pw!Secret123";
      const signup = await logged.app.inject({
        method: "POST",
        url: "/api/users/signup",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ username: "log_user", login_id: "log_user_id", login_password: password }),
      });
      expect(signup.statusCode).toBe(201);
      secrets.push(password);
      const signin = await logged.app.inject({
        method: "POST",
        url: "/api/users/signin",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ login_id: "log_user_id", login_password: password }),
      });
      const tokens = signin.json();
      secrets.push(tokens.access_token, tokens.refresh_token);
      const bearer = { authorization: `Bearer ${tokens.access_token}` };
      await logged.app.inject({ method: "GET", url: "/api/users/me", headers: bearer });
      await logged.app.inject({
        method: "GET",
        url: "/api/users/me",
        headers: { authorization: "Bearer forged.token.value" },
      });
      secrets.push("forged.token.value");
      const refreshed = await logged.app.inject({
        method: "GET",
        url: "/api/users/refresh",
        headers: { "content-type": "application/json" },
        cookies: { refresh_token: tokens.refresh_token },
      });
      secrets.push(refreshed.json().access_token, refreshed.json().refresh_token);
      await logged.app.inject({
        method: "GET",
        url: "/api/auth/kakao/callback?code=OAUTHCODE12345&state=OAUTHSTATE67890",
        cookies: { oauth_state: "OAUTHCOOKIE24680" },
      });
      secrets.push("OAUTHCODE12345", "OAUTHSTATE67890", "OAUTHCOOKIE24680");
      await logged.app.inject({ method: "GET", url: "/api/users/profile/1?access_token=QUERYTOKEN999" });
      secrets.push("QUERYTOKEN999");
      await logged.app.inject({
        method: "POST",
        url: "/api/users/logout",
        headers: bearer,
        cookies: { refresh_token: refreshed.json().refresh_token },
      });

      const text = lines.join("");
      // One access-log line per request (eight requests above).
      expect(lines.filter((line) => line.includes('"msg":"request completed"'))).toHaveLength(8);
      expect(text).toContain('"url":"/api/users/signin"');
      expect(text).toContain('"url":"/api/auth/kakao/callback"');
      for (const secret of secrets) expect(text, `log leaks ${secret.slice(0, 12)}…`).not.toContain(secret);
      for (const line of lines) {
        const entry = JSON.parse(line) as { req?: { url?: string; headers?: unknown } };
        if (entry.req) {
          expect(entry.req.url).not.toContain("?");
          expect(entry.req.headers).toBeUndefined();
        }
      }
    } finally {
      await logged.close();
    }
  });
});

describe("graceful shutdown", () => {
  it("lets a request in flight finish, then refuses new connections", async () => {
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const server = await createTestContext({
      routes: (app: FastifyInstance) => {
        app.get("/api/test-slow", async () => {
          started();
          await new Promise((resolve) => setTimeout(resolve, 400));
          return { done: true };
        });
      },
    });
    try {
      await server.app.listen({ port: 0, host: "127.0.0.1" });
      const address = server.app.server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const request = fetch(`http://127.0.0.1:${port}/api/test-slow`);
      await inFlight;
      const closing = server.app.close();
      const res = await request;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ done: true });
      await closing;
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    } finally {
      await server.close();
    }
  });
});
