// Conventions every /api endpoint shares (API.md §1.1–1.3, §2): routing, bodies, headers, error shape, precedence.
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, injectAs, type TestMember } from "./helpers/factories.js";
import { apiRoutes, fillParams } from "./helpers/routes.js";

let ctx: TestContext;
let member: TestMember;
beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      RATE_LIMIT_SIGNUP_PER_HOUR: "0",
      RATE_LIMIT_CREATES_PER_MIN: "0",
      RATE_LIMIT_TOGGLES_PER_MIN: "0",
      RATE_LIMIT_RATINGS_PER_MIN: "0",
    },
  });
  member = await createMember(ctx);
});
afterAll(async () => ctx.close());

const TWO_MIB = "x".repeat(2 * 1024 * 1024);

function expectApiError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(res.headers["cache-control"]).toBe("no-store");
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(["code", "detail"]);
  expect(body.code).toBe(code);
  expect(typeof body.detail).toBe("string");
  expect(body.detail).toMatch(/^[\x20-\x7e]+$/);
}

describe("routing", () => {
  it("answers unknown /api paths and methods with 404 NOT_FOUND, never the SPA", async () => {
    const cases: Array<[string, string]> = [
      ["GET", "/api"],
      ["GET", "/api/"],
      ["GET", "/api/nope"],
      ["GET", "/api/users"],
      ["GET", "/api/users/me/extra"],
      ["DELETE", "/api/health"],
      ["PUT", "/api/users/me"],
      ["POST", "/api/users/refresh"],
      ["GET", "/api/users/signin"],
      ["OPTIONS", "/api/users/signin"],
      ["GET", "/api/metrics"],
      ["HEAD", "/api/nope"],
    ];
    for (const [method, url] of cases) {
      const res = await ctx.app.inject({ method: method as "GET", url });
      if (method === "HEAD") {
        expect(res.statusCode).toBe(404);
        continue;
      }
      expectApiError(res, 404, "NOT_FOUND");
    }
  });

  it("ignores trailing slashes", async () => {
    const as = injectAs(ctx, member);
    expect((await as({ method: "GET", url: "/api/users/me/" })).json().id).toBe(member.id);
    expect((await ctx.app.inject({ method: "GET", url: "/api/health/" })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "GET", url: `/api/users/profile/${member.id}/` })).statusCode).toBe(200);
    expect((await as({ method: "PATCH", url: "/api/users/me/" })).statusCode).toBe(200);
  });

  it("answers 404 for an unknown route before looking at auth or the body", async () => {
    expectApiError(
      await ctx.app.inject({
        method: "PATCH",
        url: "/api/nope",
        headers: { "content-type": "text/plain", authorization: "Bearer bad" },
        payload: "x",
      }),
      404,
      "NOT_FOUND",
    );
    expectApiError(
      await ctx.app.inject({
        method: "POST",
        url: "/api/nope",
        headers: { "content-type": "application/json" },
        payload: TWO_MIB,
      }),
      404,
      "NOT_FOUND",
    );
  });

  it("sends Cache-Control: no-store and the JSON type on every /api JSON answer", async () => {
    const as = injectAs(ctx, member);
    const answers = [
      await ctx.app.inject({ method: "GET", url: "/api/health" }),
      await as({ method: "GET", url: "/api/users/me" }),
      await ctx.app.inject({ method: "GET", url: `/api/users/profile/${member.id}` }),
      await ctx.app.inject({ method: "GET", url: "/api/openapi.json" }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
  });
});

