import type { Collection } from "@moviepedia/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kindCode } from "../src/modules/search/documents.js";
import { normalizeText } from "../src/modules/search/normalize.js";
import { countRows, createTestContext, type TestContext } from "./helpers/context.js";
import { counterMismatches, createManyMovies } from "./helpers/collection-checks.js";
import { createCollection, createMember, createMovie, injectAs, type TestMember } from "./helpers/factories.js";

let ctx: TestContext;
let owner: TestMember;
let other: TestMember;
const movies: number[] = [];

beforeAll(async () => {
  // Many creates from one member here; the create bucket itself is tested below with a small limit.
  ctx = await createTestContext({ env: { RATE_LIMIT_CREATES_PER_MIN: "1000" } });
  owner = await createMember(ctx);
  other = await createMember(ctx);
  for (let i = 0; i < 16; i++) movies.push((await createMovie(ctx)).id);
});
afterAll(async () => ctx.close());

const as = (member: TestMember | null) => injectAs(ctx, member);
const post = (member: TestMember | null, payload: unknown) =>
  as(member)({ method: "POST", url: "/api/collections", payload: payload as object });
const patch = (member: TestMember | null, id: number | string, payload: unknown) =>
  as(member)({ method: "PATCH", url: `/api/collections/${id}`, payload: payload as object });
