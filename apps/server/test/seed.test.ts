// First-start seeding: catalog + demo community, counters equal to recounts, determinism, members who cannot sign in.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counterMismatches } from "../src/db/counters.js";
import { textQuality } from "../src/db/seed/demo/texts.js";
import { seedIfEmpty } from "../src/db/seed/index.js";
import { refreshHotRanking } from "../src/jobs/hot-ranking.js";
import { toTimestamp } from "../src/lib/time.js";
import { createTestContext, type TestContext } from "./helpers/context.js";

const START = new Date("2025-05-20T09:30:00Z");
let ctx: TestContext;
let twin: TestContext;

beforeAll(async () => {
  [ctx, twin] = await Promise.all([createTestContext(), createTestContext()]);
  for (const c of [ctx, twin]) c.clock.set(START);
  const results = await Promise.all([ctx, twin].map((c) => seedIfEmpty(c.db, { seedDemo: true, clock: c.clock })));
  expect(results.every((r) => r !== null && r.demo !== null)).toBe(true);
}, 120_000);
afterAll(async () => Promise.all([ctx, twin].map((c) => c.close())));

const rows = async (c: TestContext, query: string) =>
  (await sql.raw<Record<string, unknown>>(query).execute(c.db)).rows;
const count = async (c: TestContext, table: string) =>
  Number((await rows(c, `select count(*) as n from ${table}`))[0]!.n);

