// GET /api/movies (catalogue window, charts, ids batch) and GET /api/movies/{id} over the seeded catalog.
import fs from "node:fs";
import path from "node:path";
import type { Movie } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../src/config.js";
import { seedCatalog } from "../src/db/seed/index.js";
import { loadMovies } from "../src/modules/movies/index.js";
import { createTestContext, type TestContext } from "./helpers/context.js";

let ctx: TestContext;
const charts = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "data/charts.json"), "utf8")) as Record<
  string,
  string[]
>;
const ART = /^\/media\/(poster|backdrop|person)\/[0-9]+\.svg\?v=[0-9a-f]{8}$/;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCatalog(ctx.db, ctx.clock.now());
});
afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ method: "GET", url });
async function idOf(key: string): Promise<number> {
  const row = await ctx.db.selectFrom("movies").select("id").where("key", "=", key).executeTakeFirstOrThrow();
  return row.id;
}

function expectMovieShape(movie: Movie) {
  expect(Object.keys(movie).sort()).toEqual(
    [
      "id",
      "title",
      "original_title",
      "year",
      "genres",
      "countries",
      "running_time",
      "grade",
      "synopsis",
      "poster_url",
      "backdrop_url",
      "average_rating",
      "ratings_count",
      "reviews_count",
      "participants",
      "tmdb_id",
      "imdb_id",
      "kobis_code",
      "watch_providers",
    ].sort(),
  );
  expect(typeof movie.id).toBe("number");
  expect(typeof movie.year).toBe("number");
  expect(typeof movie.ratings_count).toBe("number");
  expect(typeof movie.reviews_count).toBe("number");
  expect(movie.genres.every((g) => typeof g === "string")).toBe(true);
  expect(movie.countries.every((c) => typeof c === "string")).toBe(true);
  expect(movie.poster_url).toMatch(ART);
  expect(movie.backdrop_url).toMatch(ART);
  for (const credit of movie.participants) {
    expect(typeof credit.id).toBe("number");
    expect(credit.profile_url).toMatch(ART);
  }
}

describe("GET /api/movies/{id}", () => {
  it("returns the full movie with credits in billing order", async () => {
    const id = await idOf("parasite-2019");
    const res = await get(`/api/movies/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const movie = res.json() as Movie;
    expectMovieShape(movie);
    expect(movie).toMatchObject({
      id,
      title: "기생충",
      original_title: "기생충",
      year: 2019,
      genres: ["드라마", "스릴러"],
      countries: ["한국"],
      running_time: 132,
      grade: "15세 이상 관람가",
      average_rating: null,
      ratings_count: 0,
      reviews_count: 0,
    });
    expect(movie.poster_url.startsWith(`/media/poster/${id}.svg?v=`)).toBe(true);
    expect(movie.participants.map((p) => [p.name, p.role])).toEqual([
      ["봉준호", "감독"],
      ["송강호", "주연 | 기택"],
      ["이선균", "주연 | 동익"],
      ["조여정", "주연 | 연교"],
      ["최우식", "주연 | 기우"],
      ["박소담", "주연 | 기정"],
      ["이정은", "조연 | 문광"],
      ["장혜진", "조연 | 충숙"],
    ]);
  });

  it("computes average_rating half-up to one decimal from the stored counters", async () => {
    const id = await idOf("oldboy-2003");
    for (const [sum, count, expected] of [
      [75, 2, 3.8],
      [35, 1, 3.5],
      [125, 3, 4.2],
      [35, 2, 1.8],
      [100, 3, 3.3],
      [0, 0, null],
    ] as const) {
      await ctx.db.updateTable("movies").set({ rating_sum: sum, ratings_count: count }).where("id", "=", id).execute();
      const movie = (await get(`/api/movies/${id}`)).json() as Movie;
      expect(movie.average_rating).toBe(expected);
    }
  });

  it("answers 404 MOVIE_NOT_FOUND for unknown ids, including ids above 2^31-1", async () => {
    for (const id of ["999999", "2147483647", "2147483648", "99999999999999999999"]) {
      const res = await get(`/api/movies/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: expect.any(String), code: "MOVIE_NOT_FOUND" });
    }
  });

  it("answers 400 INVALID_FIELD naming the parameter for malformed ids", async () => {
    for (const id of ["abc", "-1", "1.5", "%20"]) {
      const res = await get(`/api/movies/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code).toBe("INVALID_FIELD");
      expect(res.json().detail).toContain("'movie_id'");
    }
  });
});

describe("GET /api/movies (catalogue)", () => {
  it("returns every movie by id ascending, at most 1000", async () => {
    const res = await get("/api/movies");
    expect(res.statusCode).toBe(200);
    const movies = res.json() as Movie[];
    expect(movies).toHaveLength(420);
    expect(movies.map((m) => m.id)).toEqual([...movies.map((m) => m.id)].sort((a, b) => a - b));
    movies.slice(0, 5).forEach(expectMovieShape);
  });

  it("applies begin/end windows", async () => {
    const all = ((await get("/api/movies")).json() as Movie[]).map((m) => m.id);
    expect(((await get("/api/movies?begin=10&end=15")).json() as Movie[]).map((m) => m.id)).toEqual(all.slice(10, 15));
    expect(((await get("/api/movies?begin=415")).json() as Movie[]).map((m) => m.id)).toEqual(all.slice(415));
    expect((await get("/api/movies?begin=500")).json()).toEqual([]);
    expect((await get("/api/movies?begin=3&end=3")).json()).toEqual([]);
    for (const [query, name] of [
      ["begin=-1", "begin"],
      ["begin=x", "begin"],
      ["begin=5&end=2", "end"],
      ["end=2147483648", "end"],
    ]) {
      const res = await get(`/api/movies?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe("INVALID_RANGE");
      expect(res.json().detail).toContain(`'${name}'`);
    }
  });
});

