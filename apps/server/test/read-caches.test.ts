// The caches behind the hottest reads answer exactly what the database holds: every write, through the API or
// straight in SQL (another process, an import), shows on the next read. Covered: movie pages and charts kept as
// JSON, people's filmographies and pages, profiles, review windows, and verified access tokens.
import type { Movie, Person, PersonCredits, Review, UserProfile } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { sql } from "kysely";
import {
  createMember,
  createMovie,
  createPerson,
  createReview,
  injectAs,
  type TestMember,
} from "./helpers/factories.js";

let ctx: TestContext;
let member: TestMember;

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMember(ctx);
});
afterAll(async () => ctx.close());

const get = async <T>(url: string): Promise<T> => {
  const res = await ctx.app.inject({ method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

async function rate(who: TestMember, movieId: number, rating: number) {
  const res = await injectAs(
    ctx,
    who,
  )({
    method: "PUT",
    url: `/api/reviews/movie/${movieId}/mine`,
    payload: { rating },
  });
  expect([200, 201]).toContain(res.statusCode);
}

describe("movie pages", () => {
  it("show a new rating, a retitle and a new credit on the next read", async () => {
    const movie = await createMovie(ctx, { title: "캐시 영화" });
    const before = await get<Movie>(`/api/movies/${movie.id}`);
    expect(before).toMatchObject({ ratings_count: 0, average_rating: null, participants: [] });
    expect(await get<Movie>(`/api/movies/${movie.id}`)).toEqual(before);

    await rate(member, movie.id, 4.5);
    expect(await get<Movie>(`/api/movies/${movie.id}`)).toMatchObject({ ratings_count: 1, average_rating: 4.5 });

    await ctx.db.updateTable("movies").set({ title: "새 제목" }).where("id", "=", movie.id).execute();
    const retitled = await get<Movie>(`/api/movies/${movie.id}`);
    expect(retitled.title).toBe("새 제목");
    expect(retitled.poster_url).not.toBe(before.poster_url);

    await createPerson(ctx, "새 배우", [{ movieId: movie.id, kind: "주연", character: "주인공" }]);
    expect((await get<Movie>(`/api/movies/${movie.id}`)).participants).toMatchObject([
      { name: "새 배우", role: "주연 | 주인공" },
    ]);
  });

  it("answer the same JSON as the uncached batch read", async () => {
    const movie = await createMovie(ctx, { genres: ["드라마", "스릴러"], countries: ["한국", "미국"] });
    await createPerson(ctx, "감독 한 명", [{ movieId: movie.id, kind: "감독" }]);
    const [batch] = await get<Movie[]>(`/api/movies?ids=${movie.id}`);
    expect(await get<Movie>(`/api/movies/${movie.id}`)).toEqual(batch);
  });
});

describe("charts", () => {
  it("show new counts and a new ranking on the next read", async () => {
    const [first, second] = [await createMovie(ctx), await createMovie(ctx)];
    const now = new Date().toISOString().slice(0, 19);
    await ctx.db
      .insertInto("chart_entries")
      .values([
        { chart_type: "netflix", rank: 1, movie_id: first.id, updated_at: now },
        { chart_type: "netflix", rank: 2, movie_id: second.id, updated_at: now },
      ])
      .execute();
    const ids = async () => (await get<Movie[]>("/api/movies?chart_type=netflix")).map((m) => m.id);
    expect(await ids()).toEqual([second.id, first.id]);

    await rate(member, first.id, 3);
    const chart = await get<Movie[]>("/api/movies?chart_type=netflix");
    expect(chart.find((m) => m.id === first.id)).toMatchObject({ ratings_count: 1, average_rating: 3 });

    await ctx.db.deleteFrom("chart_entries").where("chart_type", "=", "netflix").where("rank", "=", 2).execute();
    expect(await ids()).toEqual([first.id]);
  });
});

describe("filmographies", () => {
  it("show a new average, a new credit and a retitle on the next read", async () => {
    const older = await createMovie(ctx, { title: "옛 영화", year: 2001 });
    const person = await createPerson(ctx, "필모 배우", [{ movieId: older.id, kind: "주연" }]);
    const films = async () => (await get<PersonCredits>(`/api/participants/${person.id}/movies`))[1]!.movies;
    expect(await films()).toMatchObject([{ id: older.id, title: "옛 영화", average_rating: null }]);

    await rate(member, older.id, 2.5);
    expect(await films()).toMatchObject([{ id: older.id, average_rating: 2.5 }]);

    const newer = await createMovie(ctx, { title: "새 영화", year: 2024 });
    await ctx.db
      .insertInto("credits")
      .values({ movie_id: newer.id, person_id: person.id, kind: "조연", character: null, position: 0 })
      .execute();
    expect((await films()).map((f) => [f.id, f.cast])).toEqual([
      [newer.id, "조연"],
      [older.id, "주연"],
    ]);

    await ctx.db.updateTable("movies").set({ title: "다시 붙인 제목" }).where("id", "=", older.id).execute();
    expect((await films())[1]).toMatchObject({ id: older.id, title: "다시 붙인 제목", average_rating: 2.5 });
  });
});

describe("verified access tokens", () => {
  it("still expire, and a revoked session is refused at once", async () => {
    const someone = await createMember(ctx);
    const me = () => injectAs(ctx, someone)({ method: "GET", url: "/api/users/me" });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);

    ctx.clock.advance(ctx.config.accessTokenTtlMinutes * 60);
    const expired = await me();
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: "TOKEN_EXPIRED" });
    ctx.clock.advance(-ctx.config.accessTokenTtlMinutes * 60);

    expect((await me()).statusCode).toBe(200);
    await ctx.app.inject({
      method: "POST",
      url: "/api/users/logout",
      headers: { authorization: `Bearer ${someone.accessToken}` },
    });
    expect((await me()).json()).toMatchObject({ code: "INVALID_TOKEN" });
  });
});

