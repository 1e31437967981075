// A database created by the previous version (API revision 1: migrations 0001–0006, catalog and demo community seeded
// on first start, members' own reviews, replies, likes and collections) migrates to this version and keeps working:
// its rows show and count as before, and the revision-2 behaviours work on them (an old review emptied and revived
// under its id, old collections answered whole or by movies_limit, Hangul names beside old ASCII ones).
import { isValidUsername } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateTo, pendingMigrations } from "../src/db/migrate.js";
import { seedIfEmpty } from "../src/db/seed/index.js";
import { ensureSearchIndex } from "../src/modules/search/index.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { TestClock } from "./helpers/clock.js";
import { createMember, injectAs, type TestMember } from "./helpers/factories.js";
import { counterMismatches, orphanRows } from "./helpers/integrity.js";

/** The last migration of the previous version. */
const PREVIOUS = "0006-hot-query-indexes";

let ctx: TestContext;
let alice: TestMember;
let bob: TestMember;
const old: { movieId: number; reviewId: number; replyId: number; collectionId: number; movieIds: number[] } = {
  movieId: 0,
  reviewId: 0,
  replyId: 0,
  collectionId: 0,
  movieIds: [],
};

beforeAll(async () => {
  ctx = await createTestContext({
    before: async (db, schema) => {
      await migrateTo(db, PREVIOUS, { schema });
      expect(await pendingMigrations(db)).not.toEqual([]);
      // What the previous version did on first start: the catalog, the demo community and the search index.
      const clock = new TestClock();
      clock.set(new Date("2026-11-20T09:00:00Z"));
      expect(await seedIfEmpty(db, { seedDemo: true, clock })).not.toBeNull();
      await ensureSearchIndex(db);
    },
  });
}, 180_000);
afterAll(async () => ctx?.close());

