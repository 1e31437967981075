// GET /api/search: parameter errors, expand, odd input, the write paths that keep the index, and agreement with a
// plain in-memory evaluation of API.md §4.10 over every row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCacheStats } from "../src/cache/index.js";
import { rebuildSearchIndex } from "../src/modules/search/index.js";
import { bestTier, matchText, parseQuery } from "../src/modules/search/matcher.js";
import { choseongKey, normalizeText } from "../src/modules/search/normalize.js";
import { JSON_HEADERS } from "./helpers/auth.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import {
  createCollection,
  createMember,
  createMovie,
  createPerson,
  injectAs,
  type TestMember,
} from "./helpers/factories.js";
import { insertRelation } from "./helpers/review-checks.js";

let ctx: TestContext;
let fan: TestMember;
let other: TestMember;
const ids: Record<string, number> = {};

const TITLES = ["기생충", "괴물", "살인의 추억", "올드보이", "아가씨", "헤어질 결심", "박쥐", "마더", "곡성", "추격자"];
const ORIGINALS = ["Parasite", "The Host", "Memories of Murder", "Oldboy", "The Handmaiden", "Decision to Leave"];

function get(url: string, as: TestMember | null = null) {
  return injectAs(ctx, as)({ method: "GET", url });
}

beforeAll(async () => {
  ctx = await createTestContext();
  fan = await createMember(ctx, { username: "cinema_fan" });
  other = await createMember(ctx, { username: "cinema_critic" });
  for (const [i, title] of TITLES.entries()) {
    const { id } = await createMovie(ctx, {
      title,
      originalTitle: ORIGINALS[i] ?? "",
      genres: [i % 2 ? "드라마" : "스릴러"],
    });
    await ctx.db
      .updateTable("movies")
      .set({ ratings_count: (i * 37) % 11, reviews_count: (i * 13) % 5 })
      .where("id", "=", id)
      .execute();
    ids[title] = id;
  }
  ids.bong = (await createPerson(ctx, "봉준호", [{ movieId: ids["기생충"]!, kind: "감독" }])).id;
  ids.park = (await createPerson(ctx, "박찬욱", [{ movieId: ids["올드보이"]!, kind: "감독" }])).id;
  ids.col = (await createCollection(ctx, fan, { title: "봉준호 영화", movieIds: [ids["기생충"]!, ids["괴물"]!] })).id;
  await insertRelation(ctx, "follows", fan.id, other.id);
  await rebuildSearchIndex(ctx.db);
});
afterAll(async () => ctx?.close());

