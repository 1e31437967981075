// Follow / unfollow and the follow lists (API.md §4.1, checklist 40, 42).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, injectAs, type TestMember } from "./helpers/factories.js";
import { counterMismatches } from "./helpers/integrity.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const follow = (who: TestMember | null, id: number | string, method: "POST" | "DELETE" = "POST") =>
  injectAs(ctx, who)({ method, url: `/api/users/follow/${id}` });

async function profile(id: number, viewer: TestMember | null = null) {
  const res = await injectAs(ctx, viewer)({ method: "GET", url: `/api/users/profile/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Stored follow counters of a member. */
async function storedCounts(id: number) {
  const user = await ctx.db
    .selectFrom("users")
    .select(["follower_count", "following_count"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { followers: user.follower_count, followings: user.following_count };
}

describe("POST and DELETE /api/users/follow/{id}", () => {
  it("follows and unfollows, keeping both profiles' counts and is_following", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);

    const res = await follow(a, b.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ user_id: b.id, following: true });

    expect(await profile(b.id, a)).toMatchObject({ follower_count: 1, following_count: 0, is_following: true });
    expect(await profile(a.id, a)).toMatchObject({ follower_count: 0, following_count: 1, is_following: false });
    expect((await profile(b.id)).is_following).toBe(false);
    expect((await profile(a.id, b)).is_following).toBe(false);

    const undo = await follow(a, b.id, "DELETE");
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toEqual({ user_id: b.id, following: false });
    expect(await profile(b.id, a)).toMatchObject({ follower_count: 0, is_following: false });
    expect((await profile(a.id)).following_count).toBe(0);
  });

  it("accepts the bodiless request with Content-Type: application/json", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    const res = await injectAs(
      ctx,
      a,
    )({ method: "POST", url: `/api/users/follow/${b.id}`, headers: { "content-type": "application/json" } });
    expect(res.statusCode).toBe(201);
    const undo = await injectAs(
      ctx,
      a,
    )({ method: "DELETE", url: `/api/users/follow/${b.id}/`, headers: { "content-type": "application/json" } });
    expect(undo.statusCode).toBe(200);
  });

  it("answers the conflicts with 409 and leaves the counters alone", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    for (const method of ["POST", "DELETE"] as const) {
      const self = await follow(a, a.id, method);
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({ detail: expect.any(String), code: "CANNOT_FOLLOW_SELF" });
    }
    const notFollowing = await follow(a, b.id, "DELETE");
    expect(notFollowing.statusCode).toBe(409);
    expect(notFollowing.json().code).toBe("NOT_FOLLOWING");

    expect((await follow(a, b.id)).statusCode).toBe(201);
    const duplicate = await follow(a, b.id);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe("ALREADY_FOLLOWING");
    expect(await storedCounts(b.id)).toEqual({ followers: 1, followings: 0 });
    expect(await storedCounts(a.id)).toEqual({ followers: 0, followings: 1 });
  });

  it("answers 404 for unknown users, 400 for malformed ids and 401 without a bearer", async () => {
    const a = await createMember(ctx);
    for (const method of ["POST", "DELETE"] as const) {
      for (const id of [999999, 2147483648, 99999999999999]) {
        const res = await follow(a, id, method);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: expect.any(String), code: "USER_NOT_FOUND" });
      }
      const bad = await follow(a, "12a", method);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe("INVALID_FIELD");
      expect(bad.json().detail).toContain("'user_id'");
      const anonymous = await follow(null, a.id, method);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe("AUTH_REQUIRED");
      const badToken = await injectAs(ctx, { accessToken: "nope" })({ method, url: `/api/users/follow/${a.id}` });
      expect(badToken.json().code).toBe("INVALID_TOKEN");
    }
  });

  it("lets exactly one of concurrent duplicate follows win, never 500", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    const results = await Promise.all(Array.from({ length: 6 }, () => follow(a, b.id)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe("ALREADY_FOLLOWING");
    expect(await counterMismatches(ctx)).toEqual([]);

    const unfollows = await Promise.all(Array.from({ length: 4 }, () => follow(a, b.id, "DELETE")));
    expect(unfollows.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await storedCounts(b.id)).toEqual({ followers: 0, followings: 0 });
  });

  it("keeps counters equal to a recount under crossing concurrent follows", async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => createMember(ctx)));
    const pairs = members.flatMap((x) => members.filter((y) => y !== x).map((y) => [x, y] as const));
    const results = await Promise.all(pairs.map(([x, y]) => follow(x, y.id)));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const half = pairs.filter((_, i) => i % 2 === 0);
    const undone = await Promise.all(half.map(([x, y]) => follow(x, y.id, "DELETE")));
    expect(undone.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counterMismatches(ctx)).toEqual([]);
  });
});

describe("GET /api/users/followings/{id} and /followers/{id}", () => {
  it("lists FollowUsers oldest relation first, windowed, without auth", async () => {
    const owner = await createMember(ctx);
    const others = await Promise.all(Array.from({ length: 4 }, () => createMember(ctx)));
    // Follow in reverse id order so "oldest relation first" differs from id order.
    const order = [...others].reverse();
    for (const other of order) {
      expect((await follow(owner, other.id)).statusCode).toBe(201);
      expect((await follow(other, owner.id)).statusCode).toBe(201);
    }

    for (const direction of ["followings", "followers"] as const) {
      const all = await ctx.app.inject({ method: "GET", url: `/api/users/${direction}/${owner.id}` });
      expect(all.statusCode).toBe(200);
      const body = all.json() as Array<Record<string, unknown>>;
      expect(body.map((u) => u.id)).toEqual(order.map((o) => o.id));
      expect(body[0]).toEqual({
        id: order[0]!.id,
        username: order[0]!.username,
        profile_url: expect.stringMatching(/^\/media\/avatar\/\d+\.svg\?v=[0-9a-f]{8}$/),
      });

      const window = await ctx.app.inject({ method: "GET", url: `/api/users/${direction}/${owner.id}?begin=1&end=3` });
      expect(window.json().map((u: { id: number }) => u.id)).toEqual(order.slice(1, 3).map((o) => o.id));
      const past = await ctx.app.inject({ method: "GET", url: `/api/users/${direction}/${owner.id}?begin=10` });
      expect(past.statusCode).toBe(200);
      expect(past.json()).toEqual([]);
      const empty = await ctx.app.inject({ method: "GET", url: `/api/users/${direction}/${owner.id}?begin=2&end=2` });
      expect(empty.json()).toEqual([]);
      const bad = await ctx.app.inject({ method: "GET", url: `/api/users/${direction}/${owner.id}?begin=-1` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe("INVALID_RANGE");
      const backwards = await ctx.app.inject({
        method: "GET",
        url: `/api/users/${direction}/${owner.id}?begin=3&end=1`,
      });
      expect(backwards.json()).toEqual({ detail: expect.stringContaining("'end'"), code: "INVALID_RANGE" });
    }

    // Unfollowing removes the member from both lists.
    await follow(owner, order[0]!.id, "DELETE");
    const followings = await ctx.app.inject({ method: "GET", url: `/api/users/followings/${owner.id}` });
    expect(followings.json().map((u: { id: number }) => u.id)).toEqual(order.slice(1).map((o) => o.id));
    const theirFollowers = await ctx.app.inject({ method: "GET", url: `/api/users/followers/${order[0]!.id}` });
    expect(theirFollowers.json()).toEqual([]);
  });

  it("ignores a bad bearer and answers 404 for unknown users", async () => {
    const a = await createMember(ctx);
    const ignored = await injectAs(ctx, { accessToken: "garbage" })({
      method: "GET",
      url: `/api/users/followers/${a.id}`,
    });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toEqual([]);
    for (const direction of ["followings", "followers"]) {
      for (const id of ["987654", "2147483648"]) {
        const res = await ctx.app.inject({ method: "GET", url: `/api/users/${direction}/${id}` });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe("USER_NOT_FOUND");
      }
      const bad = await ctx.app.inject({ method: "GET", url: `/api/users/${direction}/x1` });
      expect(bad.json().code).toBe("INVALID_FIELD");
    }
  });
});

describe("toggle rate limit", () => {
  it("counts follow and unfollow against the member's toggle limit", async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_TOGGLES_PER_MIN: "2" } });
    try {
      const a = await createMember(limited);
      const b = await createMember(limited);
      const as = injectAs(limited, a);
      expect((await as({ method: "POST", url: `/api/users/follow/${b.id}` })).statusCode).toBe(201);
      expect((await as({ method: "DELETE", url: `/api/users/follow/${b.id}` })).statusCode).toBe(200);
      const third = await as({ method: "POST", url: `/api/users/follow/${b.id}` });
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe("RATE_LIMITED");
      expect(third.headers["retry-after"]).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
