// Answers kept cut at their films' counters (modules/movies/counted.ts): the cut, filled with the counters as they are
// in the database, reads exactly as the answer encoded whole; text that looks like a counter is left alone; a schema
// whose counters do not follow the average is refused; a film gone makes the fill give up.
import { CompactMovie, Movie } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { answerJson } from "../src/cache/index.js";
import { countedJson, withCountersNow } from "../src/modules/movies/counted.js";
import { compactMoviesCounted, compactMoviesJson, loadMovies } from "../src/modules/movies/index.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMovie } from "./helpers/factories.js";

let ctx: TestContext;
let films: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  films = [];
  for (let i = 0; i < 3; i++) films.push((await createMovie(ctx, { title: `"average_rating":-${i + 1} 영화` })).id);
  for (const [i, id] of films.entries()) {
    await ctx.db
      .updateTable("movies")
      .set({ rating_sum: 35 * (i + 1), ratings_count: i + 1, reviews_count: i })
      .where("id", "=", id)
      .execute();
  }
});
afterAll(async () => ctx?.close());

const Answer = z.object({
  note: z.string(),
  movies: z.array(Movie),
  cards: z.array(CompactMovie),
  posters: z.array(z.object({ id: z.number(), title: z.string(), average_rating: z.number().nullable() })),
});

describe("countedJson", () => {
  it("fills to exactly the whole answer, counters as they are now, after the films' totals moved", async () => {
    const movies = await loadMovies(ctx.db, films);
    const answer = {
      note: 'a note with "average_rating":-2,"ratings_count":0 in it',
      movies,
      cards: movies.map(({ id, title, year, poster_url, genres }) => ({
        id,
        title,
        year,
        poster_url,
        genres,
        average_rating: 1,
        ratings_count: 1,
      })),
      posters: movies.map(({ id, title }) => ({ id, title, average_rating: 0.5 })),
    };
    const cut = countedJson(Answer, answer);
    expect(cut.films).toEqual([...films, ...films, ...films]);
    expect(cut.shapes).toEqual([2, 2, 2, 1, 1, 1, 0, 0, 0]);
    await ctx.db
      .updateTable("movies")
      .set({ rating_sum: 9, ratings_count: 2, reviews_count: 7 })
      .where("id", "=", films[1]!)
      .execute();
    const now = await loadMovies(ctx.db, films);
    const expected = answerJson(Answer, {
      ...answer,
      movies: now,
      cards: answer.cards.map((c, i) => ({
        ...c,
        average_rating: now[i]!.average_rating,
        ratings_count: now[i]!.ratings_count,
      })),
      posters: answer.posters.map((p, i) => ({ ...p, average_rating: now[i]!.average_rating })),
    });
    expect(await withCountersNow(ctx.db, cut)).toBe(expected);
    expect(JSON.parse(expected).movies[1]).toMatchObject({ average_rating: 0.5, ratings_count: 2, reviews_count: 7 });
    expect(JSON.parse(expected).note).toBe(answer.note);
  });

  it("puts a list of compact cards together from their kept parts as compactMoviesJson does", async () => {
    const ids = [films[2]!, 987654321, films[0]!, films[2]!];
    const cut = await compactMoviesCounted(ctx.db, ids);
    expect(cut.films).toEqual([films[2], films[0]]);
    await ctx.db.updateTable("movies").set({ rating_sum: 47, ratings_count: 5 }).where("id", "=", films[0]!).execute();
    const json = await withCountersNow(ctx.db, cut);
    expect(json).toBe(await compactMoviesJson(ctx.db, ids));
    expect(JSON.parse(json!)[1]).toMatchObject({ id: films[0], average_rating: 0.9, ratings_count: 5 });
    expect(await withCountersNow(ctx.db, await compactMoviesCounted(ctx.db, [987654321]))).toBe("[]");
  });

  it("refuses a schema whose counters do not follow the average", () => {
    const Apart = z.array(
      z.object({ id: z.number(), average_rating: z.number(), title: z.string(), ratings_count: z.number() }),
    );
    expect(() => countedJson(Apart, [{ id: films[0]!, average_rating: 3, title: "x", ratings_count: 1 }])).toThrow(
      /do not follow its average/,
    );
  });

  it("gives up (null) when a film of the answer is gone", async () => {
    const cut = countedJson(z.array(z.object({ id: z.number(), average_rating: z.number().nullable() })), [
      { id: films[0]!, average_rating: null },
      { id: 987654321, average_rating: null },
    ]);
    expect(await withCountersNow(ctx.db, cut)).toBeNull();
    expect(await withCountersNow(ctx.db, countedJson(z.array(z.string()), ["없음"]))).toBe('["없음"]');
  });
});