describe("bodies", () => {
  it("refuses a non-empty non-JSON body with 415 on every write endpoint", async () => {
    const writes = apiRoutes(ctx.app).filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method));
    expect(writes.length).toBeGreaterThan(10);
    for (const route of writes) {
      for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=b"]) {
        const res = await injectAs(
          ctx,
          member,
        )({
          method: route.method as "POST",
          url: fillParams(route.url),
          headers: { "content-type": type },
          payload: "a=1",
        });
        expect(res.statusCode, `${route.method} ${route.url} ${type}`).toBe(415);
        expect(res.json().code).toBe("UNSUPPORTED_MEDIA_TYPE");
      }
      const untyped = await injectAs(
        ctx,
        member,
      )({ method: route.method as "POST", url: fillParams(route.url), payload: "{}" });
      expect(untyped.statusCode, `${route.method} ${route.url} without a type`).toBe(415);
    }
  });

  it("accepts JSON with parameters and in any case, and refuses look-alike types", async () => {
    const as = injectAs(ctx, member);
    for (const type of ["application/json; charset=utf-8", "Application/JSON", "application/json;charset=UTF-8"]) {
      const res = await as({ method: "PATCH", url: "/api/users/me", headers: { "content-type": type }, payload: "{}" });
      expect(res.statusCode, type).toBe(200);
    }
    for (const type of ["application/json-patch+json", "application/jsonx", "text/json", "application/ld+json"]) {
      const res = await as({ method: "PATCH", url: "/api/users/me", headers: { "content-type": type }, payload: "{}" });
      expect(res.statusCode, type).toBe(415);
    }
  });

  it("accepts empty bodies whatever their type", async () => {
    const as = injectAs(ctx, member);
    for (const headers of [{}, { "content-type": "application/json" }, { "content-type": "text/plain" }]) {
      expect((await as({ method: "PATCH", url: "/api/users/me", headers })).statusCode).toBe(200);
      expect((await as({ method: "PATCH", url: "/api/users/me", headers, payload: "" })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: "POST", url: "/api/users/logout", headers })).statusCode).toBe(204);
    }
    const whitespace = await as({
      method: "PATCH",
      url: "/api/users/me",
      headers: { "content-type": "application/json" },
      payload: " \n ",
    });
    expect(whitespace.statusCode).toBe(200);
  });

  it("answers 413 BODY_TOO_LARGE above 1 MiB, before validating", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/users/signup",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: TWO_MIB }),
    });
    expectApiError(res, 413, "BODY_TOO_LARGE");
    const text = await ctx.app.inject({
      method: "POST",
      url: "/api/users/signin",
      headers: { "content-type": "text/plain" },
      payload: TWO_MIB,
    });
    expect([413, 415]).toContain(text.statusCode);
    // The account routes take at most 8 KB (issue #22): a body just under 1 MiB is too large there, and a login id
    // longer than any format allows is refused before any work.
    const justUnder = await ctx.app.inject({
      method: "POST",
      url: "/api/users/signin",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ login_id: "x".repeat(1024 * 1024 - 100), login_password: "y" }),
    });
    expectApiError(justUnder, 413, "BODY_TOO_LARGE");
    const longId = await ctx.app.inject({
      method: "POST",
      url: "/api/users/signin",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ login_id: "x".repeat(8000), login_password: "y" }),
    });
    expectApiError(longId, 400, "INVALID_FIELD");
  });

  it("never coerces types: '5' is not 5 and 'true' is not true", async () => {
    const as = injectAs(ctx, member);
    const res = await as({
      method: "PATCH",
      url: "/api/users/me",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ status_message: 5 }),
    });
    expectApiError(res, 400, "INVALID_FIELD");
    const signin = await ctx.app.inject({
      method: "POST",
      url: "/api/users/signin",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ login_id: true, login_password: "abcd1234" }),
    });
    expectApiError(signin, 400, "INVALID_FIELD");
  });
});