const getCollection = async (id: number, member: TestMember | null = null): Promise<Collection> => {
  const res = await as(member)({ method: "GET", url: `/api/collections/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const ids = (c: Collection) => c.movies.map((m) => m.id);
const me = async (member: TestMember) => (await as(member)({ method: "GET", url: "/api/users/me" })).json();

describe("POST /api/collections", () => {
  it("needs a bearer", async () => {
    const res = await post(null, { title: "x" });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("AUTH_REQUIRED");
  });

  it("creates a collection: trimmed title, blank overview → null, duplicates collapse in given order", async () => {
    const before = (await me(owner)).collection_count;
    const [a, b, c] = movies;
    const res = await post(owner, { title: "  나의 인생 영화  ", overview: "   ", movie_ids: [b, a, b, c, a] });
    expect(res.statusCode).toBe(201);
    const body: Collection = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      user_id: owner.id,
      title: "나의 인생 영화",
      overview: null,
      movies: [b, a, c].map((id) => ({
        id,
        title: expect.any(String),
        poster_url: expect.stringMatching(/^\/media\/poster\/\d+\.svg\?v=[0-9a-f]{8}$/),
        average_rating: null,
      })),
      movie_count: 3,
      likes_count: 0,
      comments_count: 0,
      like: false,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
    expect((await me(owner)).collection_count).toBe(before + 1);
    expect(await getCollection(body.id)).toEqual(body);
  });

  it("accepts a missing or null movie list and keeps an overview with its newlines", async () => {
    const res = await post(owner, { title: "빈 컬렉션", overview: "첫 줄\n둘째 줄", movie_ids: null });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ movies: [], movie_count: 0, overview: "첫 줄\n둘째 줄" });
    const plain = await post(owner, { title: "제목만" });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().overview).toBeNull();
  });

  it("validates fields in order with the contract's codes", async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ movie_ids: [movies[0]] }, "MISSING_FIELD", "title"],
      [{ title: "" }, "INVALID_FIELD", "title"],
      [{ title: "   " }, "INVALID_FIELD", "title"],
      [{ title: null }, "INVALID_FIELD", "title"],
      [{ title: 5 }, "INVALID_FIELD", "title"],
      [{ title: "가".repeat(101) }, "TEXT_TOO_LONG", "title"],
      [{ title: "ok", overview: "나".repeat(501) }, "TEXT_TOO_LONG", "overview"],
      [{ title: "ok", movie_ids: ["1"] }, "INVALID_FIELD", "movie_ids"],
      [{ title: "ok", movie_ids: [-1] }, "INVALID_FIELD", "movie_ids"],
      [{ title: "ok", movie_ids: [1.5] }, "INVALID_FIELD", "movie_ids"],
      [{ title: "ok", movie_ids: 3 }, "INVALID_FIELD", "movie_ids"],
    ];
    for (const [payload, code, field] of cases) {
      const res = await post(owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe(code);
      expect(res.json().detail).toContain(`'${field}'`);
    }
    const longest = await post(owner, { title: `  ${"가".repeat(100)} `, overview: "나".repeat(500) });
    expect(longest.statusCode).toBe(201);
    expect(longest.json().title).toBe("가".repeat(100));
  });

  it("answers MOVIE_NOT_FOUND for any unknown id and creates nothing", async () => {
    const before = await countRows(ctx, "collections");
    const links = await countRows(ctx, "collection_movies");
    for (const unknown of [999999, 2147483647, 2147483648, 1e20]) {
      const res = await post(owner, { title: "없는 영화", movie_ids: [movies[0], unknown] });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("MOVIE_NOT_FOUND");
    }
    expect(await countRows(ctx, "collections")).toBe(before);
    expect(await countRows(ctx, "collection_movies")).toBe(links);
  });

  it("allows 1000 distinct movies (duplicates do not count) and refuses 1001 with 400", async () => {
    const many = await createManyMovies(ctx, 1001);
    const tooMany = await post(owner, { title: "너무 많다", movie_ids: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ detail: expect.stringContaining("'movie_ids'"), code: "INVALID_FIELD" });
    // Too many distinct ids is a 400 even when some are unknown (400 precedes 404).
    const tooManyUnknown = await post(owner, { title: "x", movie_ids: [...many.slice(0, 1000), 999999] });
    expect(tooManyUnknown.statusCode).toBe(400);
    const thousand = many.slice(0, 1000);
    const res = await post(owner, { title: "천 편", movie_ids: [...thousand, thousand[0], thousand[999]] });
    expect(res.statusCode).toBe(201);
    expect(res.json().movie_count).toBe(1000);
    expect(ids(res.json())).toEqual(thousand);
  });
});

describe("GET /api/collections/{id}", () => {
  it("returns every movie with its average rating and the caller's like", async () => {
    const list = movies.slice(0, 15);
    await ctx.db.updateTable("movies").set({ rating_sum: 75, ratings_count: 2 }).where("id", "=", list[0]!).execute();
    await ctx.db
      .updateTable("movies")
      .set({ rating_sum: 80, ratings_count: 2, poster_url: "https://images.example.com/p.jpg" })
      .where("id", "=", list[1]!)
      .execute();
    const created = await createCollection(ctx, owner, { movieIds: list });
    const anonymous = await getCollection(created.id);
    expect(ids(anonymous)).toEqual(list);
    expect(anonymous.movies[0]!.average_rating).toBe(3.8);
    expect(anonymous.movies[1]!.average_rating).toBe(4);
    expect(anonymous.movies[1]!.poster_url).toBe("https://images.example.com/p.jpg");
    expect(anonymous.movies[0]!.poster_url).toMatch(new RegExp(`^/media/poster/${list[0]}\\.svg\\?v=[0-9a-f]{8}$`));
    expect(anonymous.movies[2]!.average_rating).toBeNull();
    expect(anonymous.movie_count).toBe(15);
    await as(other)({ method: "PATCH", url: `/api/collections/like/${created.id}` });
    expect((await getCollection(created.id, other)).like).toBe(true);
    expect((await getCollection(created.id, owner)).like).toBe(false);
    expect((await getCollection(created.id)).like).toBe(false);
  });

  it("serves an optional route anonymously despite a bad bearer", async () => {
    const created = await createCollection(ctx, owner);
    const res = await ctx.app.inject({
      method: "GET",
      url: `/api/collections/${created.id}`,
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
  });

  it("answers 404 for unknown ids and 400 for malformed ones", async () => {
    for (const id of ["999999", "2147483648", "99999999999999999999"]) {
      const res = await as(null)({ method: "GET", url: `/api/collections/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("COLLECTION_NOT_FOUND");
    }
    const bad = await as(null)({ method: "GET", url: "/api/collections/12a" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: expect.stringContaining("'collection_id'"), code: "INVALID_FIELD" });
  });
});

