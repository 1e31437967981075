// CORS (API.md §1.1): no CORS headers unless CORS_ORIGINS is set; then allowed origins, preflights, credentials.
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe("CORS", () => {
  it("sends no CORS headers unless CORS_ORIGINS is set", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { origin: "https://elsewhere.example" },
    });
    expect(Object.keys(res.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
    const preflight = await ctx.app.inject({
      method: "OPTIONS",
      url: "/api/users/me",
      headers: { origin: "https://elsewhere.example", "access-control-request-method": "PATCH" },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.json()).toEqual({ detail: expect.any(String), code: "NOT_FOUND" });
  });

  it("answers the configured origins, preflights included, with credentials", async () => {
    const cors = await createTestContext({
      env: { CORS_ORIGINS: "https://app.example, https://admin.example/", RATE_LIMIT_IP_PER_MIN: "3" },
    });
    try {
      for (const origin of ["https://app.example", "https://admin.example"]) {
        const res = await cors.app.inject({ method: "GET", url: "/api/health", headers: { origin } });
        expect(res.headers["access-control-allow-origin"]).toBe(origin);
        expect(res.headers["access-control-allow-credentials"]).toBe("true");
        expect(res.headers["vary"]).toMatch(/Origin/);
        expect(res.headers["access-control-expose-headers"]).toMatch(/Retry-After/);
      }
      const preflight = await cors.app.inject({
        method: "OPTIONS",
        url: "/api/users/me",
        headers: {
          origin: "https://app.example",
          "access-control-request-method": "PATCH",
          "access-control-request-headers": "authorization, content-type",
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers["access-control-allow-origin"]).toBe("https://app.example");
      expect(preflight.headers["access-control-allow-methods"]).toMatch(/PATCH/);
      expect(String(preflight.headers["access-control-allow-headers"]).toLowerCase()).toContain("authorization");
      expect(preflight.headers["access-control-allow-credentials"]).toBe("true");

      const stranger = await cors.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { origin: "https://evil.example" },
      });
      expect(stranger.headers["access-control-allow-origin"]).toBeUndefined();
      const strangerPreflight = await cors.app.inject({
        method: "OPTIONS",
        url: "/api/users/me",
        headers: { origin: "https://evil.example", "access-control-request-method": "PATCH" },
      });
      expect(strangerPreflight.statusCode).toBe(404);
      expect(strangerPreflight.headers["access-control-allow-origin"]).toBeUndefined();

      // Errors, 429s included, stay readable by an allowed origin.
      const origin = { origin: "https://app.example" };
      const unauthorized = await cors.app.inject({ method: "GET", url: "/api/users/me", headers: origin });
      expect(unauthorized.statusCode).toBe(401);
      expect(unauthorized.headers["access-control-allow-origin"]).toBe("https://app.example");
      let last: LightMyRequestResponse | undefined;
      for (let i = 0; i < 4; i++)
        last = await cors.app.inject({ method: "GET", url: "/api/users/profile/1", headers: origin });
      expect(last!.statusCode).toBe(429);
      expect(last!.headers["access-control-allow-origin"]).toBe("https://app.example");
    } finally {
      await cors.close();
    }
  });
});
