// Refresh-token rotation, the reuse grace window, family revocation and logout (API.md §3.3, §4.1).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { decodeSegment, me, refresh, refreshCookie, signin, signupMember } from "./helpers/auth.js";
import type { LightMyRequestResponse } from "fastify";

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

interface Tokens {
  access_token: string;
  refresh_token: string;
  user_id: number;
}

async function session(c: TestContext = ctx): Promise<Tokens & { memberId: number }> {
  const member = await signupMember(c);
  const res = await signin(c, member.loginId, member.password);
  return { ...(res.json() as Tokens), memberId: member.id };
}

function expectCleared(res: LightMyRequestResponse) {
  const cookie = refreshCookie(res);
  expect(cookie, "the refresh cookie is cleared").toBeDefined();
  expect(cookie!.value).toBe("");
  expect(cookie!.attributes["max-age"]).toBe("0");
  expect(cookie!.attributes.path).toBe("/api/users");
  expect(cookie!.attributes).toHaveProperty("httponly");
  expect(cookie!.attributes.samesite).toBe("Strict");
}

async function expectRefreshError(token: string | undefined, code: string) {
  const res = await refresh(ctx, token);
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toEqual({ detail: expect.any(String), code });
  expectCleared(res);
}

async function expectAccessRevoked(accessToken: string) {
  const res = await me(ctx, accessToken);
  expect(res.statusCode).toBe(401);
  expect(res.json().code).toBe("INVALID_TOKEN");
}