describe("PATCH /api/collections/{id}", () => {
  it("checks in precedence order: 401 → 400 → 404 → 404 movie → 403 → 409", async () => {
    const [a, b] = movies;
    const c = await createCollection(ctx, owner, { movieIds: [a!] });
    const expectError = async (res: Awaited<ReturnType<typeof patch>>, status: number, code: string) => {
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
    };
    await expectError(await patch(null, c.id, { title: "" }), 401, "AUTH_REQUIRED");
    await expectError(await patch(other, 999999, { title: "" }), 400, "INVALID_FIELD");
    await expectError(await patch(other, 999999, { title: "   " }), 400, "INVALID_FIELD");
    await expectError(
      await patch(other, 999999, { add_movie_ids: [b, 999999], delete_movie_ids: [b] }),
      400,
      "INVALID_FIELD",
    );
    await expectError(await patch(other, c.id, { add_movie_ids: ["x"] }), 400, "INVALID_FIELD");
    await expectError(await patch(other, c.id, { overview: "가".repeat(501) }), 400, "TEXT_TOO_LONG");
    await expectError(await patch(other, 999999, { add_movie_ids: [999999] }), 404, "COLLECTION_NOT_FOUND");
    await expectError(await patch(other, "2147483648", {}), 404, "COLLECTION_NOT_FOUND");
    await expectError(await patch(other, c.id, { add_movie_ids: [b, 999999] }), 404, "MOVIE_NOT_FOUND");
    await expectError(await patch(other, c.id, { add_movie_ids: [2147483648] }), 404, "MOVIE_NOT_FOUND");
    await expectError(await patch(other, c.id, { add_movie_ids: [a] }), 403, "NOT_OWNER");
    await expectError(await patch(other, c.id, {}), 403, "NOT_OWNER");
    await expectError(await patch(owner, c.id, { add_movie_ids: [a] }), 409, "MOVIE_ALREADY_IN_COLLECTION");
    await expectError(await patch(owner, c.id, { delete_movie_ids: [b] }), 409, "MOVIE_NOT_IN_COLLECTION");
    // An unknown deleted id is simply not in the collection.
    await expectError(await patch(owner, c.id, { delete_movie_ids: [999999] }), 409, "MOVIE_NOT_IN_COLLECTION");
    await expectError(
      await patch(owner, c.id, { add_movie_ids: [a], delete_movie_ids: [b] }),
      409,
      "MOVIE_ALREADY_IN_COLLECTION",
    );
    expect(await getCollection(c.id)).toEqual(c);
  });

  it("is all-or-nothing: a failing part leaves title, overview and movies untouched", async () => {
    const [a, b, c] = movies;
    const col = await createCollection(ctx, owner, { title: "원래", overview: "설명", movieIds: [a!, b!] });
    const res = await patch(owner, col.id, {
      title: "바뀐 제목",
      overview: "",
      add_movie_ids: [c],
      delete_movie_ids: [a, 999999],
    });
    expect(res.statusCode).toBe(409);
    expect(await getCollection(col.id)).toEqual(col);
  });

  it("edits: {} and nulls change nothing, title trimmed, overview cleared, deletes then appends in order", async () => {
    const [a, b, c, d, e] = movies as [number, number, number, number, number];
    const col = await createCollection(ctx, owner, { title: "처음", overview: "소개", movieIds: [a, b, c] });
    const same = await patch(owner, col.id, {});
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(col);
    const nulls = await patch(owner, col.id, {
      title: null,
      overview: null,
      add_movie_ids: null,
      delete_movie_ids: null,
    });
    expect(nulls.json()).toEqual(col);
    // The add-to-collection sheet's shape: current title and overview, one movie, an empty delete list.
    const sheet = await patch(owner, col.id, {
      title: "처음",
      overview: "소개",
      add_movie_ids: [d],
      delete_movie_ids: [],
    });
    expect(ids(sheet.json())).toEqual([a, b, c, d]);
    const res = await patch(owner, col.id, {
      title: "  새 제목 ",
      overview: "  ",
      add_movie_ids: [e, e],
      delete_movie_ids: [a, c, a],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: col.id, title: "새 제목", overview: null, movie_count: 3, like: false });
    expect(ids(res.json())).toEqual([b, d, e]);
    // A removed movie added again goes to the end: positions only grow.
    const readd = await patch(owner, col.id, { add_movie_ids: [a] });
    const body: Collection = readd.json();
    expect(body.movie_count).toBe(4);
    expect(ids(body)).toEqual([b, d, e, a]);
    expect(body.created_at).toBe(col.created_at);
    const positions = await ctx.db
      .selectFrom("collection_movies")
      .select(["movie_id", "position"])
      .where("collection_id", "=", col.id)
      .orderBy("position")
      .execute();
    expect(positions.map((p) => p.movie_id)).toEqual([b, d, e, a]);
    expect(new Set(positions.map((p) => p.position)).size).toBe(4);
    expect(await getCollection(col.id)).toEqual(body);
    const overview = await patch(owner, col.id, { overview: "다시 설명" });
    expect(overview.json().overview).toBe("다시 설명");
    expect(overview.json().title).toBe("새 제목");
  });

  it("enforces 1000 movies per collection with 409 COLLECTION_FULL", async () => {
    const many = await createManyMovies(ctx, 1002);
    const col = await createCollection(ctx, owner, { movieIds: many.slice(0, 999) });
    const toThousand = await patch(owner, col.id, { add_movie_ids: [many[999]] });
    expect(toThousand.statusCode).toBe(200);
    expect(toThousand.json().movie_count).toBe(1000);
    expect(toThousand.json().movies).toHaveLength(1000);
    const full = await patch(owner, col.id, { add_movie_ids: [many[1000]] });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe("COLLECTION_FULL");
    const swapTwo = await patch(owner, col.id, {
      add_movie_ids: [many[1000], many[1001]],
      delete_movie_ids: [many[0]],
    });
    expect(swapTwo.json().code).toBe("COLLECTION_FULL");
    const swapOne = await patch(owner, col.id, { add_movie_ids: [many[1000]], delete_movie_ids: [many[0]] });
    expect(swapOne.statusCode).toBe(200);
    expect(swapOne.json().movie_count).toBe(1000);
    expect(swapOne.json().movies.at(-1).id).toBe(many[1000]);
    expect(await counterMismatches(ctx)).toEqual([]);
  });
});

