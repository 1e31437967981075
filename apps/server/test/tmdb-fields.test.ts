// Migration 0008's fields on the wire: TMDB/IMDb/KOBIS ids, TMDB image paths turned into URLs at the size each place
// shows (a stored URL still wins), KR watch providers grouped by offer, and the caches seeing every such change.
import { sql } from "kysely";
import type { Movie, Person } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "../src/db/seed/index.js";
import { createTestContext, type TestContext } from "./helpers/context.js";

const IMAGES = "http://127.0.0.1:9/t/p";
let ctx: TestContext;
let movieId: number;
let personId: number;

beforeAll(async () => {
  ctx = await createTestContext({ env: { TMDB_IMAGE_BASE_URL: `${IMAGES}/` } });
  await seedCatalog(ctx.db, ctx.clock.now());
  const movie = await ctx.db.selectFrom("movies").select("id").where("key", "=", "parasite-2019").executeTakeFirst();
  movieId = movie?.id ?? (await ctx.db.selectFrom("movies").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const credit = await ctx.db
    .selectFrom("credits")
    .select("person_id")
    .where("movie_id", "=", movieId)
    .orderBy("position")
    .executeTakeFirstOrThrow();
  personId = credit.person_id;
});
afterAll(async () => ctx.close());

async function getMovie(): Promise<Movie> {
  const res = await ctx.app.inject({ method: "GET", url: `/api/movies/${movieId}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function getPerson(): Promise<Person> {
  const res = await ctx.app.inject({ method: "GET", url: `/api/participants/${personId}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("TMDB fields of movies and people", () => {
  it("are null and empty for a film that is not linked", async () => {
    const movie = await getMovie();
    expect(movie).toMatchObject({ tmdb_id: null, imdb_id: null, kobis_code: null });
    expect(movie.watch_providers).toEqual({ flatrate: [], buy: [], rent: [] });
    expect(movie.poster_url).toMatch(/^\/media\/poster\//);
    expect((await getPerson()).tmdb_id).toBeNull();
  });

  it("show TMDB images at each place's size, with the configured base, and the ids", async () => {
    // Read once so the movie page is cached: the update below must reach it (catalog version, migration 0008).
    await getMovie();
    await ctx.db
      .updateTable("movies")
      .set({
        tmdb_id: 496243,
        imdb_id: "tt6751668",
        kobis_code: "20183782",
        poster_path: "/poster.jpg",
        backdrop_path: "/backdrop.jpg",
      })
      .where("id", "=", movieId)
      .execute();
    await ctx.db
      .updateTable("people")
      .set({ tmdb_id: 21684, profile_path: "/face.jpg" })
      .where("id", "=", personId)
      .execute();
    const movie = await getMovie();
    expect(movie).toMatchObject({
      tmdb_id: 496243,
      imdb_id: "tt6751668",
      kobis_code: "20183782",
      poster_url: `${IMAGES}/w500/poster.jpg`,
      backdrop_url: `${IMAGES}/w1280/backdrop.jpg`,
    });
    expect(movie.participants[0]!.profile_url).toBe(`${IMAGES}/w185/face.jpg`);
    const person = await getPerson();
    expect(person).toMatchObject({ tmdb_id: 21684, profile_url: `${IMAGES}/w185/face.jpg` });
    const filmography = await ctx.app.inject({ method: "GET", url: `/api/participants/${personId}/movies` });
    const posters = filmography.json<Array<{ movies: Array<{ id: number; poster_url: string }> }>>();
    expect(posters.flatMap((g) => g.movies).find((m) => m.id === movieId)?.poster_url).toBe(
      `${IMAGES}/w500/poster.jpg`,
    );
  });

  it("let a stored URL (an operator's import) win over the TMDB path", async () => {
    await ctx.db
      .updateTable("movies")
      .set({ poster_url: "https://images.example.com/p.jpg" })
      .where("id", "=", movieId)
      .execute();
    const movie = await getMovie();
    expect(movie.poster_url).toBe("https://images.example.com/p.jpg");
    expect(movie.backdrop_url).toBe(`${IMAGES}/w1280/backdrop.jpg`);
  });

  it("group KR watch providers by offer in display order, logos at w92", async () => {
    await getMovie();
    await ctx.db
      .insertInto("movie_watch_providers")
      .values([
        { movie_id: movieId, type: "flatrate", provider_id: 8, name: "Netflix", logo_path: "/n.jpg", display_order: 2 },
        { movie_id: movieId, type: "flatrate", provider_id: 97, name: "Watcha", logo_path: "/w.jpg", display_order: 1 },
        {
          movie_id: movieId,
          type: "rent",
          provider_id: 3,
          name: "Google Play Movies",
          logo_path: null,
          display_order: 5,
        },
      ])
      .execute();
    const movie = await getMovie();
    expect(movie.watch_providers).toEqual({
      flatrate: [
        { provider_id: 97, name: "Watcha", logo_url: `${IMAGES}/w92/w.jpg` },
        { provider_id: 8, name: "Netflix", logo_url: `${IMAGES}/w92/n.jpg` },
      ],
      buy: [],
      rent: [{ provider_id: 3, name: "Google Play Movies", logo_url: null }],
    });
    // Search and batch reads go through the same loader.
    const batch = await ctx.app.inject({ method: "GET", url: `/api/movies?ids=${movieId}` });
    expect(batch.json<Movie[]>()[0]!.watch_providers.flatrate).toHaveLength(2);
    await ctx.db.deleteFrom("movie_watch_providers").where("movie_id", "=", movieId).execute();
    expect((await getMovie()).watch_providers.flatrate).toEqual([]);
  });

  it("keep TMDB, IMDb and KOBIS ids unique but allow many films without them", async () => {
    const other = await ctx.db
      .selectFrom("movies")
      .select("id")
      .where("id", "<>", movieId)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    for (const column of ["tmdb_id", "imdb_id", "kobis_code"] as const) {
      const value = column === "tmdb_id" ? 496243 : column === "imdb_id" ? "tt6751668" : "20183782";
      await expect(
        ctx.db
          .updateTable("movies")
          .set({ [column]: value })
          .where("id", "=", other.id)
          .execute(),
      ).rejects.toThrow();
    }
    const { rows } = await sql<{ n: number }>`select count(*) as n from movies where tmdb_id is null`.execute(ctx.db);
    expect(Number(rows[0]!.n)).toBeGreaterThan(100);
  });
});