describe("seedIfEmpty", () => {
  it("seeds the catalog and a demo community of about 300 members with real activity", async () => {
    expect(await count(ctx, "movies")).toBe(420);
    expect(await count(ctx, "people")).toBe(1661);
    expect(await count(ctx, "users")).toBe(300);
    expect(await count(ctx, "reviews")).toBeGreaterThan(5000);
    for (const table of [
      "replies",
      "review_likes",
      "reply_likes",
      "person_likes",
      "follows",
      "blocks",
      "collections",
    ]) {
      expect(await count(ctx, table), table).toBeGreaterThan(0);
    }
    for (const table of ["collection_movies", "collection_likes", "collection_comments", "collection_comment_likes"]) {
      expect(await count(ctx, table), table).toBeGreaterThan(0);
    }
  });

  it("keeps every counter equal to a recount of its rows", async () => {
    expect(await counterMismatches(ctx.db)).toEqual([]);
  });

  it("is deterministic: the same clock gives the same data", async () => {
    for (const table of [
      "users",
      "reviews",
      "replies",
      "review_likes",
      "follows",
      "blocks",
      "collections",
      "collection_movies",
      "collection_comments",
      "person_likes",
    ]) {
      const order = table === "collection_movies" ? "collection_id, position" : "id";
      const query = `select * from ${table} order by ${order}`;
      expect(JSON.stringify(await rows(ctx, query)), table).toBe(JSON.stringify(await rows(twin, query)));
    }
  });

  it("never seeds a database that already has movies", async () => {
    expect(await seedIfEmpty(ctx.db, { seedDemo: true, clock: ctx.clock })).toBeNull();
    expect(await count(ctx, "users")).toBe(300);
  });

  it("creates demo members who cannot sign in, with 1–20 character names", async () => {
    const users = await ctx.db
      .selectFrom("users")
      .select(["username", "login_id", "password_hash", "login_type"])
      .execute();
    for (const user of users) {
      expect(user).toMatchObject({ login_id: null, password_hash: null, login_type: "demo" });
      expect([...user.username].length).toBeGreaterThanOrEqual(1);
      expect([...user.username].length).toBeLessThanOrEqual(20);
    }
    expect(users.filter((u) => /[가-힣]/.test(u.username)).length).toBeGreaterThan(250);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/users/signin",
      payload: { login_id: users[0]!.username, login_password: "abcd1234!" },
    });
    expect(res.statusCode).toBe(401);
  });

  it("spreads activity over the last 60 days, never in the future", async () => {
    const now = toTimestamp(START);
    const since = toTimestamp(new Date(START.getTime() - 60 * 86_400_000));
    for (const [table, column] of [
      ["reviews", "created_at"],
      ["reviews", "updated_at"],
      ["replies", "created_at"],
      ["review_likes", "created_at"],
      ["follows", "created_at"],
      ["collections", "created_at"],
      ["collection_comments", "created_at"],
    ]) {
      const [range] = await rows(ctx, `select min(${column}) as lo, max(${column}) as hi from ${table}`);
      expect(String(range!.lo) >= since, `${table}.${column}`).toBe(true);
      expect(String(range!.hi) <= now, `${table}.${column}`).toBe(true);
    }
    const late = await rows(
      ctx,
      `select r.id from replies r join reviews v on v.id = r.review_id where r.created_at < v.created_at`,
    );
    expect(late).toEqual([]);
  });

  it("rates like people do: half stars used, a mean between 3 and 4, statuses, texts and spoilers", async () => {
    const dist = await rows(
      ctx,
      `select rating, count(*) as n from reviews where rating > 0 group by rating order by rating`,
    );
    const ratings = dist.map((d) => Number(d.rating));
    expect(ratings).toEqual([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5].filter((r) => ratings.includes(r)));
    expect(ratings).toEqual(expect.arrayContaining([1, 2, 2.5, 3, 3.5, 4, 4.5, 5]));
    const total = dist.reduce((s, d) => s + Number(d.n), 0);
    const mean = dist.reduce((s, d) => s + Number(d.rating) * Number(d.n), 0) / total;
    expect(mean).toBeGreaterThan(3);
    expect(mean).toBeLessThan(4);
    const [marks] = await rows(
      ctx,
      `select sum(case when status = 'WatchList' then 1 else 0 end) as want, sum(case when status = 'Watching' then 1 else 0 end) as watching, sum(case when content <> '' then 1 else 0 end) as written, sum(spoiler) as spoilers from reviews`,
    );
    for (const key of ["want", "watching", "written", "spoilers"]) expect(Number(marks![key]), key).toBeGreaterThan(0);
    const [spoiler] = await rows(ctx, `select count(*) as n from reviews where spoiler = 1 and content = ''`);
    expect(Number(spoiler!.n)).toBe(0);
    const [empty] = await rows(
      ctx,
      `select count(*) as n from reviews where rating = 0 and status = '' and content = ''`,
    );
    expect(Number(empty!.n)).toBe(0);
  });

  it("writes 보고싶어요 and 보는 중 notes that fit the film's year, no filler", async () => {
    const notes = await rows(
      ctx,
      `select r.status, r.content, m.year from reviews r join movies m on m.id = r.movie_id where r.rating = 0 and r.status <> '' and r.content <> ''`,
    );
    expect(notes.length).toBeGreaterThan(10);
    const seedYear = START.getUTCFullYear();
    for (const note of notes) {
      const content = String(note.content);
      const year = Number(note.year);
      expect(content).not.toContain("목록에 추가");
      if (/개봉하면|개봉일|예고편/.test(content)) expect(year, content).toBeGreaterThanOrEqual(seedYear);
      if (/명작이라는|고전이라|부모님이|옛날 영화|오래된 영화/.test(content))
        expect(seedYear - year, content).toBeGreaterThanOrEqual(20);
      if (/극장에서 놓쳐서|다들 재미있다고/.test(content)) expect(seedYear - year, content).toBeLessThanOrEqual(3);
    }
  });

  it("puts each film's best-written review first in 좋아요 순 (the movie page's 베스트 코멘트)", async () => {
    const written = await rows(
      ctx,
      `select id, movie_id, rating, content, spoiler, likes_count from reviews where content <> '' order by movie_id, likes_count desc, id`,
    );
    const byMovie = new Map<number, typeof written>();
    for (const row of written) {
      const list = byMovie.get(Number(row.movie_id)) ?? [];
      list.push(row);
      byMovie.set(Number(row.movie_id), list);
    }
    expect(byMovie.size).toBeGreaterThan(100);
    for (const [movieId, list] of byMovie) {
      const quality = (row: (typeof list)[number]) =>
        textQuality({
          rating: Number(row.rating),
          content: String(row.content),
          spoiler: Boolean(Number(row.spoiler)),
        });
      const best = Math.max(...list.map(quality));
      // The first in the API's likes order (likes desc, id asc) is one of the best-written.
      expect(quality(list[0]!), `movie ${movieId}`).toBe(best);
      if (list.length > 1)
        expect(Number(list[0]!.likes_count), `movie ${movieId}`).toBeGreaterThan(Number(list[1]!.likes_count));
    }
  });

  it("leaves recent activity for a full HOT ranking", async () => {
    expect(await refreshHotRanking(ctx.db, ctx.clock.now())).toHaveLength(10);
  });
});