describe("parameters", () => {
  it("answers 400 with the right code for a missing, blank, over-long or bad query", async () => {
    const cases: Array<[string, string]> = [
      ["/api/search", "MISSING_FIELD"],
      ["/api/search?search_q=", "EMPTY_QUERY"],
      ["/api/search?search_q=%20%09%0A%E3%80%80", "EMPTY_QUERY"],
      [`/api/search?search_q=${"가".repeat(101)}`, "TEXT_TOO_LONG"],
      [`/api/search?search_q=${encodeURIComponent("😀".repeat(101))}`, "TEXT_TOO_LONG"],
      [`/api/search?search_q=${"a".repeat(2000)}`, "TEXT_TOO_LONG"],
      ["/api/search?search_q=abc&expand=yes", "INVALID_FIELD"],
      ["/api/search?search_q=abc&expand=TRUE", "INVALID_FIELD"],
      ["/api/search?search_q=abc&begin=-1", "INVALID_RANGE"],
      ["/api/search?search_q=abc&begin=5&end=2", "INVALID_RANGE"],
    ];
    for (const [url, code] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ detail: expect.stringContaining("'"), code });
    }
  });

  it("accepts 100 characters after trimming, counted in code points", async () => {
    for (const q of [` ${"가".repeat(100)} `, "😀".repeat(100), "expand"]) {
      const res = await get(`/api/search?search_q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
    }
    const res = await get("/api/search?search_q=abc&expand=false");
    expect(Object.keys(res.json()).sort()).toEqual([
      "collection_list",
      "movie_dict_by_genre",
      "movie_list",
      "participant_list",
      "user_list",
    ]);
  });

  it("never fails on odd unicode, control characters or query syntax", async () => {
    const queries = [
      "😀",
      "🎬기생충",
      "e\u0301\u0301",
      "\u0301",
      "\u0000",
      "기생\u0000",
      "\u0001\u0002\u007f",
      "a\u200bb",
      "مرحبا",
      "'; drop table movies; --",
      '기생"충',
      "%_\\",
      "NEAR(a b) OR c*",
      "ㄱ".repeat(100),
      "\ufffd",
    ];
    for (const q of queries) {
      const res = await get(`/api/search?search_q=${encodeURIComponent(q)}&expand=true`);
      expect(res.statusCode, JSON.stringify(q)).toBe(200);
    }
    for (const raw of ["%ED%A0%80", "%ZZ", "%", "%C0%80", "%F4%90%80%80"]) {
      const res = await get(`/api/search?search_q=x${raw}`);
      expect(res.statusCode, raw).toBeLessThan(500);
    }
  });

  it("matches a query holding U+0000 with the typo tier only", async () => {
    const body = (await get(`/api/search?search_q=${encodeURIComponent("기생\u0000")}`)).json();
    expect(body.movie_list).toEqual([ids["기생충"]]);
  });
});

describe("expand", () => {
  it("adds the full objects of the windowed lists, personalised", async () => {
    await injectAs(ctx, other)({ method: "PATCH", url: `/api/participants/like/${ids.bong}`, headers: JSON_HEADERS });
    const res = await get(`/api/search?search_q=${encodeURIComponent("봉준호")}&expand=true`, other);
    const body = res.json();
    expect(body.participant_list).toEqual([ids.bong]);
    expect(body.people).toEqual([
      expect.objectContaining({ id: ids.bong, name: "봉준호", roles: ["감독"], like: true, likes_count: 1 }),
    ]);
    expect(body.collection_list).toEqual([ids.col]);
    expect(body.collections[0]).toMatchObject({ id: ids.col, title: "봉준호 영화", movie_count: 2, like: false });
    expect(body.collections[0].movies.map((movie: { id: number }) => movie.id)).toEqual([ids["기생충"], ids["괴물"]]);
    expect(body.movies).toEqual([]);
    expect(body.users).toEqual([]);
  });

  it("embeds every movie of a collection, or the first movies_limit (revision 2); bad values → 400", async () => {
    const url = `/api/search?search_q=${encodeURIComponent("봉준호")}&expand=true`;
    const movieIds = (body: { collections: Array<{ movies: Array<{ id: number }>; movie_count: number }> }) =>
      body.collections.map((c) => [c.movies.map((m) => m.id), c.movie_count]);
    expect(movieIds((await get(url)).json())).toEqual([[[ids["기생충"], ids["괴물"]], 2]]);
    // Kept answers differ per limit: each is served as asked, anonymous and signed in.
    for (const caller of [undefined, other]) {
      expect(movieIds((await get(`${url}&movies_limit=1`, caller)).json())).toEqual([[[ids["기생충"]], 2]]);
      expect(movieIds((await get(`${url}&movies_limit=0`, caller)).json())).toEqual([[[], 2]]);
      expect(movieIds((await get(url, caller)).json())).toEqual([[[ids["기생충"], ids["괴물"]], 2]]);
    }
    for (const bad of ["-1", "1001", "x", ""]) {
      const res = await get(`${url}&movies_limit=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ code: "INVALID_FIELD", detail: expect.stringContaining("'movies_limit'") });
    }
    expect((await get(`${url}&expand=maybe&movies_limit=x`)).json().detail).toContain("'expand'");
  });

  it("expands movies and users in list order with the caller's relations", async () => {
    const movies = (await get("/api/search?search_q=o&expand=true&end=3")).json();
    expect(movies.movies.map((movie: { id: number }) => movie.id)).toEqual(movies.movie_list);
    expect(movies.movie_list).toHaveLength(3);
    expect(movies.movies[0]).toMatchObject({ genres: expect.any(Array), participants: expect.any(Array) });
    const users = (await get("/api/search?search_q=cinema&expand=true", fan)).json();
    expect(users.users.map((user: { id: number }) => user.id)).toEqual(users.user_list);
    const critic = users.users.find((user: { id: number }) => user.id === other.id);
    expect(critic).toMatchObject({ username: "cinema_critic", is_following: true, is_blocked: false });
    const self = users.users.find((user: { id: number }) => user.id === fan.id);
    expect(self).toMatchObject({ is_following: false, is_blocked: false });
    const anonymous = (await get("/api/search?search_q=cinema&expand=true")).json();
    expect(anonymous.users.every((user: { is_following: boolean }) => !user.is_following)).toBe(true);
  });
});

