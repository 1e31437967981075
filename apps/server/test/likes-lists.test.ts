// The caller's likes lists: likes_participant, likes_collection, likes_review (API.md §4.1, checklist 44).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LikeTableName } from "../src/db/types.js";
import { inTransaction } from "../src/lib/transaction.js";
import { toggleLike } from "../src/modules/shared/likes.js";
import { readCacheStats } from "../src/cache/index.js";
import { createTestContext, dialectUnderTest, type TestContext } from "./helpers/context.js";
import {
  createCollection,
  createMember,
  createMovie,
  createPerson,
  createReview,
  injectAs,
  type TestMember,
} from "./helpers/factories.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function toggle(table: LikeTableName, member: { id: number }, targetId: number) {
  return inTransaction(ctx.db, (trx) => toggleLike(trx, table, member.id, targetId, ctx.clock.now()));
}

const list = (member: TestMember | null, path: string, query = "") =>
  injectAs(ctx, member)({ method: "GET", url: `/api/users/${path}${query}` });

const ids = (body: Array<{ id: number }>) => body.map((item) => item.id);

describe("GET /api/users/likes_*", () => {
  it("requires a valid bearer", async () => {
    for (const path of ["likes_participant", "likes_collection", "likes_review"]) {
      const anonymous = await list(null, path);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe("AUTH_REQUIRED");
      const bad = await list({ accessToken: "x.y.z" } as TestMember, path);
      expect(bad.json().code).toBe("INVALID_TOKEN");
    }
  });

  it("lists liked people as Person objects, oldest like first, with roles from credits", async () => {
    const fan = await createMember(ctx);
    const other = await createMember(ctx);
    const movie = await createMovie(ctx);
    const director = await createPerson(ctx, "감독겸배우", [
      { movieId: movie.id, kind: "주연", character: "기택" },
      { movieId: movie.id, kind: "감독" },
    ]);
    const writer = await createPerson(ctx, "각본가", [{ movieId: movie.id, kind: "각본" }]);
    const actor = await createPerson(ctx, "조연배우", [{ movieId: movie.id, kind: "조연", character: "연교" }]);
    const cameo = await createPerson(ctx, "카메오", [{ movieId: movie.id, kind: "카메오" }]);
    // Liked in an order that differs from id order; one like is undone and another member's like is not listed.
    for (const p of [cameo, writer, director, actor]) await toggle("person_likes", fan, p.id);
    await toggle("person_likes", fan, writer.id);
    await toggle("person_likes", other, director.id);

    const res = await list(fan, "likes_participant");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ids(body)).toEqual([cameo.id, director.id, actor.id]);
    expect(body[1]).toEqual({
      id: director.id,
      name: "감독겸배우",
      roles: ["감독", "배우"],
      profile_url: expect.stringMatching(/^\/media\/person\/\d+\.svg\?v=[0-9a-f]{8}$/),
      biography: null,
      likes_count: 2,
      like: true,
      tmdb_id: null,
    });
    expect(body[0].roles).toEqual(["배우"]);
    expect(body.every((p: { like: boolean }) => p.like)).toBe(true);

    // A person with only a crew credit is neither role.
    await toggle("person_likes", fan, writer.id);
    const withWriter = (await list(fan, "likes_participant")).json();
    expect(withWriter.at(-1)).toMatchObject({ id: writer.id, roles: [] });

    const me = await injectAs(ctx, fan)({ method: "GET", url: "/api/users/me" });
    expect(me.json().liked_people_count).toBe(withWriter.length);
  });

  it("lists liked collections with all their movies, or the first movies_limit, and the full movie_count", async () => {
    const fan = await createMember(ctx);
    const owner = await createMember(ctx);
    const movies = [];
    for (let i = 0; i < 15; i++) movies.push((await createMovie(ctx)).id);
    const big = await createCollection(ctx, owner, { movieIds: movies });
    const small = await createCollection(ctx, owner, { movieIds: movies.slice(3, 5) });
    const own = await createCollection(ctx, fan, { movieIds: [] });
    for (const c of [small, own, big]) await toggle("collection_likes", fan, c.id);

    const body = (await list(fan, "likes_collection")).json();
    expect(ids(body)).toEqual([small.id, own.id, big.id]);
    const bigItem = body[2];
    expect(bigItem).toMatchObject({ id: big.id, user_id: owner.id, movie_count: 15, likes_count: 1, like: true });
    expect(bigItem.movies.map((m: { id: number }) => m.id)).toEqual(movies);
    expect(body[0].movies.map((m: { id: number }) => m.id)).toEqual(movies.slice(3, 5));
    const strip = (
      await injectAs(ctx, fan)({ method: "GET", url: "/api/users/likes_collection?movies_limit=4" })
    ).json();
    expect(strip.map((c: { movies: Array<{ id: number }> }) => c.movies.map((m) => m.id))).toEqual([
      movies.slice(3, 5),
      [],
      movies.slice(0, 4),
    ]);
    expect(strip[2]).toMatchObject({ id: big.id, movie_count: 15 });
    const bad = await injectAs(ctx, fan)({ method: "GET", url: "/api/users/likes_collection?movies_limit=1001" });
    expect(bad.json()).toEqual({ code: "INVALID_FIELD", detail: expect.stringContaining("'movies_limit'") });
    // Only collections take it: the other likes lists ignore it as an unknown parameter.
    const people = await injectAs(ctx, fan)({ method: "GET", url: "/api/users/likes_participant?movies_limit=x" });
    expect(people.statusCode).toBe(200);
    expect(body[1]).toMatchObject({ id: own.id, movies: [], movie_count: 0 });
    expect(body.every((c: { like: boolean }) => c.like)).toBe(true);
    const me = await injectAs(ctx, fan)({ method: "GET", url: "/api/users/me" });
    expect(me.json().liked_collections_count).toBe(3);
  });

  it("lists liked reviews as full Review objects, oldest like first", async () => {
    const fan = await createMember(ctx);
    const authors = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
    const movie = await createMovie(ctx);
    const reviews = [];
    for (const author of authors) {
      reviews.push(await createReview(ctx, author, movie.id, { rating: 4, content: `${author.username}의 코멘트` }));
    }
    for (const r of [reviews[2]!, reviews[0]!, reviews[1]!]) await toggle("review_likes", fan, r.id);
    await toggle("review_likes", fan, reviews[0]!.id);

    const body = (await list(fan, "likes_review")).json();
    expect(ids(body)).toEqual([reviews[2]!.id, reviews[1]!.id]);
    expect(body[0]).toEqual({
      ...reviews[2],
      like: true,
      likes_count: 1,
    });
    const me = await injectAs(ctx, fan)({ method: "GET", url: "/api/users/me" });
    expect(me.json().liked_reviews_count).toBe(2);
  });

  it("keeps liked reviews through writes elsewhere and shows every change of a listed review or its author", async () => {
    const [fan, author, other] = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
    const [movie, elsewhere] = [await createMovie(ctx), await createMovie(ctx)];
    const review = await createReview(ctx, author, movie.id, { rating: 4, content: "좋아요 받을 코멘트" });
    const unrelated = await createReview(ctx, other, elsewhere.id, { rating: 3, content: "다른 코멘트" });
    await toggle("review_likes", fan, review.id);
    type Row = { id: number; content: string; likes_count: number; comments_count: number; user_name: string };
    const read = async () => (await list(fan, "likes_review")).json() as Row[];
    const hits = () => readCacheStats().find((r) => r.name === "liked-reviews")!.hits;
    const first = await read();
    // Writes that touch nothing listed: another film's rating, a like on someone else's review.
    await createReview(ctx, other, movie.id, { rating: 2 });
    await toggle("review_likes", other, unrelated.id);
    const before = hits();
    expect(await read()).toEqual(first);
    expect(hits() - before).toBe(dialectUnderTest === "sqlite" ? 1 : 0);
    // Every change of the listed review shows: another member's like, an edit, the author's new name.
    await toggle("review_likes", other, review.id);
    expect((await read())[0]).toMatchObject({ id: review.id, likes_count: 2 });
    await ctx.services.reviews.edit(author.id, review.id, { content: "고친 코멘트" });
    expect((await read())[0]).toMatchObject({ id: review.id, content: "고친 코멘트" });
    await injectAs(ctx, author)({ method: "PATCH", url: "/api/users/me", payload: { username: "새이름필자" } });
    expect((await read())[0]).toMatchObject({ id: review.id, user_name: "새이름필자" });
    // Emptied by its author, the review leaves the list (its likes go with it).
    await ctx.services.reviews.edit(author.id, review.id, { content: "", rating: 0 });
    expect(await read()).toEqual([]);
  });

  it("windows every list with begin/end after ordering", async () => {
    const fan = await createMember(ctx);
    const movie = await createMovie(ctx);
    const people = [];
    for (let i = 0; i < 5; i++)
      people.push(await createPerson(ctx, `사람 ${i}`, [{ movieId: movie.id, kind: "출연" }]));
    const order = [...people].reverse();
    for (const p of order) await toggle("person_likes", fan, p.id);

    expect(ids((await list(fan, "likes_participant", "?begin=1&end=3")).json())).toEqual(
      order.slice(1, 3).map((p) => p.id),
    );
    expect(ids((await list(fan, "likes_participant", "?begin=3")).json())).toEqual(order.slice(3).map((p) => p.id));
    expect((await list(fan, "likes_participant", "?begin=9")).json()).toEqual([]);
    expect((await list(fan, "likes_participant", "?begin=2&end=2")).json()).toEqual([]);
    for (const path of ["likes_participant", "likes_collection", "likes_review"]) {
      const bad = await list(fan, path, "?begin=abc");
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ detail: expect.stringContaining("'begin'"), code: "INVALID_RANGE" });
      const backwards = await list(fan, path, "?begin=2&end=1");
      expect(backwards.json().detail).toContain("'end'");
      expect((await list(fan, path, "?begin=0&end=2147483648")).json().code).toBe("INVALID_RANGE");
      expect((await list(fan, path)).statusCode).toBe(200);
    }
  });
});