describe("review windows", () => {
  it("show likes, edits, renames and new reviews on the next read, and a caller's blocks at once", async () => {
    const movie = await createMovie(ctx, { title: "창 캐시 영화" });
    const [a, b, c] = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
    const reviewOf: Record<number, Review> = {};
    for (const author of [a, b, c]) {
      reviewOf[author.id] = await createReview(ctx, author, movie.id, {
        rating: 4,
        content: `${author.username}의 글`,
      });
    }
    const url = `/api/reviews/movie/${movie.id}?begin=0&end=10&has_content=true`;
    const window = async (who: TestMember | null) => {
      const res = await injectAs(ctx, who)({ method: "GET", url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Review[];
    };
    const authors = (reviews: Review[]) => reviews.map((r) => r.user_id);

    expect(authors(await window(null))).toEqual([a.id, b.id, c.id]);
    expect(authors(await window(a))).toEqual([a.id, b.id, c.id]);

    // A like through the API: the count for everyone, the flag for the liker only.
    const like = await injectAs(ctx, a)({ method: "PATCH", url: `/api/reviews/like/${reviewOf[b.id]!.id}` });
    expect(like.statusCode, like.body).toBe(200);
    expect((await window(null))[1]).toMatchObject({ likes_count: 1, like: false });
    expect((await window(a))[1]).toMatchObject({ likes_count: 1, like: true });
    expect((await window(c))[1]).toMatchObject({ likes_count: 1, like: false });

    // Writes that bypass the API (another process, an import): an edit and a rename.
    await ctx.db.updateTable("reviews").set({ content: "고친 글" }).where("id", "=", reviewOf[c.id]!.id).execute();
    await sql`update users set username = ${"renamed_author"} where id = ${b.id}`.execute(ctx.db);
    const after = await window(null);
    expect(after[2]!.content).toBe("고친 글");
    expect(after[1]!.user_name).toBe("renamed_author");

    // A block hides the author from the blocker's window at once, and from nobody else's.
    const blocked = await injectAs(ctx, a)({ method: "POST", url: `/api/users/block/${c.id}` });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect(authors(await window(a))).toEqual([a.id, b.id]);
    expect(authors(await window(b))).toEqual([a.id, b.id, c.id]);
    expect(authors(await window(null))).toEqual([a.id, b.id, c.id]);

    // A new review and a deletion show on the next read.
    const d = await createMember(ctx);
    await createReview(ctx, d, movie.id, { rating: 3, content: "새 글" });
    const removed = await injectAs(ctx, b)({ method: "DELETE", url: `/api/reviews/${reviewOf[b.id]!.id}` });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(authors(await window(null))).toEqual([a.id, c.id, d.id]);
    expect(authors(await window(a))).toEqual([a.id, d.id]);
  });
});

describe("person pages", () => {
  it("show a like to the liker only, its count to everyone, and a rename and a new role on the next read", async () => {
    const person = await createPerson(ctx, "캐시 인물");
    const fan = await createMember(ctx);
    const page = async (who: TestMember | null) => {
      const res = await injectAs(ctx, who)({ method: "GET", url: `/api/participants/${person.id}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Person;
    };
    expect(await page(null)).toMatchObject({ name: "캐시 인물", likes_count: 0, like: false });
    expect(await page(fan)).toMatchObject({ likes_count: 0, like: false });

    const liked = await injectAs(ctx, fan)({ method: "PATCH", url: `/api/participants/like/${person.id}` });
    expect(liked.statusCode, liked.body).toBe(200);
    expect(await page(fan)).toMatchObject({ likes_count: 1, like: true });
    expect(await page(member)).toMatchObject({ likes_count: 1, like: false });
    expect(await page(null)).toMatchObject({ likes_count: 1, like: false });

    await ctx.db.updateTable("people").set({ name: "새 이름" }).where("id", "=", person.id).execute();
    const movie = await createMovie(ctx, { title: "새 역할 영화" });
    await ctx.db
      .insertInto("credits")
      .values({ movie_id: movie.id, person_id: person.id, kind: "감독", character: null, position: 0 })
      .execute();
    expect(await page(null)).toMatchObject({ name: "새 이름", roles: ["감독"] });
    const missing = await injectAs(ctx, null)({ method: "GET", url: "/api/participants/987654" });
    expect(missing.statusCode).toBe(404);
  });
});

describe("profiles", () => {
  it("show a follow and a block to that member only, the count to everyone, and a rename on the next read", async () => {
    const star = await createMember(ctx);
    const [follower, blocker] = [await createMember(ctx), await createMember(ctx)];
    const profile = async (who: TestMember | null) => {
      const res = await injectAs(ctx, who)({ method: "GET", url: `/api/users/profile/${star.id}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as UserProfile;
    };
    expect(await profile(null)).toMatchObject({ follower_count: 0, is_following: false, is_blocked: false });

    const followed = await injectAs(ctx, follower)({ method: "POST", url: `/api/users/follow/${star.id}` });
    expect(followed.statusCode, followed.body).toBe(201);
    const blocked = await injectAs(ctx, blocker)({ method: "POST", url: `/api/users/block/${star.id}` });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect(await profile(follower)).toMatchObject({ follower_count: 1, is_following: true, is_blocked: false });
    expect(await profile(blocker)).toMatchObject({ follower_count: 1, is_following: false, is_blocked: true });
    expect(await profile(member)).toMatchObject({ follower_count: 1, is_following: false, is_blocked: false });
    expect(await profile(null)).toMatchObject({ follower_count: 1, is_following: false, is_blocked: false });

    await sql`update users set username = ${"renamed_star"}, username_lower = ${"renamed_star"} where id = ${star.id}`.execute(
      ctx.db,
    );
    expect(await profile(null)).toMatchObject({ username: "renamed_star" });
    const missing = await injectAs(ctx, null)({ method: "GET", url: "/api/users/profile/987654" });
    expect(missing.statusCode).toBe(404);
  });
});

describe("per-member facts (live sessions, blocks, likes)", () => {
  it("follow writes made straight in SQL on the next request", async () => {
    const movie = await createMovie(ctx, { title: "사실 캐시 영화" });
    const [reader, author] = [await createMember(ctx), await createMember(ctx)];
    const review = await createReview(ctx, author, movie.id, { rating: 3, content: "읽힐 글" });
    const windowUrl = `/api/reviews/movie/${movie.id}?begin=0&end=10&has_content=true`;
    const read = async (url: string) => {
      const res = await injectAs(ctx, reader)({ method: "GET", url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Review[];
    };
    const now = new Date().toISOString().slice(0, 19);

    // Likes: the reader's flag follows a like row written or removed behind the API.
    expect((await read(windowUrl))[0]).toMatchObject({ id: review.id, like: false });
    await ctx.db
      .insertInto("review_likes")
      .values({ user_id: reader.id, target_id: review.id, created_at: now })
      .execute();
    expect((await read(windowUrl))[0]).toMatchObject({ id: review.id, like: true });
    await ctx.db.deleteFrom("review_likes").where("user_id", "=", reader.id).execute();
    expect((await read(windowUrl))[0]).toMatchObject({ id: review.id, like: false });

    // Blocks: the author leaves the reader's film window and their review list answers [], then both come back.
    const authorList = `/api/reviews/user/${author.id}?begin=0&end=10`;
    expect(await read(authorList)).toHaveLength(1);
    await ctx.db.insertInto("blocks").values({ user_id: reader.id, target_id: author.id, created_at: now }).execute();
    expect(await read(windowUrl)).toEqual([]);
    expect(await read(authorList)).toEqual([]);
    await ctx.db.deleteFrom("blocks").where("user_id", "=", reader.id).execute();
    expect(await read(windowUrl)).toHaveLength(1);
    expect(await read(authorList)).toHaveLength(1);

    // "My review": the reader's own review as kept follows an edit and a deletion behind the API.
    const mine = await createReview(ctx, reader, movie.id, { rating: 5, content: "내 글" });
    const mineUrl = `/api/reviews/movie/${movie.id}/mine`;
    const readMine = () => injectAs(ctx, reader)({ method: "GET", url: mineUrl });
    expect((await readMine()).json()).toMatchObject({ id: mine.id, content: "내 글" });
    await ctx.db.updateTable("reviews").set({ content: "고친 내 글" }).where("id", "=", mine.id).execute();
    expect((await readMine()).json()).toMatchObject({ id: mine.id, content: "고친 내 글" });
    await ctx.db.updateTable("reviews").set({ content: "", rating: 0 }).where("id", "=", mine.id).execute();
    expect((await readMine()).json()).toMatchObject({ id: mine.id, content: "", rating: 0 });
    await ctx.db.deleteFrom("reviews").where("id", "=", mine.id).execute();
    expect((await readMine()).json()).toMatchObject({ id: 0, content: "" });

    // Sessions: revoking the reader's session in SQL refuses their bearer on the next request.
    const res = await injectAs(ctx, reader)({ method: "GET", url: windowUrl });
    expect(res.statusCode).toBe(200);
    await ctx.db.updateTable("sessions").set({ revoked_at: now }).where("user_id", "=", reader.id).execute();
    const refused = await injectAs(ctx, reader)({ method: "GET", url: "/api/users/me" });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: "INVALID_TOKEN" });
  });
});