describe("DELETE /api/collections/{id}", () => {
  it("answers 401, 404, 403, then 204 and cascades comments, their likes, likes and movie links", async () => {
    const col = await createCollection(ctx, owner, { movieIds: movies.slice(0, 3) });
    const third = await createMember(ctx);
    const comment = await as(other)({
      method: "POST",
      url: `/api/collection_comments/${col.id}`,
      payload: { content: "멋진 컬렉션" },
    });
    const commentId: number = comment.json().id;
    await as(third)({ method: "PATCH", url: `/api/collection_comments/like/${commentId}` });
    await as(other)({ method: "PATCH", url: `/api/collections/like/${col.id}` });
    await as(third)({ method: "PATCH", url: `/api/collections/like/${col.id}` });
    const likedBefore = (await me(third)).liked_collections_count;
    const ownedBefore = (await me(owner)).collection_count;

    expect((await as(null)({ method: "DELETE", url: `/api/collections/${col.id}` })).statusCode).toBe(401);
    const missing = await as(owner)({ method: "DELETE", url: "/api/collections/999999" });
    expect(missing.json().code).toBe("COLLECTION_NOT_FOUND");
    const foreign = await as(other)({ method: "DELETE", url: `/api/collections/${col.id}` });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe("NOT_OWNER");

    const res = await as(owner)({
      method: "DELETE",
      url: `/api/collections/${col.id}`,
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await as(null)({ method: "GET", url: `/api/collections/${col.id}` })).statusCode).toBe(404);
    const left = await Promise.all([
      ctx.db.selectFrom("collection_movies").select("movie_id").where("collection_id", "=", col.id).execute(),
      ctx.db.selectFrom("collection_comments").select("id").where("collection_id", "=", col.id).execute(),
      ctx.db.selectFrom("collection_comment_likes").select("id").where("target_id", "=", commentId).execute(),
      ctx.db.selectFrom("collection_likes").select("id").where("target_id", "=", col.id).execute(),
    ]);
    expect(left.map((rows) => rows.length)).toEqual([0, 0, 0, 0]);
    expect((await me(third)).liked_collections_count).toBe(likedBefore - 1);
    expect((await me(owner)).collection_count).toBe(ownedBefore - 1);
    const again = await as(owner)({ method: "DELETE", url: `/api/collections/${col.id}` });
    expect(again.statusCode).toBe(404);
    expect(await counterMismatches(ctx)).toEqual([]);
  });
});