describe("counters", () => {
  it("shows films' averages and counts as of the last review, the rest of the answer kept through it", async () => {
    const url = `/api/search?search_q=${encodeURIComponent("봉준호")}&expand=true`;
    const region = (name: string) => readCacheStats().find((r) => r.name === name)!;
    const before = (await get(url)).json();
    const film = before.collections[0].movies[0];
    expect(film.id).toBe(ids["기생충"]);
    const critic = await createMember(ctx);
    const put = await injectAs(
      ctx,
      critic,
    )({
      method: "PUT",
      url: `/api/reviews/movie/${film.id}/mine`,
      headers: JSON_HEADERS,
      payload: { rating: 1, content: "다시 보니 아쉬워요" },
    });
    expect(put.statusCode).toBe(201);
    // A first star moves the film's ratings count, by which search ranks: the answer is built again.
    const rated = (await get(url)).json();
    expect(rated.collections[0].movies[0].average_rating).not.toBe(film.average_rating);
    // Another star from the same member moves the average alone: the answer is sent again from its kept cut (on
    // SQLite, whose table versions tell the tables apart; on PostgreSQL any write is a new version).
    const counted = region("search-expanded-counted").misses;
    const restar = await injectAs(
      ctx,
      critic,
    )({
      method: "PUT",
      url: `/api/reviews/movie/${film.id}/mine`,
      headers: JSON_HEADERS,
      payload: { rating: 5 },
    });
    expect(restar.statusCode).toBe(200);
    const after = (await get(url)).json();
    if (ctx.database.dialect === "sqlite") expect(region("search-expanded-counted").misses).toBe(counted);
    const [row] = await ctx.db
      .selectFrom("movies")
      .select(["rating_sum", "ratings_count"])
      .where("id", "=", film.id)
      .execute();
    expect(after.collections[0].movies[0].average_rating).toBe(Math.round(row!.rating_sum / row!.ratings_count) / 10);
    expect(after.collections[0].movies[0].average_rating).not.toBe(rated.collections[0].movies[0].average_rating);
    expect({ ...after, collections: [] }).toEqual({ ...before, collections: [] });
    // A search for the film itself shows its counts, and a new title is seen at once (the catalog version).
    const titled = `/api/search?search_q=${encodeURIComponent("기생충")}&expand=true`;
    const shown = (await get(titled)).json().movies.find((m: { id: number }) => m.id === film.id);
    expect(shown).toMatchObject({
      ratings_count: row!.ratings_count,
      average_rating: after.collections[0].movies[0].average_rating,
    });
    const reviews = shown.reviews_count;
    await injectAs(
      ctx,
      critic,
    )({
      method: "PUT",
      url: `/api/reviews/movie/${film.id}/mine`,
      headers: JSON_HEADERS,
      payload: { content: "" },
    });
    expect((await get(titled)).json().movies.find((m: { id: number }) => m.id === film.id).reviews_count).toBe(
      reviews - 1,
    );
    await ctx.db.updateTable("movies").set({ title: "기생충 (흑백판)" }).where("id", "=", film.id).execute();
    expect((await get(titled)).json().movies.find((m: { id: number }) => m.id === film.id).title).toBe(
      "기생충 (흑백판)",
    );
    await ctx.db.updateTable("movies").set({ title: "기생충" }).where("id", "=", film.id).execute();
  });
});

describe("write paths", () => {
  it("indexes a member at signup and again after a username change", async () => {
    const signup = await ctx.app.inject({
      method: "POST",
      url: "/api/users/signup",
      headers: JSON_HEADERS,
      payload: { username: "Parasite_Lover", login_id: "parasite_lover", login_password: "abcd1234!" },
    });
    expect(signup.statusCode).toBe(201);
    const id = signup.json().id;
    expect((await get("/api/search?search_q=parasite_lover")).json().user_list).toEqual([id]);
    const signin = await ctx.app.inject({
      method: "POST",
      url: "/api/users/signin",
      headers: JSON_HEADERS,
      payload: { login_id: "parasite_lover", login_password: "abcd1234!" },
    });
    const token = signin.json().access_token;
    const patch = await injectAs(ctx, { accessToken: token })({
      method: "PATCH",
      url: "/api/users/me",
      headers: JSON_HEADERS,
      payload: { username: "oldboy_lover" },
    });
    expect(patch.statusCode).toBe(200);
    expect((await get("/api/search?search_q=parasite_lover")).json().user_list).toEqual([]);
    expect((await get("/api/search?search_q=ㅇㄷㅂㅇ")).json().movie_list).toEqual([ids["올드보이"]]);
    expect((await get("/api/search?search_q=oldboy")).json().user_list).toEqual([id]);
  });
});

