// /api/participants: person, credit groups, like GET and PATCH toggle.
import type { Me, Person, PersonCredits } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "../src/db/seed/index.js";
import { readCacheStats } from "../src/cache/index.js";
import { createTestContext, dialectUnderTest, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, createPerson, injectAs, type TestMember } from "./helpers/factories.js";

let ctx: TestContext;
let alice: TestMember;
let bob: TestMember;
const ART = /^\/media\/person\/[0-9]+\.svg\?v=[0-9a-f]{8}$/;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCatalog(ctx.db, ctx.clock.now());
  alice = await createMember(ctx);
  bob = await createMember(ctx);
});
afterAll(async () => ctx.close());

const get = (url: string, member: TestMember | null = null) => injectAs(ctx, member)({ method: "GET", url });
const patch = (url: string, member: TestMember | null = null) =>
  injectAs(ctx, member)({ method: "PATCH", url, headers: { "content-type": "application/json" } });

async function personId(key: string): Promise<number> {
  return (await ctx.db.selectFrom("people").select("id").where("key", "=", key).executeTakeFirstOrThrow()).id;
}
async function movieId(key: string): Promise<number> {
  return (await ctx.db.selectFrom("movies").select("id").where("key", "=", key).executeTakeFirstOrThrow()).id;
}