describe("GET /api/collections/list/{user_id}", () => {
  it("lists a member's collections oldest first, windowed, all movies each (revision 2)", async () => {
    const author = await createMember(ctx);
    const first = await createCollection(ctx, author, { title: "첫째", movieIds: movies.slice(0, 16) });
    const second = await createCollection(ctx, author, { title: "둘째", movieIds: [movies[3]!] });
    const third = await createCollection(ctx, author, { title: "셋째" });
    await as(other)({ method: "PATCH", url: `/api/collections/like/${second.id}` });

    const res = await as(other)({ method: "GET", url: `/api/collections/list/${author.id}` });
    expect(res.statusCode).toBe(200);
    const list: Collection[] = res.json();
    expect(list.map((c) => c.id)).toEqual([first.id, second.id, third.id]);
    expect(list[0]!.movies.map((m) => m.id)).toEqual(movies.slice(0, 16));
    expect(list[0]!.movie_count).toBe(16);
    expect(list[0]).toEqual(first);
    expect(list.map((c) => c.like)).toEqual([false, true, false]);
    const anonymous: Collection[] = (
      await as(null)({ method: "GET", url: `/api/collections/list/${author.id}` })
    ).json();
    expect(anonymous.map((c) => c.like)).toEqual([false, false, false]);

    const page = await as(null)({ method: "GET", url: `/api/collections/list/${author.id}?begin=1&end=2` });
    expect(page.json().map((c: Collection) => c.id)).toEqual([second.id]);
    const tail = await as(null)({ method: "GET", url: `/api/collections/list/${author.id}?begin=2&end=50` });
    expect(tail.json().map((c: Collection) => c.id)).toEqual([third.id]);
    const past = await as(null)({ method: "GET", url: `/api/collections/list/${author.id}?begin=3` });
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
    const bad = await as(null)({ method: "GET", url: `/api/collections/list/${author.id}?begin=-1` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: expect.stringContaining("'begin'"), code: "INVALID_RANGE" });
    const reversed = await as(null)({ method: "GET", url: `/api/collections/list/${author.id}?begin=2&end=1` });
    expect(reversed.json().code).toBe("INVALID_RANGE");
  });

  it("embeds only the first movies_limit movies (0–1000); movie_count stays the total; other values → 400", async () => {
    const author = await createMember(ctx);
    const big = await createCollection(ctx, author, { movieIds: movies.slice(0, 16) });
    const small = await createCollection(ctx, author, { movieIds: movies.slice(2, 4) });
    const url = `/api/collections/list/${author.id}`;
    const embedded = async (query: string) =>
      ((await as(null)({ method: "GET", url: `${url}?${query}` })).json() as Collection[]).map((c) => [
        c.movies.map((m) => m.id),
        c.movie_count,
      ]);
    expect(await embedded("movies_limit=4")).toEqual([
      [movies.slice(0, 4), 16],
      [movies.slice(2, 4), 2],
    ]);
    expect(await embedded("movies_limit=0")).toEqual([
      [[], 16],
      [[], 2],
    ]);
    expect(await embedded("movies_limit=1000&begin=0&end=1")).toEqual([[movies.slice(0, 16), 16]]);
    expect(await embedded("begin=1&movies_limit=16")).toEqual([[movies.slice(2, 4), 2]]);
    // The collection's own GET always holds every movie.
    expect((await as(null)({ method: "GET", url: `/api/collections/${big.id}?movies_limit=1` })).json()).toEqual({
      ...big,
      like: false,
    });
    for (const bad of ["-1", "1001", "abc", "1.5", "", "4%20", "99999"]) {
      const res = await as(null)({ method: "GET", url: `${url}?movies_limit=${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ code: "INVALID_FIELD", detail: expect.stringContaining("'movies_limit'") });
    }
    // The window's parameters are checked first (API.md §2.2: query parameters in documented order).
    expect((await as(null)({ method: "GET", url: `${url}?begin=-1&movies_limit=x` })).json().code).toBe(
      "INVALID_RANGE",
    );
    expect(small.movie_count).toBe(2);
  });

  it("answers [] for a member without collections and 404 for unknown users", async () => {
    const empty = await createMember(ctx);
    expect((await as(null)({ method: "GET", url: `/api/collections/list/${empty.id}` })).json()).toEqual([]);
    for (const id of ["999999", "2147483648"]) {
      const res = await as(null)({ method: "GET", url: `/api/collections/list/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("USER_NOT_FOUND");
    }
    expect((await as(null)({ method: "GET", url: "/api/collections/list/x" })).statusCode).toBe(400);
  });
});

describe("collection likes", () => {
  it("reads and toggles the caller's like, keeping likes_count and liked_collections_count", async () => {
    const col = await createCollection(ctx, owner, { movieIds: movies.slice(0, 14) });
    const url = `/api/collections/like/${col.id}`;
    expect((await as(null)({ method: "GET", url })).statusCode).toBe(401);
    expect((await as(null)({ method: "PATCH", url })).statusCode).toBe(401);
    const missing = await as(other)({ method: "GET", url: "/api/collections/like/999999" });
    expect(missing.json().code).toBe("COLLECTION_NOT_FOUND");
    const missingToggle = await as(other)({ method: "PATCH", url: "/api/collections/like/2147483648" });
    expect(missingToggle.statusCode).toBe(404);
    expect(missingToggle.json().code).toBe("COLLECTION_NOT_FOUND");

    const before = (await me(other)).liked_collections_count;
    const initial = await as(other)({ method: "GET", url });
    expect(initial.statusCode).toBe(200);
    expect(initial.body).toBe("false");
    const on = await as(other)({ method: "PATCH", url, headers: { "content-type": "application/json" } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ ...col, like: true, likes_count: 1 });
    expect((await as(other)({ method: "GET", url })).json()).toBe(true);
    expect((await me(other)).liked_collections_count).toBe(before + 1);
    // Liking your own collection is allowed.
    expect((await as(owner)({ method: "PATCH", url })).json()).toMatchObject({ like: true, likes_count: 2 });
    const off = await as(other)({ method: "PATCH", url });
    expect(off.json()).toMatchObject({ like: false, likes_count: 1 });
    expect((await me(other)).liked_collections_count).toBe(before);
  });

  it("stays consistent under concurrent toggles", async () => {
    const col = await createCollection(ctx, owner, { movieIds: [movies[0]!] });
    const url = `/api/collections/like/${col.id}`;
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(ctx)));
    const results = await Promise.all(members.map((m) => as(m)({ method: "PATCH", url })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect((await getCollection(col.id)).likes_count).toBe(6);
    // One member toggling five times at once ends liked (an odd number of toggles).
    const flips = await Promise.all(Array.from({ length: 5 }, () => as(owner)({ method: "PATCH", url })));
    expect(flips.every((r) => r.statusCode === 200)).toBe(true);
    expect((await as(owner)({ method: "GET", url })).json()).toBe(true);
    expect((await getCollection(col.id)).likes_count).toBe(7);
    expect(await counterMismatches(ctx)).toEqual([]);
  });
});

describe("search index", () => {
  const indexed = async (id: number) => {
    const { rows } = await sql<{ norm: string }>`select norm from search_documents
      where kind = ${kindCode("collection")} and ref_id = ${id}`.execute(ctx.db);
    return rows.map((r) => r.norm);
  };

  it("indexes the title on create, re-indexes it on a rename and drops it on delete", async () => {
    const created = await post(owner, { title: "비 오는 날의 영화" });
    const id: number = created.json().id;
    expect(await indexed(id)).toEqual([normalizeText("비 오는 날의 영화")]);
    await patch(owner, id, { overview: "제목은 그대로" });
    expect(await indexed(id)).toEqual([normalizeText("비 오는 날의 영화")]);
    await patch(owner, id, { title: "눈 오는 날의 영화" });
    expect(await indexed(id)).toEqual([normalizeText("눈 오는 날의 영화")]);
    // A failed edit changes nothing, in the index either.
    expect((await patch(owner, id, { title: "실패", delete_movie_ids: [999999] })).statusCode).toBe(409);
    expect(await indexed(id)).toEqual([normalizeText("눈 오는 날의 영화")]);
    await as(owner)({ method: "DELETE", url: `/api/collections/${id}` });
    expect(await indexed(id)).toEqual([]);
  });
});

describe("races", () => {
  it("concurrent edits adding the same movie: one succeeds, the other is a 409, never a 500", async () => {
    const col = await createCollection(ctx, owner, { movieIds: [movies[0]!] });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => patch(owner, col.id, { add_movie_ids: [movies[1]] })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(ids(await getCollection(col.id))).toEqual([movies[0], movies[1]]);
  });

  it("a delete racing likes, comments and edits leaves no orphans and right counters", async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => createMember(ctx)));
    const col = await createCollection(ctx, owner, { movieIds: movies.slice(0, 3) });
    const url = `/api/collections/like/${col.id}`;
    await Promise.all(members.slice(0, 2).map((m) => as(m)({ method: "PATCH", url })));
    const results = await Promise.all([
      ...members.map((m) => as(m)({ method: "PATCH", url })),
      ...members.map((m) =>
        as(m)({ method: "POST", url: `/api/collection_comments/${col.id}`, payload: { content: "경주" } }),
      ),
      patch(owner, col.id, { add_movie_ids: [movies[5]] }),
      as(owner)({ method: "DELETE", url: `/api/collections/${col.id}` }),
    ]);
    for (const res of results) expect([200, 201, 204, 404]).toContain(res.statusCode);
    expect((await as(null)({ method: "GET", url: `/api/collections/${col.id}` })).statusCode).toBe(404);
    const orphans = await Promise.all([
      ctx.db.selectFrom("collection_likes").select("id").where("target_id", "=", col.id).execute(),
      ctx.db.selectFrom("collection_comments").select("id").where("collection_id", "=", col.id).execute(),
      ctx.db.selectFrom("collection_movies").select("movie_id").where("collection_id", "=", col.id).execute(),
    ]);
    expect(orphans.flat()).toEqual([]);
    expect(await counterMismatches(ctx)).toEqual([]);
  });
});