describe("GET /api/movies?chart_type=", () => {
  it.each([
    ["box_office", 30],
    ["watcha_buying", 30],
    ["netflix", 10],
  ] as const)("%s returns exactly its %i movies, worst rank first", async (type, size) => {
    const res = await get(`/api/movies?chart_type=${type}&begin=zz`);
    expect(res.statusCode).toBe(200);
    const movies = res.json() as Movie[];
    expect(movies).toHaveLength(size);
    const ids = await Promise.all(charts[type]!.map(idOf));
    expect(movies.map((m) => m.id)).toEqual(ids.reverse());
    movies.forEach(expectMovieShape);
  });

  it("returns [] for the HOT ranking before any activity, and rejects unknown chart types", async () => {
    expect((await get("/api/movies?chart_type=watcha10")).json()).toEqual([]);
    for (const bad of ["top", "BOX_OFFICE", ""]) {
      const res = await get(`/api/movies?chart_type=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ detail: expect.stringContaining("'chart_type'"), code: "INVALID_FIELD" });
    }
  });

  it("answers at most the chart size even when more ranks are stored", async () => {
    const id = await idOf("parasite-2019");
    await ctx.db
      .insertInto("chart_entries")
      .values({ chart_type: "netflix", rank: 11, movie_id: id, updated_at: "2025-01-01T00:00:00" })
      .execute();
    const movies = (await get("/api/movies?chart_type=netflix")).json() as Movie[];
    expect(movies).toHaveLength(10);
    expect(movies.map((m) => m.id)).not.toContain(id);
    await ctx.db.deleteFrom("chart_entries").where("chart_type", "=", "netflix").where("rank", "=", 11).execute();
  });
});

describe("GET /api/movies?ids=", () => {
  it("returns the given order, skipping unknown ids and collapsing duplicates", async () => {
    const [a, b, c] = [await idOf("oldboy-2003"), await idOf("parasite-2019"), await idOf("the-host-2006")];
    const res = await get(`/api/movies?ids=${b},999999,${a},${b},2147483648,${c},99999999999&begin=x`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Movie[]).map((m) => m.id)).toEqual([b, a, c]);
  });

  it("accepts 100 ids and rejects 101, empty lists, malformed ids and chart_type", async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1).join(",");
    const ok = await get(`/api/movies?ids=${hundred}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveLength(100);
    for (const query of [
      `ids=${hundred},1`,
      "ids=",
      "ids=1,a",
      "ids=1,,2",
      "ids=1,2,",
      "ids=-1",
      "ids=1.0",
      "ids=1&ids=2",
      "ids=1&chart_type=box_office",
    ]) {
      const res = await get(`/api/movies?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ detail: expect.stringContaining("'ids'"), code: "INVALID_FIELD" });
    }
  });
});

describe("loadMovies", () => {
  it("loads any batch in the given order with three queries (no query per movie)", async () => {
    let queries = 0;
    const counting = ctx.db.withPlugin({
      transformQuery: (args) => args.node,
      // Called once per executed statement (transformQuery also sees a union's inner selects).
      transformResult: async (args) => {
        queries++;
        return args.result;
      },
    });
    const ids = Array.from({ length: 60 }, (_, i) => 60 - i);
    const movies = await loadMovies(counting, [...ids, 60, 999999]);
    expect(movies.map((m) => m.id)).toEqual(ids);
    expect(movies.every((m) => m.participants.length > 0 && m.genres.length > 0 && m.countries.length > 0)).toBe(true);
    expect(queries).toBe(3);
  });

  it("caches genres, countries and credits until the catalog changes, from any writer", async () => {
    let queries = 0;
    const counting = ctx.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries++;
        return args.result;
      },
    });
    const id = await idOf("the-host-2006");
    const first = (await loadMovies(counting, [id]))[0]!;
    queries = 0;
    const again = (await loadMovies(counting, [id]))[0]!;
    expect(queries).toBe(1);
    expect(again).toEqual(first);
    // Counters are never cached.
    await ctx.db.updateTable("movies").set({ rating_sum: 40, ratings_count: 1 }).where("id", "=", id).execute();
    expect((await loadMovies(counting, [id]))[0]!.average_rating).toBe(4);
    // A credit written behind the loader's back (as an import from another process would) is seen at once.
    const person = await ctx.db
      .insertInto("people")
      .values({ key: "cache-probe", name: "캐시 확인", created_at: "2025-01-01T00:00:00" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto("credits")
      .values({ movie_id: id, person_id: person.id, kind: "단역", character: null, position: 99 })
      .execute();
    queries = 0;
    const changed = (await loadMovies(counting, [id]))[0]!;
    expect(queries).toBe(3);
    expect(changed.participants.at(-1)).toMatchObject({ name: "캐시 확인", role: "단역" });
    await ctx.db.updateTable("people").set({ name: "이름 바꿈" }).where("id", "=", person.id).execute();
    expect((await loadMovies(counting, [id]))[0]!.participants.at(-1)!.name).toBe("이름 바꿈");
    await ctx.db.updateTable("people").set({ likes_count: 5 }).where("id", "=", person.id).execute();
    queries = 0;
    await loadMovies(counting, [id]);
    expect(queries).toBe(1);
    await ctx.db.deleteFrom("people").where("id", "=", person.id).execute();
    expect((await loadMovies(counting, [id]))[0]!.participants).toEqual(first.participants);
  });
});
