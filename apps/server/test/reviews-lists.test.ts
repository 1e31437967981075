// The four review lists (API.md §4.5, §1.5, §1.9; checklist 11–13, 60, 61, 68, 69): windows, sort, has_content,
// following, blocked authors hidden for the blocker only, and the literal segments that beat `{review_id}`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, createReview, injectAs, type TestMember } from "./helpers/factories.js";
import { insertRelation } from "./helpers/review-checks.js";

let ctx: TestContext;
let movieId: number;
let a: TestMember, b: TestMember, c: TestMember, d: TestMember, viewer: TestMember;
/** Review ids by author, in creation (id) order: a, b, c, d. */
const ids: Record<"a" | "b" | "c" | "d", number> = { a: 0, b: 0, c: 0, d: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  [a, b, c, d, viewer] = [
    await createMember(ctx),
    await createMember(ctx),
    await createMember(ctx),
    await createMember(ctx),
    await createMember(ctx),
  ];
  movieId = (await createMovie(ctx)).id;
  ids.a = (await createReview(ctx, a, movieId, { rating: 4, content: "A의 코멘트" })).id;
  ids.b = (await createReview(ctx, b, movieId, { rating: 3 })).id;
  ids.c = (await createReview(ctx, c, movieId, { status: "WatchList" })).id;
  ids.d = (await createReview(ctx, d, movieId, { rating: 5, content: "D의 코멘트", spoiler: true })).id;
  for (const [who, target] of [
    [a, ids.d],
    [b, ids.d],
    [c, ids.a],
  ] as const) {
    await injectAs(ctx, who)({ method: "PATCH", url: `/api/reviews/like/${target}` });
  }
});
afterAll(async () => ctx.close());

async function list(who: TestMember | null | { accessToken: string }, url: string) {
  const res = await injectAs(ctx, who)({ method: "GET", url });
  return res;
}

async function idsOf(who: TestMember | null, url: string): Promise<number[]> {
  const res = await list(who, url);
  expect(res.statusCode).toBe(200);
  return (res.json() as Array<{ id: number }>).map((r) => r.id);
}