describe("rate limits", () => {
  it("collection and comment posts share the create bucket; like toggles use the toggle bucket", async () => {
    const limited = await createTestContext({
      env: { RATE_LIMIT_CREATES_PER_MIN: "2", RATE_LIMIT_TOGGLES_PER_MIN: "2" },
    });
    try {
      const member = await createMember(limited);
      const call = injectAs(limited, member);
      const first = await call({ method: "POST", url: "/api/collections", payload: { title: "하나" } });
      expect(first.statusCode).toBe(201);
      const id: number = first.json().id;
      const reply = await call({ method: "POST", url: `/api/collection_comments/${id}`, payload: { content: "둘" } });
      expect(reply.statusCode).toBe(201);
      const third = await call({ method: "POST", url: "/api/collections", payload: { title: "셋" } });
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe("RATE_LIMITED");
      expect(third.headers["retry-after"]).toBeDefined();
      // Edits are not creates.
      expect((await call({ method: "PATCH", url: `/api/collections/${id}`, payload: {} })).statusCode).toBe(200);
      for (const expected of [200, 200, 429]) {
        const res = await call({ method: "PATCH", url: `/api/collections/like/${id}` });
        expect(res.statusCode).toBe(expected);
      }
    } finally {
      await limited.close();
    }
  });
});

describe("counters", () => {
  it("equal a recount after everything above", async () => {
    expect(await counterMismatches(ctx)).toEqual([]);
  });
});
