// The profile's review tabs (issue 20 #15): `rated=true` on a member's review list and the counts by kind
// (GET /api/reviews/user/{user_id}/counts [EXT]), consistent with the lists and with UserProfile.review_count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, injectAs, type TestMember } from "./helpers/factories.js";

let ctx: TestContext;
let member: TestMember;
const movies: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMember(ctx);
  for (let i = 0; i < 6; i++) movies.push((await createMovie(ctx)).id);
  const write = (index: number, body: object) => ctx.services.reviews.upsertMine(member.id, movies[index]!, body);
  await write(0, { rating: 4 }); // rated
  await write(1, { rating: 3.5, content: "좋았어요" }); // rated, commented
  await write(2, { status: "WatchList" }); // 보고싶어요
  await write(3, { status: "Watching", rating: 2 }); // 보는 중, rated
  await write(4, { status: "Watching", content: "반쯤 봤어요" }); // 보는 중, commented
  await write(5, { rating: 1 });
  await write(5, { rating: 0 }); // emptied: hidden, counted nowhere
});
afterAll(async () => ctx.close());

const get = (as: TestMember | null, url: string) => injectAs(ctx, as)({ method: "GET", url });
const movieIds = (body: unknown) => (body as { movie_id: number }[]).map((r) => r.movie_id);

describe("a member's review tabs", () => {
  it("rated=true keeps the rated rows, with the other filters; other values are 400 naming `rated`", async () => {
    const rated = await get(null, `/api/reviews/user/${member.id}?rated=true&sort=recent`);
    expect(rated.statusCode).toBe(200);
    expect(movieIds(rated.json())).toEqual([movies[3], movies[1], movies[0]]);
    const ratedWatching = await get(null, `/api/reviews/user/${member.id}?rated=true&status=Watching`);
    expect(movieIds(ratedWatching.json())).toEqual([movies[3]]);
    const window = await get(null, `/api/reviews/user/${member.id}?rated=true&begin=1&end=2`);
    expect(movieIds(window.json())).toEqual([movies[1]]);
    expect(movieIds((await get(null, `/api/reviews/user/${member.id}?rated=false`)).json())).toHaveLength(5);
    for (const value of ["1", "yes", ""]) {
      const res = await get(null, `/api/reviews/user/${member.id}?rated=${value}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "INVALID_FIELD", detail: expect.stringContaining("rated") });
    }
  });

  it("counts each kind as its list holds it; total is the profile's review_count", async () => {
    const counts = await get(null, `/api/reviews/user/${member.id}/counts`);
    expect(counts.statusCode).toBe(200);
    expect(counts.json()).toEqual({ user_id: member.id, total: 5, rated: 3, commented: 2, watch_list: 1, watching: 2 });
    const profile = (await get(null, `/api/users/profile/${member.id}`)).json() as { review_count: number };
    expect(profile.review_count).toBe(5);
    const lists = {
      rated: "rated=true",
      commented: "has_content=true",
      watch_list: "status=WatchList",
      watching: "status=Watching",
    } as const;
    for (const [kind, query] of Object.entries(lists)) {
      const list = (await get(null, `/api/reviews/user/${member.id}?${query}`)).json() as unknown[];
      expect(list, kind).toHaveLength(counts.json()[kind]);
    }
  });

  it("answers zeros to a member who blocked the author (whose list is empty for them) and 404 for unknown ids", async () => {
    const blocker = await createMember(ctx);
    expect((await injectAs(ctx, blocker)({ method: "POST", url: `/api/users/block/${member.id}` })).statusCode).toBe(
      201,
    );
    expect((await get(blocker, `/api/reviews/user/${member.id}/counts`)).json()).toEqual({
      user_id: member.id,
      total: 0,
      rated: 0,
      commented: 0,
      watch_list: 0,
      watching: 0,
    });
    expect((await get(blocker, `/api/reviews/user/${member.id}?rated=true`)).json()).toEqual([]);
    const unknown = await get(null, "/api/reviews/user/99999999/counts");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("USER_NOT_FOUND");
    const bad = await get(null, "/api/reviews/user/abc/counts");
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
  });

  it("moves with the member's writes at once", async () => {
    const other = await createMember(ctx);
    const film = await createMovie(ctx);
    const count = async () => (await get(null, `/api/reviews/user/${other.id}/counts`)).json();
    expect(await count()).toMatchObject({ total: 0, rated: 0 });
    await ctx.services.reviews.upsertMine(other.id, film.id, { status: "WatchList" });
    expect(await count()).toMatchObject({ total: 1, watch_list: 1, rated: 0 });
    await ctx.services.reviews.upsertMine(other.id, film.id, { rating: 4.5 });
    // Rating a 보고싶어요 film clears the mark (the rating module's rule).
    expect(await count()).toMatchObject({ total: 1, watch_list: 0, rated: 1 });
  });
});
