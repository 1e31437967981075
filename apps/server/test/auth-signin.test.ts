// POST /api/users/signin and the access token (API.md §3.1–3.3): tokens, cookie attributes, JWT claims, bearer rules.
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { base64url, decodeSegment, JSON_HEADERS, me, refreshCookie, signin, signupMember } from "./helpers/auth.js";
import { insertUser } from "../src/modules/users/repository.js";
import { toTimestamp } from "../src/lib/time.js";

const NO_LIMITS = {
  RATE_LIMIT_SIGNUP_PER_HOUR: "0",
  RATE_LIMIT_SIGNIN_FAILURES: "0",
  RATE_LIMIT_SIGNIN_FAILURES_PER_IP: "0",
  RATE_LIMIT_SIGNIN_FAILURES_PER_LOGIN_ID: "0",
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: NO_LIMITS });
});
afterAll(async () => ctx.close());

describe("signin", () => {
  it("answers 201 AuthTokens with a numeric user_id and the refresh cookie", async () => {
    const member = await signupMember(ctx);
    const before = Date.now();
    const res = await signin(ctx, member.loginId, member.password);
    expect(res.statusCode).toBe(201);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["access_token", "refresh_token", "user_id"]);
    expect(body.user_id).toBe(member.id);
    expect(typeof body.user_id).toBe("number");
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    const cookie = refreshCookie(res)!;
    expect(cookie.value).toBe(body.refresh_token);
    expect(Object.keys(cookie.attributes).sort()).toEqual(["expires", "httponly", "max-age", "path", "samesite"]);
    expect(cookie.attributes).toMatchObject({
      httponly: "",
      path: "/api/users",
      samesite: "Strict",
      "max-age": "1209600",
    });
    const expires = Date.parse(cookie.attributes.expires!);
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 1209600 * 1000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 1209600 * 1000 + 1000);

    expect((await me(ctx, body.access_token)).json().id).toBe(member.id);
  });

  it("matches the login id case-insensitively and starts a new session each time", async () => {
    const member = await signupMember(ctx);
    const a = await signin(ctx, member.loginId.toUpperCase(), member.password);
    const b = await signin(ctx, member.loginId, member.password);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(decodeSegment(a.json().access_token, 1).sid).not.toBe(decodeSegment(b.json().access_token, 1).sid);
    const sessions = await ctx.db.selectFrom("sessions").select("id").where("user_id", "=", member.id).execute();
    expect(sessions).toHaveLength(2);
  });

  it("gives one identical 401 for a wrong password, an unknown id and an account without a password", async () => {
    const member = await signupMember(ctx);
    const noPassword = await insertUser(ctx.db, {
      username: "nopass_user",
      username_lower: "nopass_user",
      login_id: "nopass_login",
      login_id_lower: "nopass_login",
      password_hash: null,
      login_type: "kakao",
      profile_url: null,
      status_message: null,
      created_at: toTimestamp(ctx.clock.now()),
    });
    expect(noPassword.id).toBeGreaterThan(0);
    const answers = [
      await signin(ctx, member.loginId, "wrong1234"),
      await signin(ctx, "nobody_here", "abcd1234"),
      await signin(ctx, "nopass_login", "abcd1234"),
      await signin(ctx, member.loginId, member.password.toUpperCase()),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(res.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.json()).toEqual({ detail: expect.any(String), code: "INVALID_CREDENTIALS" });
  });

  it("needs login_id and login_password as non-empty strings and applies no format rule", async () => {
    const cases: Array<[unknown, string, string]> = [
      [{}, "MISSING_FIELD", "login_id"],
      [{ login_id: "abcdef" }, "MISSING_FIELD", "login_password"],
      [{ login_id: "", login_password: "x" }, "INVALID_FIELD", "login_id"],
      [{ login_id: "abcdef", login_password: "" }, "INVALID_FIELD", "login_password"],
      [{ login_id: 123456, login_password: "abcd1234" }, "INVALID_FIELD", "login_id"],
      [{ login_id: "abcdef", login_password: 12345678 }, "INVALID_FIELD", "login_password"],
      [{ login_id: null, login_password: "abcd1234" }, "INVALID_FIELD", "login_id"],
    ];
    for (const [body, code, field] of cases) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/users/signin",
        headers: JSON_HEADERS,
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ detail: expect.stringContaining(`'${field}'`), code });
    }
    // Any non-empty strings reach the credential check: no regex on signin.
    expect((await signin(ctx, "x", "y")).json().code).toBe("INVALID_CREDENTIALS");
    expect((await signin(ctx, "공백 있는 아이디", "한글")).json().code).toBe("INVALID_CREDENTIALS");
  });

  it("refuses a form-encoded signin with 415 and never signs in", async () => {
    const member = await signupMember(ctx);
    for (const type of ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"]) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/users/signin",
        headers: { "content-type": type },
        payload: `login_id=${member.loginId}&login_password=${member.password}`,
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ detail: expect.any(String), code: "UNSUPPORTED_MEDIA_TYPE" });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });
});