describe("GET /api/reviews/movie/{movie_id}", () => {
  it("lists every row, rating-only and status-only included, oldest first, like false when anonymous", async () => {
    const res = await list(null, `/api/reviews/movie/${movieId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<Record<string, unknown>>;
    expect(body.map((r) => r.id)).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(body.every((r) => r.like === false)).toBe(true);
    expect(body[2]).toMatchObject({
      user_id: c.id,
      user_name: c.username,
      rating: 0,
      status: "WatchList",
      content: "",
    });
    expect(body[3]).toMatchObject({ spoiler: true, likes_count: 2, comments_count: 0 });
  });

  it("carries the caller's like flags with a valid bearer", async () => {
    const body = (await list(a, `/api/reviews/movie/${movieId}`)).json() as Array<{ id: number; like: boolean }>;
    expect(body.filter((r) => r.like).map((r) => r.id)).toEqual([ids.d]);
  });

  it("filters has_content and sorts by oldest, recent and likes with id tie-breaks", async () => {
    const base = `/api/reviews/movie/${movieId}`;
    expect(await idsOf(null, `${base}?has_content=true`)).toEqual([ids.a, ids.d]);
    expect(await idsOf(null, `${base}?has_content=false`)).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(await idsOf(null, `${base}?sort=oldest`)).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(await idsOf(null, `${base}?sort=recent`)).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(await idsOf(null, `${base}?sort=likes`)).toEqual([ids.d, ids.a, ids.b, ids.c]);
    expect(await idsOf(null, `${base}?sort=recent&has_content=true`)).toEqual([ids.d, ids.a]);
    for (const [query, name] of [
      ["sort=newest", "sort"],
      ["sort=", "sort"],
      ["has_content=1", "has_content"],
      ["has_content=TRUE", "has_content"],
      ["following=yes", "following"],
    ]) {
      const res = await list(null, `${base}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "INVALID_FIELD", detail: expect.stringContaining(`'${name}'`) });
    }
  });

  it("applies begin/end windows after ordering and filtering", async () => {
    const base = `/api/reviews/movie/${movieId}`;
    expect(await idsOf(null, `${base}?begin=1&end=3`)).toEqual([ids.b, ids.c]);
    expect(await idsOf(null, `${base}?begin=2`)).toEqual([ids.c, ids.d]);
    expect(await idsOf(null, `${base}?end=1&sort=likes`)).toEqual([ids.d]);
    expect(await idsOf(null, `${base}?begin=1&end=10&has_content=true`)).toEqual([ids.d]);
    expect(await idsOf(null, `${base}?begin=1&end=2&sort=recent`)).toEqual([ids.c]);
    expect(await idsOf(null, `${base}?begin=4`)).toEqual([]);
    expect(await idsOf(null, `${base}?begin=2&end=2`)).toEqual([]);
    expect(await idsOf(null, `${base}?begin=0&end=2147483647`)).toHaveLength(4);
    for (const [query, name] of [
      ["begin=-1", "begin"],
      ["begin=x", "begin"],
      ["begin=3&end=1", "end"],
      ["end=2147483648", "end"],
    ]) {
      const res = await list(null, `${base}?${query}`);
      expect(res.json()).toEqual({ code: "INVALID_RANGE", detail: expect.stringContaining(`'${name}'`) });
    }
  });

  it("answers unknown and malformed movie ids", async () => {
    expect((await list(null, "/api/reviews/movie/918273")).json().code).toBe("MOVIE_NOT_FOUND");
    expect((await list(null, "/api/reviews/movie/2147483648")).json().code).toBe("MOVIE_NOT_FOUND");
    expect((await list(null, "/api/reviews/movie/x1")).json()).toEqual({
      code: "INVALID_FIELD",
      detail: expect.stringContaining("'movie_id'"),
    });
  });

  it("keeps only followed authors with following=true, which needs a valid bearer", async () => {
    const follower = await createMember(ctx);
    await insertRelation(ctx, "follows", follower.id, a.id);
    await insertRelation(ctx, "follows", follower.id, c.id);
    const base = `/api/reviews/movie/${movieId}`;
    expect(await idsOf(follower, `${base}?following=true`)).toEqual([ids.a, ids.c]);
    expect(await idsOf(follower, `${base}?following=true&has_content=true`)).toEqual([ids.a]);
    expect(await idsOf(follower, `${base}?following=true&begin=1`)).toEqual([ids.c]);
    expect(await idsOf(follower, `${base}?following=false`)).toHaveLength(4);
    expect(await idsOf(null, `${base}?following=false`)).toHaveLength(4);
    expect(await idsOf(viewer, `${base}?following=true`)).toEqual([]);

    const anonymous = await list(null, `${base}?following=true`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe("AUTH_REQUIRED");
    const forged = await list({ accessToken: "abc.def.ghi" }, `${base}?following=true`);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe("INVALID_TOKEN");
    // 401 precedes every 400, the path's included.
    expect((await list(null, "/api/reviews/movie/abc?following=true&begin=-1")).statusCode).toBe(401);
  });
});

describe("blocked authors (API.md §1.9)", () => {
  it("are hidden from the blocker only, before windowing, and counts still include them", async () => {
    const blocker = await createMember(ctx);
    await insertRelation(ctx, "blocks", blocker.id, b.id);
    const base = `/api/reviews/movie/${movieId}`;
    expect(await idsOf(blocker, base)).toEqual([ids.a, ids.c, ids.d]);
    expect(await idsOf(blocker, `/api/reviews/list/${movieId}`)).toEqual([ids.a, ids.c, ids.d]);
    expect(await idsOf(blocker, `${base}?begin=1&end=2`)).toEqual([ids.c]);
    expect(await idsOf(null, base)).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(await idsOf(viewer, `/api/reviews/list/${movieId}`)).toEqual([ids.a, ids.b, ids.c, ids.d]);
    // The blocked member still sees the blocker's reviews: only the blocker's view changes.
    expect(await idsOf(b, base)).toHaveLength(4);
    // A single-review GET is not filtered.
    expect((await list(blocker, `/api/reviews/${ids.b}`)).statusCode).toBe(200);

    expect(await idsOf(blocker, `/api/reviews/user/${b.id}`)).toEqual([]);
    expect(await idsOf(null, `/api/reviews/user/${b.id}`)).toEqual([ids.b]);
    const profile = await list(blocker, `/api/users/profile/${b.id}`);
    expect(profile.json().review_count).toBe(1);
  });
});

