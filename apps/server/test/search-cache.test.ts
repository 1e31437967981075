// The search result cache: a write — through the app or straight to the database, from this server or another
// one sharing the database — shows in the very next search. Real databases on both dialects.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openDatabase } from "../src/db/connection.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { inTransaction } from "../src/lib/transaction.js";
import { indexSearchDocument } from "../src/modules/search/index.js";
import { createSearchService } from "../src/modules/search/service.js";
import { readCacheStats } from "../src/cache/index.js";
import { createTestContext, dialectUnderTest, TEST_DATABASE_URL, type TestContext } from "./helpers/context.js";
import { createCollection, createMember, createMovie, createPerson, type TestMember } from "./helpers/factories.js";

let ctx: TestContext;
let owner: TestMember;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createMember(ctx, { username: "cache_owner" });
});
afterAll(async () => ctx?.close());

describe("one server", () => {
  it("shows a new collection and changed counters in the next search", async () => {
    const search = (q: string) => ctx.services.search.search({ search_q: q }, null);
    expect((await search("캐시확인")).collection_list).toEqual([]);
    // The same query again is answered from the cache…
    expect((await search("캐시확인")).collection_list).toEqual([]);
    // …until a write path indexes a matching title.
    const first = await createCollection(ctx, owner, { title: "캐시확인 하나" });
    expect((await search("캐시확인")).collection_list).toEqual([first.id]);
    const second = await createCollection(ctx, owner, { title: "캐시확인 둘" });
    expect((await search("캐시확인")).collection_list).toEqual([first.id, second.id]);
    // A counter written straight to the table reorders the next answer.
    await ctx.db.updateTable("collections").set({ likes_count: 5 }).where("id", "=", second.id).execute();
    expect((await search("캐시확인")).collection_list).toEqual([second.id, first.id]);
  });

  it("sends the expanded answer as kept JSON only while nothing was written", async () => {
    const movie = await createMovie(ctx, { title: "확장캐시 영화" });
    await indexSearchDocument(ctx.db, "movie", movie.id, [movie.title]);
    const ask = async () => {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/api/search?search_q=${encodeURIComponent("확장캐시")}&expand=true`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { movies: Array<{ id: number; ratings_count: number; title: string }> };
    };
    expect((await ask()).movies).toMatchObject([{ id: movie.id, ratings_count: 0 }]);
    expect((await ask()).movies).toMatchObject([{ id: movie.id, ratings_count: 0 }]);
    const rated = await ctx.app.inject({
      method: "PUT",
      url: `/api/reviews/movie/${movie.id}/mine`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
      payload: { rating: 4 },
    });
    expect(rated.statusCode, rated.body).toBe(201);
    expect((await ask()).movies).toMatchObject([{ id: movie.id, ratings_count: 1 }]);
    await ctx.db.updateTable("movies").set({ title: "확장캐시 새 제목" }).where("id", "=", movie.id).execute();
    expect((await ask()).movies).toMatchObject([{ id: movie.id, title: "확장캐시 새 제목" }]);
  });

  it("shares the visitors' expanded answer only with members it fits", async () => {
    const star = await createMember(ctx, { username: "공유확장_스타" });
    const person = await createPerson(ctx, "공유확장 배우");
    await indexSearchDocument(ctx.db, "person", person.id, [person.name]);
    await indexSearchDocument(ctx.db, "user", star.id, [star.username]);
    const [liker, follower, blocker, bystander] = [
      await createMember(ctx),
      await createMember(ctx),
      await createMember(ctx),
      await createMember(ctx),
    ];
    const write = async (who: TestMember, method: "PATCH" | "POST", url: string) => {
      const res = await ctx.app.inject({ method, url, headers: { authorization: `Bearer ${who.accessToken}` } });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    await write(liker, "PATCH", `/api/participants/like/${person.id}`);
    await write(follower, "POST", `/api/users/follow/${star.id}`);
    await write(blocker, "POST", `/api/users/block/${star.id}`);
    type Expanded = {
      user_list: number[];
      people: Array<{ id: number; like: boolean }>;
      users: Array<{ id: number; is_following: boolean }>;
    };
    const ask = async (who: TestMember | null) => {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/api/search?search_q=${encodeURIComponent("공유확장")}&expand=true`,
        headers: who ? { authorization: `Bearer ${who.accessToken}` } : {},
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Expanded;
    };
    // The visitors' answer is built first and kept…
    const visitor = await ask(null);
    expect(visitor.people).toMatchObject([{ id: person.id, like: false }]);
    expect(visitor.users).toMatchObject([{ id: star.id, is_following: false }]);
    // …and is not what a member with a like, a follow or a block among the results gets.
    expect((await ask(liker)).people).toMatchObject([{ id: person.id, like: true }]);
    expect((await ask(follower)).users).toMatchObject([{ id: star.id, is_following: true }]);
    expect((await ask(blocker)).user_list).toEqual([]);
    expect(await ask(bystander)).toEqual(visitor);
    expect(await ask(null)).toEqual(visitor);
    // A member's own answer is kept too, until their next write (or anyone's).
    expect((await ask(liker)).people).toMatchObject([{ id: person.id, like: true }]);
    await write(liker, "PATCH", `/api/participants/like/${person.id}`);
    expect((await ask(liker)).people).toMatchObject([{ id: person.id, like: false }]);
    expect((await ask(follower)).users).toMatchObject([{ id: star.id, is_following: true }]);
    await ctx.db.deleteFrom("follows").where("user_id", "=", follower.id).execute();
    expect((await ask(follower)).users).toMatchObject([{ id: star.id, is_following: false }]);
  });

  it("keeps a ranking through a changed star (SQLite) and ranks again when a film's counts move", async () => {
    const a = await createMovie(ctx, { title: "별점순위 가" });
    const b = await createMovie(ctx, { title: "별점순위 나" });
    await indexSearchDocument(ctx.db, "movie", a.id, [a.title]);
    await indexSearchDocument(ctx.db, "movie", b.id, [b.title]);
    const [first, second] = [await createMember(ctx), await createMember(ctx)];
    const rate = async (who: TestMember, movieId: number, rating: number) => {
      const res = await ctx.app.inject({
        method: "PUT",
        url: `/api/reviews/movie/${movieId}/mine`,
        headers: { authorization: `Bearer ${who.accessToken}` },
        payload: { rating },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    const rankingHits = () => readCacheStats().find((r) => r.name === "search-rankings")!.hits;
    const ask = async () => (await ctx.services.search.search({ search_q: "별점순위" }, null)).movie_list;
    await rate(first, b.id, 3);
    expect(await ask()).toEqual([b.id, a.id]);
    // A changed star moves b's average, not its ratings count: the ranking is kept (on SQLite, where tables have
    // versions; PostgreSQL ranks again after any write).
    await rate(first, b.id, 4.5);
    const hits = rankingHits();
    expect(await ask()).toEqual([b.id, a.id]);
    expect(rankingHits() - hits).toBe(dialectUnderTest === "sqlite" ? 1 : 0);
    // Two first ratings of a: its count passes b's, and the next search ranks again.
    await rate(first, a.id, 2);
    await rate(second, a.id, 2);
    expect(await ask()).toEqual([a.id, b.id]);
    // A rating taken back (0) moves the count down again.
    await rate(second, a.id, 0);
    await rate(second, b.id, 1);
    expect(await ask()).toEqual([b.id, a.id]);
  });

  it("keeps answers per window and per caller", async () => {
    const a = await createMovie(ctx, { title: "창문시험 가" });
    const b = await createMovie(ctx, { title: "창문시험 나" });
    const search = ctx.services.search;
    // Movies indexed by a direct write (the factory inserts rows; the write path would index them).
    await indexSearchDocument(ctx.db, "movie", a.id, [a.title]);
    await indexSearchDocument(ctx.db, "movie", b.id, [b.title]);
    expect((await search.search({ search_q: "창문시험" }, null)).movie_list).toEqual([a.id, b.id]);
    expect((await search.search({ search_q: "창문시험", begin: "1" }, null)).movie_list).toEqual([b.id]);
    expect((await search.search({ search_q: "창문 시험", end: "1" }, owner.id)).movie_list).toEqual([a.id]);
    expect((await search.search({ search_q: "창문시험" }, owner.id)).movie_list).toEqual([a.id, b.id]);
  });
});

/** Two handles on one database, as two server processes have: a SQLite file, or one PostgreSQL schema. */
async function sharedDatabase(): Promise<{ open: () => DbHandle; drop: () => Promise<void> }> {
  const url = TEST_DATABASE_URL;
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "search-cache-"));
    const file = path.join(dir, "shared.db");
    return {
      open: () => openDatabase({ kind: "sqlite", file }),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    open: () => openDatabase({ kind: "postgres", url }, { schema, poolSize: 2 }),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

describe("two servers on one database", () => {
  it("shows a write committed by the other server in the next search", async () => {
    const shared = await sharedDatabase();
    const [one, two] = [shared.open(), shared.open()];
    try {
      await migrateToLatest(one.db);
      const search = createSearchService(one.db);
      const ask = async () => (await search.search({ search_q: "공유된 영화" }, null)).movie_list;
      expect(await ask()).toEqual([]);
      expect(await ask()).toEqual([]);
      const id = await inTransaction(two.db, async (trx) => {
        const row = await trx
          .insertInto("movies")
          .values({
            key: "shared-movie",
            title: "공유된 영화",
            original_title: "Shared Movie",
            english_title: null,
            year: 2024,
            running_time: 100,
            grade: null,
            synopsis: "두 서버가 함께 쓰는 데이터베이스.",
            poster_url: null,
            backdrop_url: null,
            created_at: "2024-01-01T00:00:00",
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await indexSearchDocument(trx, "movie", row.id, ["공유된 영화", "Shared Movie"]);
        return row.id;
      });
      expect(await ask()).toEqual([id]);
      await two.db.deleteFrom("movies").where("id", "=", id).execute();
      await two.db.deleteFrom("search_documents").execute();
      expect(await ask()).toEqual([]);
    } finally {
      await one.close();
      await two.close();
      await shared.drop();
    }
  });
});