describe("refresh", () => {
  it("works from the cookie alone, rotates the token and sets the new cookie", async () => {
    const s = await session();
    const res = await refresh(ctx, s.refresh_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json() as Tokens;
    expect(Object.keys(body).sort()).toEqual(["access_token", "refresh_token", "user_id"]);
    expect(body.user_id).toBe(s.memberId);
    expect(body.refresh_token).not.toBe(s.refresh_token);
    const cookie = refreshCookie(res)!;
    expect(cookie.value).toBe(body.refresh_token);
    expect(cookie.attributes).toMatchObject({ path: "/api/users", samesite: "Strict", "max-age": "1209600" });
    expect(cookie.attributes).toHaveProperty("httponly");
    // Same session: the new access token names the same sid, and both access tokens work.
    expect(decodeSegment(body.access_token, 1).sid).toBe(decodeSegment(s.access_token, 1).sid);
    expect((await me(ctx, body.access_token)).json().id).toBe(s.memberId);
    expect((await me(ctx, s.access_token)).statusCode).toBe(200);
    // The rotated token is stored as rotated, the new one as active, and neither in clear text.
    const rows = await ctx.db
      .selectFrom("refresh_tokens")
      .select(["state", "token_hash", "rotated_at"])
      .where("user_id", "=", s.memberId)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.state)).toEqual(["rotated", "active"]);
    expect(rows[0]!.rotated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    for (const row of rows) expect([s.refresh_token, body.refresh_token]).not.toContain(row.token_hash);
  });

  it("ignores a bearer and a body: only the cookie counts", async () => {
    const s = await session();
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/users/refresh",
      headers: { authorization: `Bearer ${s.access_token}`, "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("REFRESH_TOKEN_MISSING");
  });

  it("answers REFRESH_TOKEN_MISSING, INVALID_TOKEN and TOKEN_EXPIRED, clearing the cookie each time", async () => {
    await expectRefreshError(undefined, "REFRESH_TOKEN_MISSING");
    await expectRefreshError("", "REFRESH_TOKEN_MISSING");
    await expectRefreshError("no-such-token", "INVALID_TOKEN");
    await expectRefreshError("x".repeat(5000), "INVALID_TOKEN");
    const s = await session();
    ctx.clock.advance(14 * 86400 + 1);
    await expectRefreshError(s.refresh_token, "TOKEN_EXPIRED");
  });

  it("slides: every new token gets the full lifetime again", async () => {
    let token = (await session()).refresh_token;
    for (let i = 0; i < 3; i++) {
      ctx.clock.advance(10 * 86400);
      const res = await refresh(ctx, token);
      expect(res.statusCode).toBe(200);
      token = res.json().refresh_token;
    }
    ctx.clock.advance(13 * 86400);
    expect((await refresh(ctx, token)).statusCode).toBe(200);
  });

  it("refuses the tokens of a deleted member", async () => {
    const s = await session();
    await ctx.db.deleteFrom("users").where("id", "=", s.memberId).execute();
    await expectRefreshError(s.refresh_token, "INVALID_TOKEN");
    await expectAccessRevoked(s.access_token);
  });
});

describe("reuse", () => {
  it("answers a replay inside the grace window with the same successor token and keeps the family alive", async () => {
    const s = await session();
    const first = (await refresh(ctx, s.refresh_token)).json() as Tokens;
    ctx.clock.advance(29);
    const replay = await refresh(ctx, s.refresh_token);
    expect(replay.statusCode).toBe(200);
    const second = replay.json() as Tokens;
    // At most one new pair per rotated token (issue #22): the replay gets the rotation's refresh token again.
    expect(second.refresh_token).toBe(first.refresh_token);
    expect(refreshCookie(replay)!.value).toBe(second.refresh_token);
    for (const t of [s, first, second]) expect((await me(ctx, t.access_token)).statusCode).toBe(200);
    expect((await refresh(ctx, first.refresh_token)).statusCode).toBe(200);
    expect((await refresh(ctx, second.refresh_token)).statusCode).toBe(200);
  });

  it("revokes the whole family on a replay after the window: refresh and access tokens alike", async () => {
    const s = await session();
    const other = await signin(ctx, ...(await credentialsOf(s.memberId)));
    const first = (await refresh(ctx, s.refresh_token)).json() as Tokens;
    ctx.clock.advance(31);
    await expectRefreshError(s.refresh_token, "REFRESH_TOKEN_REUSED");
    await expectRefreshError(first.refresh_token, "INVALID_TOKEN");
    await expectRefreshError(s.refresh_token, "INVALID_TOKEN");
    await expectAccessRevoked(s.access_token);
    await expectAccessRevoked(first.access_token);
    const states = await ctx.db
      .selectFrom("refresh_tokens")
      .select("state")
      .where("session_id", "=", String(decodeSegment(s.access_token, 1).sid))
      .execute();
    expect(states.map((r) => r.state)).toEqual(["revoked", "revoked"]);
    // The member's other session is untouched.
    expect((await me(ctx, other.json().access_token)).statusCode).toBe(200);
    expect((await refresh(ctx, other.json().refresh_token)).statusCode).toBe(200);
  });

  it("uses REFRESH_REUSE_GRACE_SECONDS", async () => {
    const short = await createTestContext({ env: { ...NO_LIMITS, REFRESH_REUSE_GRACE_SECONDS: "5" } });
    try {
      const s = await session(short);
      expect((await refresh(short, s.refresh_token)).statusCode).toBe(200);
      short.clock.advance(4);
      expect((await refresh(short, s.refresh_token)).statusCode).toBe(200);
      short.clock.advance(2);
      expect((await refresh(short, s.refresh_token)).json().code).toBe("REFRESH_TOKEN_REUSED");
    } finally {
      await short.close();
    }
  });

  it("lets concurrent refreshes with one token all succeed and keeps the family", async () => {
    for (let round = 0; round < 8; round++) {
      const s = await session();
      const results = await Promise.all(Array.from({ length: 2 + (round % 3) }, () => refresh(ctx, s.refresh_token)));
      for (const res of results) expect(res.statusCode, res.body).toBe(200);
      const issued = results.map((r) => (r.json() as Tokens).refresh_token);
      // One rotation, one successor: every concurrent refresh got the same new refresh token (issue #22).
      expect(new Set(issued).size).toBe(1);
      for (const res of results) expect((await me(ctx, (res.json() as Tokens).access_token)).statusCode).toBe(200);
      // Exactly one rotation happened; the one issued token is live in the same family.
      const rows = await ctx.db
        .selectFrom("refresh_tokens")
        .select(["state"])
        .where("session_id", "=", String(decodeSegment(s.access_token, 1).sid))
        .execute();
      expect(rows.filter((r) => r.state === "rotated")).toHaveLength(1);
      expect(rows.filter((r) => r.state === "active")).toHaveLength(1);
      expect((await refresh(ctx, issued[0]!)).statusCode).toBe(200);
    }
  });
});

async function credentialsOf(userId: number): Promise<[string, string]> {
  const row = await ctx.db.selectFrom("users").select("login_id").where("id", "=", userId).executeTakeFirstOrThrow();
  return [row.login_id!, "abcd1234"];
}

describe("logout", () => {
  for (const method of ["GET", "POST"] as const) {
    it(`${method} revokes the cookie's session, clears the cookie and answers 204`, async () => {
      const s = await session();
      const first = (await refresh(ctx, s.refresh_token)).json() as Tokens;
      const res = await ctx.app.inject({
        method,
        url: "/api/users/logout",
        cookies: { refresh_token: first.refresh_token },
        headers: { "content-type": "application/json" },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      expectCleared(res);
      await expectAccessRevoked(s.access_token);
      await expectAccessRevoked(first.access_token);
      await expectRefreshError(first.refresh_token, "INVALID_TOKEN");
      // Inside what would have been the grace window, the old token is refused too.
      await expectRefreshError(s.refresh_token, "INVALID_TOKEN");
    });
  }

  it("revokes the bearer's session when there is no cookie", async () => {
    const s = await session();
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/users/logout",
      headers: { authorization: `Bearer ${s.access_token}` },
    });
    expect(res.statusCode).toBe(204);
    expectCleared(res);
    await expectAccessRevoked(s.access_token);
    await expectRefreshError(s.refresh_token, "INVALID_TOKEN");
  });

  it("prefers the cookie to the bearer", async () => {
    const a = await session();
    const b = await session();
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/users/logout",
      headers: { authorization: `Bearer ${b.access_token}` },
      cookies: { refresh_token: a.refresh_token },
    });
    expect(res.statusCode).toBe(204);
    await expectAccessRevoked(a.access_token);
    expect((await me(ctx, b.access_token)).statusCode).toBe(200);
  });

  it("answers 204 whatever it is sent", async () => {
    const s = await session();
    const attempts = [
      {},
      { cookies: { refresh_token: "unknown" } },
      { headers: { authorization: "Bearer garbage" } },
      { headers: { "content-type": "application/json" }, payload: "null" },
      { headers: { "content-type": "application/json" }, payload: "[1,2]" },
      { headers: { "content-type": "application/json" }, payload: '{"anything": true}' },
      { cookies: { refresh_token: s.refresh_token } },
      { cookies: { refresh_token: s.refresh_token } },
    ];
    for (const extra of attempts) {
      for (const method of ["GET", "POST"] as const) {
        // A GET logout acts only for script requests (docs/security.md): sent as fetch sends it.
        const script = method === "GET" ? { "content-type": "application/json" } : {};
        const res = await ctx.app.inject({
          method,
          url: "/api/users/logout",
          ...extra,
          headers: { ...script, ...extra.headers },
        });
        expect(res.statusCode, JSON.stringify(extra)).toBe(204);
        expectCleared(res);
      }
    }
    ctx.clock.advance(3600);
    const expired = await ctx.app.inject({
      method: "POST",
      url: "/api/users/logout",
      headers: { authorization: `Bearer ${s.access_token}` },
    });
    expect(expired.statusCode).toBe(204);
  });
});