describe("GET /api/reviews/list/{movie_id}", () => {
  it("requires a bearer and serves the same list for the caller", async () => {
    expect((await list(null, `/api/reviews/list/${movieId}`)).json().code).toBe("AUTH_REQUIRED");
    const res = await list(b, `/api/reviews/list/${movieId}?sort=likes&end=2`);
    expect(res.json().map((r: { id: number; like: boolean }) => [r.id, r.like])).toEqual([
      [ids.d, true],
      [ids.a, false],
    ]);
    expect((await list(b, "/api/reviews/list/555555")).json().code).toBe("MOVIE_NOT_FOUND");
    expect((await list(b, "/api/reviews/list/abc")).json().code).toBe("INVALID_FIELD");
  });
});

describe("GET /api/reviews/user and /api/reviews/user/{user_id}", () => {
  it("lists all of a member's rows across movies, with windows and sort", async () => {
    const author = await createMember(ctx);
    const movies = [await createMovie(ctx), await createMovie(ctx), await createMovie(ctx)];
    const r1 = await createReview(ctx, author, movies[0]!.id, { status: "Watching" });
    const r2 = await createReview(ctx, author, movies[1]!.id, { rating: 0.5 });
    const r3 = await createReview(ctx, author, movies[2]!.id, { content: "글만" });
    await injectAs(ctx, viewer)({ method: "PATCH", url: `/api/reviews/like/${r2.id}` });

    expect(await idsOf(author, "/api/reviews/user")).toEqual([r1.id, r2.id, r3.id]);
    expect(await idsOf(author, "/api/reviews/user?sort=recent&end=2")).toEqual([r3.id, r2.id]);
    expect(await idsOf(author, "/api/reviews/user?has_content=true")).toEqual([r3.id]);
    expect(await idsOf(author, "/api/reviews/user?sort=likes")).toEqual([r2.id, r1.id, r3.id]);
    expect((await list(null, "/api/reviews/user")).json().code).toBe("AUTH_REQUIRED");

    const others = await list(viewer, `/api/reviews/user/${author.id}`);
    expect(others.json().map((r: { id: number; like: boolean }) => [r.id, r.like])).toEqual([
      [r1.id, false],
      [r2.id, true],
      [r3.id, false],
    ]);
    expect(await idsOf(null, `/api/reviews/user/${author.id}?begin=1`)).toEqual([r2.id, r3.id]);
    expect(await idsOf(viewer, `/api/reviews/user/${author.id}?following=true`)).toEqual([]);
    await insertRelation(ctx, "follows", viewer.id, author.id);
    expect(await idsOf(viewer, `/api/reviews/user/${author.id}?following=true`)).toHaveLength(3);
    expect((await list(null, `/api/reviews/user/${author.id}?following=true`)).statusCode).toBe(401);
    expect((await list(null, "/api/reviews/user/8888888")).json().code).toBe("USER_NOT_FOUND");
    expect((await list(null, "/api/reviews/user/me")).json().code).toBe("INVALID_FIELD");

    // A review emptied through the upsert leaves every list.
    await injectAs(
      ctx,
      author,
    )({ method: "PUT", url: `/api/reviews/movie/${movies[0]!.id}/mine`, payload: { status: "" } });
    expect(await idsOf(author, "/api/reviews/user")).toEqual([r2.id, r3.id]);
    expect((await list(null, `/api/users/profile/${author.id}`)).json().review_count).toBe(2);
  });

  it("routes literal segments before {review_id}", async () => {
    // Without the literal route these would reach GET /api/reviews/{review_id} and answer 400 or 404.
    expect((await list(null, "/api/reviews/user")).statusCode).toBe(401);
    expect((await list(null, `/api/reviews/list/${movieId}`)).statusCode).toBe(401);
    const like = await injectAs(ctx, null)({ method: "PATCH", url: `/api/reviews/like/${ids.a}` });
    expect(like.json().code).toBe("AUTH_REQUIRED");
    expect((await list(null, `/api/reviews/movie/${movieId}/`)).statusCode).toBe(200);
  });

  it("answers an expired bearer on following=true with TOKEN_EXPIRED and serves the plain list anonymously", async () => {
    const member = await createMember(ctx);
    ctx.clock.advance(ctx.config.accessTokenTtlMinutes * 60 + 60);
    const expired = await list(member, `/api/reviews/movie/${movieId}?following=true`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe("TOKEN_EXPIRED");
    const plain = await list(member, `/api/reviews/movie/${movieId}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
  });
});