describe("a database of the previous version", () => {
  it("is migrated to this version, with every counter equal to its recount and no orphan", async () => {
    expect(await pendingMigrations(ctx.db)).toEqual([]);
    expect(await counterMismatches(ctx)).toEqual([]);
    expect(await orphanRows(ctx)).toEqual([]);
    const demo = await ctx.db
      .selectFrom("reviews")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .executeTakeFirst();
    expect(Number(demo?.n)).toBeGreaterThan(1000);
  });

  it("serves its reviews, films and collections as before", async () => {
    const movie = await ctx.db
      .selectFrom("movies")
      .select(["id", "ratings_count", "reviews_count"])
      .where("reviews_count", ">", 2)
      .orderBy("ratings_count", "desc")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const rows = await ctx.db
      .selectFrom("reviews")
      .select("id")
      .where("movie_id", "=", movie.id)
      .orderBy("id")
      .execute();
    const all = await injectAs(ctx, null)({ method: "GET", url: `/api/reviews/movie/${movie.id}` });
    expect(all.json().map((r: { id: number }) => r.id)).toEqual(rows.map((r) => r.id));
    const written = await injectAs(
      ctx,
      null,
    )({ method: "GET", url: `/api/reviews/movie/${movie.id}?has_content=true` });
    expect(written.json()).toHaveLength(movie.reviews_count);
    const film = (await injectAs(ctx, null)({ method: "GET", url: `/api/movies/${movie.id}` })).json();
    expect(film).toMatchObject({ ratings_count: movie.ratings_count, reviews_count: movie.reviews_count });

    const owner = await ctx.db
      .selectFrom("collections")
      .select(["user_id", "id", "movie_count"])
      .where("movie_count", ">", 4)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const url = `/api/collections/list/${owner.user_id}`;
    const whole = (await injectAs(ctx, null)({ method: "GET", url })).json() as Array<{
      id: number;
      movies: unknown[];
      movie_count: number;
    }>;
    expect(whole.every((c) => c.movies.length === c.movie_count)).toBe(true);
    const strip = (await injectAs(ctx, null)({ method: "GET", url: `${url}?movies_limit=4` })).json() as Array<{
      movies: unknown[];
      movie_count: number;
    }>;
    expect(strip.every((c) => c.movies.length === Math.min(4, c.movie_count))).toBe(true);
    const search = await injectAs(
      ctx,
      null,
    )({ method: "GET", url: "/api/search?search_q=%EA%B8%B0%EC%83%9D%EC%B6%A9" });
    expect(search.json().movie_list.length).toBeGreaterThan(0);
  });

  it("takes new members' writes, hides and revives a review under its id, and keeps its counters", async () => {
    alice = await createMember(ctx);
    bob = await createMember(ctx);
    const films = await ctx.db.selectFrom("movies").select("id").orderBy("id").limit(6).execute();
    old.movieIds = films.map((f) => f.id);
    old.movieId = old.movieIds[0]!;
    const as = (m: TestMember) => injectAs(ctx, m);
    const created = await as(alice)({ method: "POST", url: `/api/reviews/${old.movieId}`, payload: { rating: 3 } });
    expect(created.statusCode).toBe(201);
    old.reviewId = created.json().id;
    const reply = await as(bob)({ method: "POST", url: `/api/comments/${old.reviewId}`, payload: { content: "답" } });
    old.replyId = reply.json().id;
    await as(bob)({ method: "PATCH", url: `/api/reviews/like/${old.reviewId}` });
    const full = { content: "", status: "", spoiler: false };
    const cleared = await as(alice)({
      method: "PATCH",
      url: `/api/reviews/${old.reviewId}`,
      payload: { ...full, rating: 0 },
    });
    expect(cleared.json()).toMatchObject({ id: old.reviewId, rating: 0 });
    expect((await injectAs(ctx, null)({ method: "GET", url: `/api/reviews/${old.reviewId}` })).statusCode).toBe(404);
    const revived = await as(alice)({
      method: "PATCH",
      url: `/api/reviews/${old.reviewId}`,
      payload: { ...full, rating: 4 },
    });
    expect(revived.statusCode).toBe(200);
    expect(revived.json()).toMatchObject({ id: old.reviewId, rating: 4, likes_count: 0, comments_count: 0 });
    const collection = await as(alice)({
      method: "POST",
      url: "/api/collections",
      payload: { title: "옛 영화들", movie_ids: old.movieIds },
    });
    old.collectionId = collection.json().id;
    const list = await as(bob)({ method: "GET", url: `/api/collections/list/${alice.id}?movies_limit=2` });
    expect(list.json()[0]).toMatchObject({ id: old.collectionId, movie_count: 6 });
    expect(list.json()[0].movies).toHaveLength(2);
    expect(await counterMismatches(ctx)).toEqual([]);
  });

  it("accepts Hangul names beside the old ASCII ones, case-insensitively unique as before", async () => {
    const names = await ctx.db.selectFrom("users").select("username").orderBy("id").execute();
    const ascii = names.map((u) => u.username).find((name) => /^[A-Za-z0-9_-]{3,20}$/.test(name) && /[a-z]/.test(name));
    const hangul = names.map((u) => u.username).find((name) => isValidUsername(name) && /[가-힣]/.test(name));
    for (const name of [ascii, hangul]) {
      expect(name).toBeDefined();
      const taken = await ctx.app.inject({
        method: "POST",
        url: "/api/users/signup",
        payload: { username: name!.toUpperCase(), login_id: `previous_${name!.length}`, login_password: "abcd1234" },
      });
      expect(taken.json().code, name).toBe("USERNAME_TAKEN");
    }
    const korean = await ctx.app.inject({
      method: "POST",
      url: "/api/users/signup",
      payload: { username: "예전사용자", login_id: "previous_v2", login_password: "abcd1234" },
    });
    expect(korean.statusCode).toBe(201);
    expect(korean.json().username).toBe("예전사용자");
  });
});