describe("collection write paths", () => {
  it("finds a collection as soon as it is created, under its new title, and not after deletion", async () => {
    const created = await ctx.services.collections.create(fan.id, {
      title: "주말 밤 스릴러",
      overview: null,
      movie_ids: [],
    });
    const find = async (q: string) =>
      (await get(`/api/search?search_q=${encodeURIComponent(q)}`)).json().collection_list as number[];
    expect(await find("주말 밤")).toEqual([created.id]);
    await ctx.services.collections.patch(created.id, fan.id, { title: "새벽 공포 특집", overview: undefined });
    expect(await find("주말 밤")).toEqual([]);
    expect(await find("ㅅㅂㄱㅍ")).toEqual([created.id]);
    await ctx.services.collections.remove(created.id, fan.id);
    expect(await find("새벽 공포")).toEqual([]);
    expect(
      await ctx.db
        .selectFrom("search_documents")
        .select("id")
        .where("ref_id", "=", created.id)
        .where("kind", "=", 3)
        .execute(),
    ).toEqual([]);
  });
});

describe("agreement with the definition", () => {
  it("returns, for many queries, exactly the in-memory ranking of every row", async () => {
    const movies = await ctx.db.selectFrom("movies").selectAll().execute();
    const people = await ctx.db.selectFrom("people").selectAll().execute();
    const text = (value: string) => {
      const norm = normalizeText(value);
      return matchText(norm, choseongKey(Array.from(norm)));
    };
    const rank = <T extends { id: number }>(
      rows: T[],
      texts: (row: T) => string[],
      keys: (row: T) => number[],
      q: string,
    ) => {
      const query = parseQuery(q);
      return rows
        .map((row) => ({ row, tier: bestTier(query, texts(row).map(text)) }))
        .filter((x) => x.tier !== null)
        .sort((a, b) => a.tier! - b.tier! || compareKeys(keys(a.row), keys(b.row)))
        .map((x) => x.row.id);
    };
    const queries = new Set<string>([
      "o",
      "the",
      "of",
      "ㅂ",
      "ㄱㅅ",
      "추억",
      "살인의추얶",
      "헤어질결심",
      "Memories of Muder",
    ]);
    for (const title of [...TITLES, ...ORIGINALS]) {
      const chars = Array.from(normalizeText(title));
      queries.add(chars.slice(1, 3).join(""));
      queries.add(choseongKey(chars.slice(0, 3)));
      queries.add(chars.map((ch, i) => (i === 1 ? "X" : ch)).join(""));
    }
    // Long queries allow two typos: insertions and deletions shift the pieces the typo lookup looks for.
    for (const title of ORIGINALS) {
      const c = Array.from(normalizeText(title));
      if (c.length < 12) continue;
      const mid = Math.floor(c.length / 2);
      for (const edited of [
        [...c.slice(0, mid), "x", "y", ...c.slice(mid)],
        [...c.slice(0, mid - 1), ...c.slice(mid + 1)],
        [...c.slice(0, 2), ...c.slice(3, c.length - 3), ...c.slice(c.length - 2)],
        ["q", ...c.slice(0, 4), "w", ...c.slice(4)],
        [...c.slice(0, c.length - 4), "z", "z", ...c.slice(c.length - 4)],
        [...c.slice(1, c.length - 1)],
        [...c.slice(0, 3), "k", ...c.slice(5)],
      ]) {
        queries.add(edited.join(""));
      }
    }
    for (const q of queries) {
      const body = (await get(`/api/search?search_q=${encodeURIComponent(q)}`)).json();
      const expectedMovies = rank(
        movies,
        (r) => [r.title, r.original_title],
        (r) => [-r.ratings_count, -r.reviews_count, r.id],
        q,
      );
      expect(body.movie_list, q).toEqual(expectedMovies);
      const expectedPeople = rank(
        people,
        (r) => [r.name],
        (r) => [-r.credits_count, -r.likes_count, r.id],
        q,
      );
      expect(body.participant_list, q).toEqual(expectedPeople);
    }
  });
});

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
