// Block / unblock and the private block list (API.md §1.8 cookie mode, §4.1; checklist 42, 43).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, injectAs, type TestMember } from "./helpers/factories.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const block = (who: TestMember | null, id: number | string, method: "POST" | "DELETE" = "POST") =>
  injectAs(ctx, who)({ method, url: `/api/users/block/${id}` });

const cookieHeader = (token: string) => ({ cookie: `refresh_token=${token}` });

/** GET blocked_users with an optional bearer and/or refresh cookie. */
function blockedList(id: number | string, credentials: { bearer?: string; cookie?: string } = {}) {
  return ctx.app.inject({
    method: "GET",
    url: `/api/users/blocked_users/${id}`,
    headers: {
      ...(credentials.bearer ? { authorization: `Bearer ${credentials.bearer}` } : {}),
      ...(credentials.cookie ? cookieHeader(credentials.cookie) : {}),
    },
  });
}

describe("POST and DELETE /api/users/block/{id}", () => {
  it("blocks and unblocks, driving is_blocked on the blocker's view only", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    const res = await block(a, b.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ user_id: b.id, blocked: true });

    const seenByA = await injectAs(ctx, a)({ method: "GET", url: `/api/users/profile/${b.id}` });
    expect(seenByA.json()).toMatchObject({ is_blocked: true, is_following: false });
    const anonymous = await ctx.app.inject({ method: "GET", url: `/api/users/profile/${b.id}` });
    expect(anonymous.json().is_blocked).toBe(false);
    const seenByB = await injectAs(ctx, b)({ method: "GET", url: `/api/users/profile/${a.id}` });
    expect(seenByB.json().is_blocked).toBe(false);
    const own = await injectAs(ctx, a)({ method: "GET", url: `/api/users/profile/${a.id}` });
    expect(own.json()).toMatchObject({ is_blocked: false, is_following: false });

    const undo = await block(a, b.id, "DELETE");
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toEqual({ user_id: b.id, blocked: false });
    const after = await injectAs(ctx, a)({ method: "GET", url: `/api/users/profile/${b.id}` });
    expect(after.json().is_blocked).toBe(false);
  });

  it("answers the conflicts with 409, unknown users with 404 and anonymous callers with 401", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    for (const method of ["POST", "DELETE"] as const) {
      const self = await block(a, a.id, method);
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({ detail: expect.any(String), code: "CANNOT_BLOCK_SELF" });
      for (const id of [424242, 2147483648]) {
        const unknown = await block(a, id, method);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().code).toBe("USER_NOT_FOUND");
      }
      expect((await block(null, b.id, method)).json().code).toBe("AUTH_REQUIRED");
      expect((await block(a, "-1", method)).json().code).toBe("INVALID_FIELD");
    }
    expect((await block(a, b.id, "DELETE")).json().code).toBe("NOT_BLOCKED");
    expect((await block(a, b.id)).statusCode).toBe(201);
    const duplicate = await block(a, b.id);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe("ALREADY_BLOCKED");
  });

  it("leaves follows untouched in both directions", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    await injectAs(ctx, a)({ method: "POST", url: `/api/users/follow/${b.id}` });
    await injectAs(ctx, b)({ method: "POST", url: `/api/users/follow/${a.id}` });
    expect((await block(a, b.id)).statusCode).toBe(201);
    expect((await block(b, a.id)).statusCode).toBe(201);
    const profileB = await injectAs(ctx, a)({ method: "GET", url: `/api/users/profile/${b.id}` });
    expect(profileB.json()).toMatchObject({
      is_following: true,
      is_blocked: true,
      follower_count: 1,
      following_count: 1,
    });
    expect((await block(a, b.id, "DELETE")).statusCode).toBe(200);
    const followers = await ctx.app.inject({ method: "GET", url: `/api/users/followers/${b.id}` });
    expect(followers.json().map((u: { id: number }) => u.id)).toEqual([a.id]);
  });

  it("lets exactly one of concurrent duplicate blocks win", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    const results = await Promise.all(Array.from({ length: 5 }, () => block(a, b.id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await ctx.db.selectFrom("blocks").select("id").where("user_id", "=", a.id).execute();
    expect(rows).toHaveLength(1);
  });
});