describe("precedence 429 → 401 → 413/415 → 400", () => {
  it("puts 401 before 413, 415 and 400", async () => {
    for (const [type, payload] of [
      ["text/plain", "x"],
      ["application/json", TWO_MIB],
      ["application/json", "{bad"],
      ["application/json", JSON.stringify({ username: 5 })],
    ] as const) {
      const res = await ctx.app.inject({
        method: "PATCH",
        url: "/api/users/me",
        headers: { "content-type": type },
        payload,
      });
      expectApiError(res, 401, "AUTH_REQUIRED");
    }
  });

  it("puts 415 and 413 before 400", async () => {
    expectApiError(
      await ctx.app.inject({
        method: "POST",
        url: "/api/users/signup",
        headers: { "content-type": "text/plain" },
        payload: "{}",
      }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expectApiError(
      await ctx.app.inject({
        method: "POST",
        url: "/api/users/signup",
        headers: { "content-type": "application/json" },
        payload: `{"username": 5, "pad": "${TWO_MIB}"}`,
      }),
      413,
      "BODY_TOO_LARGE",
    );
  });

  it("puts 429 before everything", async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_IP_PER_MIN: "2" } });
    try {
      for (let i = 0; i < 2; i++) await limited.app.inject({ method: "GET", url: "/api/users/profile/1" });
      const answers = [
        await limited.app.inject({
          method: "PATCH",
          url: "/api/users/me",
          headers: { "content-type": "text/plain" },
          payload: "x",
        }),
        await limited.app.inject({ method: "GET", url: "/api/users/profile/abc" }),
        await limited.app.inject({ method: "GET", url: "/api/nope" }),
      ];
      for (const res of answers) {
        expectApiError(res, 429, "RATE_LIMITED");
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      }
    } finally {
      await limited.close();
    }
  });
});

describe("no input yields a 500", () => {
  const payloads = [
    "",
    "{}",
    "[]",
    "null",
    "0",
    "-1",
    "1e999",
    '"text"',
    "true",
    "{",
    "\u0000",
    '{"username": {"$gt": ""}, "login_id": ["a"], "login_password": {"a": 1}}',
    '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
    '{"username": "\\ud800\\udc00abc", "login_id": "\\ud800abcdef", "login_password": "\\u0000abcd1234"}',
    JSON.stringify({ username: "a".repeat(10000), login_id: "b".repeat(10000), login_password: "c".repeat(10000) }),
    JSON.stringify({ status_message: "😀".repeat(5000), profile_url: `https://${"a".repeat(5000)}.com` }),
    JSON.stringify({ username: 1e308, status_message: -0, profile_url: 2 ** 53 + 2 }),
    "[".repeat(5000) + "]".repeat(5000),
    `{"a":${"[".repeat(5000)}${"]".repeat(5000)}}`,
  ];
  const endpoints: Array<[string, string]> = [
    ["POST", "/api/users/signup"],
    ["POST", "/api/users/signin"],
    ["PATCH", "/api/users/me"],
    ["POST", "/api/users/logout"],
    ["GET", "/api/users/refresh"],
  ];

  it("survives odd JSON bodies on the account endpoints", async () => {
    for (const [method, url] of endpoints) {
      for (const payload of payloads) {
        for (const auth of [member, null]) {
          const res = await injectAs(
            ctx,
            auth,
          )({ method: method as "POST", url, headers: { "content-type": "application/json" }, payload });
          expect(res.statusCode, `${method} ${url} ${payload.slice(0, 40)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(Object.keys(res.json()).sort()).toEqual(["code", "detail"]);
        }
      }
    }
  });

  it("survives odd paths, ids and query strings", async () => {
    const urls = [
      "/api/users/profile/%00",
      "/api/users/profile/%E0%A4%A",
      "/api/users/profile/%",
      "/api/users/profile/%ZZ",
      "/api/users/profile/1%2F2",
      "/api/users/profile/" + "1".repeat(10000),
      "/api/users/profile/１２３",
      "/api/users/profile/1?user_id=abc&begin=%ZZ",
      "/api//users//me",
      "/api/users/profile/😀",
      "/api/users/followers/1?begin=-1&end=abc",
      "/api/users/followers/1?begin=1&begin=2",
    ];
    for (const url of urls) {
      const res = await ctx.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(Object.keys(res.json()).sort(), url).toEqual(
        res.statusCode >= 400 ? ["code", "detail"] : Object.keys(res.json()).sort(),
      );
    }
    expectApiError(await ctx.app.inject({ method: "GET", url: "/api/users/profile/%E0%A4%A" }), 400, "INVALID_FIELD");
    expectApiError(
      await ctx.app.inject({ method: "GET", url: `/api/users/followers/${member.id}?begin=1&begin=2` }),
      400,
      "INVALID_RANGE",
    );
  });
});