describe("GET /api/participants/{id}", () => {
  it("returns a director, an actor and a director who also acts", async () => {
    for (const [key, name, roles] of [
      ["bong-joon-ho", "봉준호", ["감독"]],
      ["song-kang-ho", "송강호", ["배우"]],
      ["roberto-benigni", "로베르토 베니니", ["감독", "배우"]],
    ] as const) {
      const id = await personId(key);
      const res = await get(`/api/participants/${id}`);
      expect(res.statusCode).toBe(200);
      const person = res.json() as Person;
      expect(person).toEqual({
        id,
        name,
        roles,
        profile_url: expect.stringMatching(ART),
        biography: null,
        likes_count: 0,
        like: false,
        tmdb_id: null,
      });
      expect(person.profile_url.startsWith(`/media/person/${id}.svg`)).toBe(true);
    }
  });

  it("gives crew-only people no roles", async () => {
    const movie = await createMovie(ctx);
    const writer = await createPerson(ctx, "각본가", [{ movieId: movie.id, kind: "각본" }]);
    expect((await get(`/api/participants/${writer.id}`)).json().roles).toEqual([]);
  });

  it("is kept through ratings of their films (SQLite) and shows a new role at once", async () => {
    const [film, other] = [await createMovie(ctx), await createMovie(ctx)];
    const director = await createPerson(ctx, "평점과 무관한 감독", [{ movieId: film.id, kind: "감독" }]);
    const page = await get(`/api/participants/${director.id}`);
    expect(page.json().roles).toEqual(["감독"]);
    const films = `/api/participants/${director.id}/movies`;
    expect(((await get(films)).json() as PersonCredits)[0]!.movies[0]!.average_rating).toBeNull();
    const hits = () => readCacheStats().find((r) => r.name === "people")!.hits;
    const cutHits = () => readCacheStats().find((r) => r.name === "person-movies-counted")!.hits;
    const [before, cutBefore] = [hits(), cutHits()];
    const rated = await injectAs(
      ctx,
      alice,
    )({
      method: "PUT",
      url: `/api/reviews/movie/${film.id}/mine`,
      payload: { rating: 4.5 },
    });
    expect(rated.statusCode).toBe(201);
    expect((await get(`/api/participants/${director.id}`)).body).toBe(page.body);
    expect(hits() - before).toBe(dialectUnderTest === "sqlite" ? 1 : 0);
    // The films window shows the new average, sent again from its kept cut at the averages (SQLite).
    expect(((await get(films)).json() as PersonCredits)[0]!.movies[0]!.average_rating).toBe(4.5);
    expect(cutHits() - cutBefore).toBe(dialectUnderTest === "sqlite" ? 1 : 0);
    await ctx.db
      .insertInto("credits")
      .values({ movie_id: other.id, person_id: director.id, kind: "주연", character: null, position: 0 })
      .execute();
    expect((await get(`/api/participants/${director.id}`)).json().roles).toEqual(["감독", "배우"]);
  });

  it("answers 404 PERSON_NOT_FOUND for unknown ids and 400 for malformed ones", async () => {
    for (const id of ["999999", "2147483648", "12345678901234567890"]) {
      const res = await get(`/api/participants/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: expect.any(String), code: "PERSON_NOT_FOUND" });
    }
    const bad = await get("/api/participants/x1");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("INVALID_FIELD");
  });

  it("serves a bad bearer anonymously with WWW-Authenticate", async () => {
    const id = await personId("bong-joon-ho");
    const res = await ctx.app.inject({
      method: "GET",
      url: `/api/participants/${id}`,
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
    expect(res.json().like).toBe(false);
  });
});

describe("GET /api/participants/{id}/movies", () => {
  const titles = (credits: PersonCredits, group: number) =>
    credits[group]!.movies.map((m) => [m.year, m.title, m.cast]);

  it("groups a director's films under 감독, newest first, with numbers and art", async () => {
    const res = await get(`/api/participants/${await personId("bong-joon-ho")}/movies`);
    expect(res.statusCode).toBe(200);
    const credits = res.json() as PersonCredits;
    expect(credits.map((g) => g.role)).toEqual(["감독", "출연"]);
    expect(titles(credits, 0)).toEqual([
      [2019, "기생충", "감독"],
      [2017, "옥자", "감독"],
      [2013, "설국열차", "감독"],
      [2009, "마더", "감독"],
      [2006, "괴물", "감독"],
      [2003, "살인의 추억", "감독"],
      [2000, "플란다스의 개", "감독"],
    ]);
    expect(credits[1]!.movies).toEqual([]);
    const first = credits[0]!.movies[0]!;
    expect(first).toEqual({
      id: await movieId("parasite-2019"),
      title: "기생충",
      year: 2019,
      cast: "감독",
      average_rating: null,
      poster_url: expect.stringMatching(/^\/media\/poster\/[0-9]+\.svg\?v=[0-9a-f]{8}$/),
    });
  });

  it("puts a director-actor's film in both groups, and orders same-year films by id", async () => {
    const benigni = (await get(`/api/participants/${await personId("roberto-benigni")}/movies`)).json();
    expect(titles(benigni, 0)).toEqual([[1997, "인생은 아름다워", "감독"]]);
    expect(titles(benigni, 1)).toEqual([[1997, "인생은 아름다워", "주연"]]);
    const song = (await get(`/api/participants/${await personId("song-kang-ho")}/movies`)).json() as PersonCredits;
    const years = song[1]!.movies.map((m) => m.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    for (let i = 1; i < song[1]!.movies.length; i++) {
      const [a, b] = [song[1]!.movies[i - 1]!, song[1]!.movies[i]!];
      if (a.year === b.year) expect(a.id).toBeLessThan(b.id);
    }
    expect(song[1]!.movies.length).toBeGreaterThan(15);
    expect(new Set(song[1]!.movies.map((m) => m.cast))).toEqual(new Set(["주연", "조연"]));
  });

  it("lists a film once per group (first credit wins) and leaves crew credits out", async () => {
    const a = await createMovie(ctx, { year: 2001 });
    const b = await createMovie(ctx, { year: 2001 });
    const person = await createPerson(ctx, "여러역할", [
      { movieId: b.id, kind: "주연", character: "갑" },
      { movieId: b.id, kind: "카메오" },
      { movieId: a.id, kind: "특별출연" },
      { movieId: a.id, kind: "각본" },
    ]);
    const credits = (await get(`/api/participants/${person.id}/movies`)).json() as PersonCredits;
    expect(credits[0]!.movies).toEqual([]);
    expect(credits[1]!.movies.map((m) => [m.id, m.cast])).toEqual([
      [a.id, "특별출연"],
      [b.id, "주연"],
    ]);
    expect((await get(`/api/participants/${person.id}`)).json().roles).toEqual(["배우"]);
  });

  it("windows each group separately", async () => {
    const id = await personId("song-kang-ho");
    const full = (await get(`/api/participants/${id}/movies`)).json() as PersonCredits;
    const page = (await get(`/api/participants/${id}/movies?begin=3&end=6`)).json() as PersonCredits;
    expect(page[0]!.movies).toEqual([]);
    expect(page[1]!.movies).toEqual(full[1]!.movies.slice(3, 6));
    const past = (await get(`/api/participants/${id}/movies?begin=500`)).json() as PersonCredits;
    expect(past).toEqual([
      { role: "감독", movies: [] },
      { role: "출연", movies: [] },
    ]);
  });

  it("answers 400 INVALID_RANGE before 404, and 404 PERSON_NOT_FOUND", async () => {
    const bad = await get("/api/participants/999999/movies?begin=-2");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("INVALID_RANGE");
    const missing = await get("/api/participants/2147483648/movies");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("PERSON_NOT_FOUND");
  });
});

describe("participant likes", () => {
  it("requires a bearer for GET and PATCH", async () => {
    const id = await personId("bong-joon-ho");
    for (const res of [await get(`/api/participants/like/${id}`), await patch(`/api/participants/like/${id}`)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("AUTH_REQUIRED");
    }
    const bad = await ctx.app.inject({
      method: "GET",
      url: `/api/participants/like/${id}`,
      headers: { authorization: "Bearer nope" },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe("INVALID_TOKEN");
  });

  it("toggles with likes_count, the caller's like and the member's total", async () => {
    const id = await personId("bong-joon-ho");
    expect((await get(`/api/participants/like/${id}`, alice)).json()).toBe(false);
    const liked = await patch(`/api/participants/like/${id}`, alice);
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toMatchObject({ id, like: true, likes_count: 1, roles: ["감독"] });
    expect((await get(`/api/participants/like/${id}`, alice)).body).toBe("true");
    expect((await get(`/api/participants/${id}`, alice)).json()).toMatchObject({ like: true, likes_count: 1 });
    expect((await get(`/api/participants/${id}`)).json()).toMatchObject({ like: false, likes_count: 1 });

    expect((await patch(`/api/participants/like/${id}`, bob)).json()).toMatchObject({ like: true, likes_count: 2 });
    expect(((await get("/api/users/me", alice)).json() as Me).liked_people_count).toBe(1);
    const unliked = await patch(`/api/participants/like/${id}`, alice);
    expect(unliked.json()).toMatchObject({ like: false, likes_count: 1 });
    expect((await get(`/api/participants/like/${id}`, alice)).body).toBe("false");
    expect(((await get("/api/users/me", alice)).json() as Me).liked_people_count).toBe(0);
    const pairs = await ctx.db.selectFrom("person_likes").select("user_id").where("target_id", "=", id).execute();
    expect(pairs.map((p) => p.user_id)).toEqual([bob.id]);
  });

  it("accepts a bodiless PATCH without Content-Type too", async () => {
    const id = await personId("song-kang-ho");
    const res = await injectAs(ctx, alice)({ method: "PATCH", url: `/api/participants/like/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().like).toBe(true);
  });

  it("answers 404 PERSON_NOT_FOUND and 400 INVALID_FIELD on both like routes", async () => {
    for (const send of [get, patch]) {
      for (const id of ["999999", "2147483648"]) {
        const res = await send(`/api/participants/like/${id}`, alice);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().code).toBe("PERSON_NOT_FOUND");
      }
      const bad = await send("/api/participants/like/abc", alice);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ detail: expect.stringContaining("'id'"), code: "INVALID_FIELD" });
    }
  });
});