describe("GET /api/users/blocked_users/{id}", () => {
  it("gives the caller their own list, oldest block first, from a bearer", async () => {
    const owner = await createMember(ctx);
    expect((await blockedList(owner.id, { bearer: owner.accessToken })).json()).toEqual({ id: [] });
    const others = await Promise.all(Array.from({ length: 3 }, () => createMember(ctx)));
    const order = [...others].reverse();
    for (const other of order) expect((await block(owner, other.id)).statusCode).toBe(201);
    const res = await blockedList(owner.id, { bearer: owner.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: order.map((o) => o.id) });
    await block(owner, order[1]!.id, "DELETE");
    expect((await blockedList(owner.id, { bearer: owner.accessToken })).json()).toEqual({
      id: [order[0]!.id, order[2]!.id],
    });
  });

  it("answers 403 for every other id, unknown ids included", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    for (const id of [b.id, 987654, 2147483647, 2147483648, 99999999999999]) {
      for (const credentials of [{ bearer: a.accessToken }, { cookie: a.refreshToken }]) {
        const res = await blockedList(id, credentials);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: expect.any(String), code: "FORBIDDEN" });
      }
    }
  });

  it("answers 401 AUTH_REQUIRED with neither credential, before looking at the path", async () => {
    const a = await createMember(ctx);
    for (const id of [String(a.id), "999999", "abc"]) {
      const res = await blockedList(id);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("AUTH_REQUIRED");
    }
    const malformed = await blockedList("abc", { bearer: a.accessToken });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe("INVALID_FIELD");
  });

  it("serves a cookie-only caller; a rotated or revoked cookie is 401 INVALID_TOKEN", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    await block(a, b.id);
    const res = await blockedList(a.id, { cookie: a.refreshToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: [b.id] });

    const refreshed = await ctx.app.inject({
      method: "GET",
      url: "/api/users/refresh",
      headers: { ...cookieHeader(a.refreshToken), "content-type": "application/json" },
    });
    expect(refreshed.statusCode).toBe(200);
    const rotated = await blockedList(a.id, { cookie: a.refreshToken });
    expect(rotated.statusCode).toBe(401);
    expect(rotated.json().code).toBe("INVALID_TOKEN");
    const fresh = refreshed.json().refresh_token as string;
    expect((await blockedList(a.id, { cookie: fresh })).json()).toEqual({ id: [b.id] });

    const unknown = await blockedList(a.id, { cookie: "not-a-token" });
    expect(unknown.json().code).toBe("INVALID_TOKEN");

    await ctx.app.inject({ method: "POST", url: "/api/users/logout", headers: cookieHeader(fresh) });
    const revoked = await blockedList(a.id, { cookie: fresh });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe("INVALID_TOKEN");
  });

  it("lets a sent bearer win: a bad or expired bearer is 401 even with a good cookie", async () => {
    const a = await createMember(ctx);
    const invalid = await blockedList(a.id, { bearer: "garbage", cookie: a.refreshToken });
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json().code).toBe("INVALID_TOKEN");

    ctx.clock.advance(31 * 60);
    try {
      const expired = await blockedList(a.id, { bearer: a.accessToken, cookie: a.refreshToken });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe("TOKEN_EXPIRED");
      // The cookie alone still works: its lifetime is days, not minutes.
      expect((await blockedList(a.id, { cookie: a.refreshToken })).statusCode).toBe(200);
    } finally {
      ctx.clock.advance(-31 * 60);
    }
  });

  it("answers TOKEN_EXPIRED for an expired refresh cookie", async () => {
    const a = await createMember(ctx);
    ctx.clock.advance(15 * 86400);
    try {
      const res = await blockedList(a.id, { cookie: a.refreshToken });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("TOKEN_EXPIRED");
    } finally {
      ctx.clock.advance(-15 * 86400);
    }
  });
});