describe("the access token", () => {
  it("is HS256 with sub, integer iat/exp, 32-hex jti, sid and typ, readable with atob", async () => {
    const member = await signupMember(ctx);
    const res = await signin(ctx, member.loginId, member.password);
    const token: string = res.json().access_token;
    expect(decodeSegment(token, 0)).toEqual({ alg: "HS256", typ: "JWT" });
    const claims = decodeSegment(token, 1);
    expect(Object.keys(claims).sort()).toEqual(["exp", "iat", "jti", "sid", "sub", "typ"]);
    expect(claims.sub).toBe(String(member.id));
    expect(claims.typ).toBe("access");
    expect(claims.jti).toMatch(/^[0-9a-f]{32}$/);
    expect(claims.sid).toMatch(/^[0-9a-f]+$/);
    expect(Number.isInteger(claims.iat)).toBe(true);
    expect(Number.isInteger(claims.exp)).toBe(true);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(30 * 60);
    expect(Math.abs(Number(claims.iat) - ctx.clock.now().getTime() / 1000)).toBeLessThan(2);
    const session = await ctx.db
      .selectFrom("sessions")
      .select("user_id")
      .where("id", "=", String(claims.sid))
      .execute();
    expect(session).toEqual([{ user_id: member.id }]);
  });

  it("never has '-' or '_' in its payload segment", async () => {
    const member = await signupMember(ctx);
    const tokens = await Promise.all(
      Array.from({ length: 40 }, () => ctx.services.tokens.signAccess(member.id, "ab".repeat(16))),
    );
    for (const token of tokens) {
      expect(token.split(".")[1]).not.toMatch(/[-_]/);
      expect(decodeSegment(token, 1).sub).toBe(String(member.id));
    }
  });

  it("lasts ACCESS_TOKEN_TTL_MINUTES", async () => {
    const short = await createTestContext({ env: { ...NO_LIMITS, ACCESS_TOKEN_TTL_MINUTES: "5" } });
    try {
      const member = await signupMember(short);
      const token: string = (await signin(short, member.loginId, member.password)).json().access_token;
      const claims = decodeSegment(token, 1);
      expect(Number(claims.exp) - Number(claims.iat)).toBe(300);
      short.clock.advance(298);
      expect((await me(short, token)).statusCode).toBe(200);
      short.clock.advance(3);
      expect((await me(short, token)).json()).toEqual({ detail: expect.any(String), code: "TOKEN_EXPIRED" });
    } finally {
      await short.close();
    }
  });

  it("expires after 30 minutes by default with TOKEN_EXPIRED", async () => {
    const member = await signupMember(ctx);
    const token: string = (await signin(ctx, member.loginId, member.password)).json().access_token;
    ctx.clock.advance(29 * 60);
    expect((await me(ctx, token)).statusCode).toBe(200);
    ctx.clock.advance(61);
    const res = await me(ctx, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: expect.any(String), code: "TOKEN_EXPIRED" });
  });

  it("refuses forged, foreign and malformed tokens with INVALID_TOKEN", async () => {
    const member = await signupMember(ctx);
    const real: string = (await signin(ctx, member.loginId, member.password)).json().access_token;
    const claims = decodeSegment(real, 1);
    const [header, payload, signature] = real.split(".");
    const secret = new TextEncoder().encode("test-secret-test-secret-test-secret-0123");
    const sign = (body: Record<string, unknown>, alg = "HS256", key = secret) =>
      new SignJWT(body).setProtectedHeader({ alg, typ: "JWT" }).sign(key);
    const forged = [
      `${base64url({ alg: "none", typ: "JWT" })}.${payload}.`,
      `${base64url({ alg: "none", typ: "JWT" })}.${payload}.${signature}`,
      await sign(claims, "HS256", new TextEncoder().encode("another-secret-another-secret-0000")),
      await sign(claims, "HS512"),
      await sign({ ...claims, typ: "refresh" }),
      await sign({ ...claims, sub: "abc" }),
      await sign({ ...claims, sub: Number(claims.sub) }),
      await sign({ ...claims, sid: "0".repeat(32) }),
      await sign({ ...claims, sub: "999999" }),
      `${header}.${payload}.${signature!.slice(0, -2)}xx`,
      `${header}.${base64url({ ...claims, sub: "1" })}.${signature}`,
      "not-a-jwt",
      "a.b.c",
      real + "x",
    ];
    for (const token of forged) {
      const res = await me(ctx, token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json()).toEqual({ detail: expect.any(String), code: "INVALID_TOKEN" });
    }
    // The untouched token still works: the 401s above were about the tokens.
    expect((await me(ctx, real)).statusCode).toBe(200);
  });

  it("accepts the Bearer scheme in any case; an empty token or another scheme is no bearer", async () => {
    const member = await signupMember(ctx);
    const token: string = (await signin(ctx, member.loginId, member.password)).json().access_token;
    for (const header of [`Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`, `bEaReR   ${token}`]) {
      const res = await ctx.app.inject({ method: "GET", url: "/api/users/me", headers: { authorization: header } });
      expect(res.statusCode, header).toBe(200);
    }
    for (const header of ["Bearer", "Bearer ", "Bearer    ", `Basic ${token}`, token, `Token ${token}`]) {
      const res = await ctx.app.inject({ method: "GET", url: "/api/users/me", headers: { authorization: header } });
      expect(res.statusCode, header).toBe(401);
      expect(res.json().code, header).toBe("AUTH_REQUIRED");
    }
  });
});

describe("the Secure attribute", () => {
  async function cookieFlags(env: Record<string, string>, headers: Record<string, string>) {
    const c = await createTestContext({ env: { ...NO_LIMITS, ...env } });
    try {
      const member = await signupMember(c);
      const res = await signin(c, member.loginId, member.password, { headers });
      expect(res.statusCode).toBe(201);
      return refreshCookie(res)!.attributes;
    } finally {
      await c.close();
    }
  }

  it("is set only for https requests (X-Forwarded-Proto behind a trusted proxy) unless COOKIE_SECURE says otherwise", async () => {
    const https = { "x-forwarded-proto": "https" };
    expect(await cookieFlags({}, {})).not.toHaveProperty("secure");
    expect(await cookieFlags({}, https)).not.toHaveProperty("secure");
    expect(await cookieFlags({ TRUST_PROXY: "1" }, https)).toHaveProperty("secure");
    expect(await cookieFlags({ TRUST_PROXY: "1" }, { "x-forwarded-proto": "http" })).not.toHaveProperty("secure");
    expect(await cookieFlags({ COOKIE_SECURE: "true" }, {})).toHaveProperty("secure");
    expect(await cookieFlags({ COOKIE_SECURE: "false", TRUST_PROXY: "1" }, https)).not.toHaveProperty("secure");
  });

  it("keeps Max-Age = REFRESH_TOKEN_TTL_DAYS × 86400", async () => {
    expect((await cookieFlags({ REFRESH_TOKEN_TTL_DAYS: "2" }, {}))["max-age"]).toBe("172800");
  });
});
