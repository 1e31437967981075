// Recommendations, predictions and taste match (API.md §4.12, checklist 78–82): cold start before any model, the
// learned model after training in a worker, fold-in of a fresh rating, candidate rules, limits and the errors.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trainRecommender } from "../src/modules/recommend/index.js";
import { STATS_MAX_AGE_SECONDS } from "../src/modules/recommend/movie-stats.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, injectAs, type TestMember } from "./helpers/factories.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const get = (member: TestMember | null, url: string) => injectAs(ctx, member)({ method: "GET", url });
const rate = (member: TestMember, movieId: number, rating: number) =>
  ctx.services.reviews.upsertMine(member.id, movieId, { rating });
/** Other members' writes reach the cached movie totals after the TTL. */
const letStatsExpire = () => ctx.clock.advance(STATS_MAX_AGE_SECONDS + 1);
type Rec = { movie_id: number; expected_rating: number };

describe("cold start (no model yet)", () => {
  // X [5,5,5], V [5,5,5], Z [4.5], Y [4 ×10], W [3,3]: C = 80.5/19 = 4.236842.
  // (v·R + 5·C)/(v+5): X = V = (15 + 21.184)/8 = 4.5230, Z = (4.5 + 21.184)/6 = 4.2807,
  // Y = (40 + 21.184)/15 = 4.0789, W = (6 + 21.184)/7 = 3.8835 → X, V (tie: same count, lower id), Z, Y, W.
  let ids: Record<"x" | "v" | "z" | "y" | "w", number>;
  let raters: TestMember[];

  beforeAll(async () => {
    ids = {
      x: (await createMovie(ctx)).id,
      v: (await createMovie(ctx)).id,
      z: (await createMovie(ctx)).id,
      y: (await createMovie(ctx)).id,
      w: (await createMovie(ctx)).id,
    };
    raters = [];
    for (let i = 0; i < 10; i++) raters.push(await createMember(ctx));
    for (const [i, m] of raters.entries()) {
      await rate(m, ids.y, 4);
      if (i < 3) await rate(m, ids.x, 5);
      if (i < 3) await rate(m, ids.v, 5);
      if (i < 1) await rate(m, ids.z, 4.5);
      if (i < 2) await rate(m, ids.w, 3);
    }
  });

  it("ranks by the weighted average and shows that score as expected_rating (revision 2)", async () => {
    const newcomer = await createMember(ctx);
    for (const mode of ["expect", "difference"]) {
      const res = await get(newcomer, `/api/recommend/${mode}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { movie_id: ids.x, expected_rating: 4.5 },
        { movie_id: ids.v, expected_rating: 4.5 },
        { movie_id: ids.z, expected_rating: 4.3 },
        { movie_id: ids.y, expected_rating: 4.1 },
        { movie_id: ids.w, expected_rating: 3.9 },
      ]);
    }
  });

  it("leaves out movies the caller reviewed and honours limit; predict is null", async () => {
    const [first] = raters as [TestMember];
    const res = await get(first, "/api/recommend/expect?limit=2");
    expect(res.json()).toEqual([]);
    const marker = await createMember(ctx);
    await ctx.services.reviews.upsertMine(marker.id, ids.x, { status: "WatchList" });
    await ctx.services.reviews.upsertMine(marker.id, ids.v, { content: "기대 중" });
    const list = (await get(marker, "/api/recommend/expect?limit=2")).json() as Rec[];
    expect(list.map((r) => r.movie_id)).toEqual([ids.z, ids.y]);
    const prediction = await get(first, `/api/recommend/predict/${ids.z}`);
    expect(prediction.json()).toEqual({ movie_id: ids.z, expected_rating: null });
  });
});

describe("errors", () => {
  it("needs a bearer, a good limit and existing ids", async () => {
    const member = await createMember(ctx);
    for (const url of ["/api/recommend/expect", "/api/recommend/difference", "/api/recommend/predict/1"]) {
      expect((await get(null, url)).json().code).toBe("AUTH_REQUIRED");
    }
    expect((await get(null, `/api/users/taste_match/${member.id}`)).statusCode).toBe(401);
    for (const limit of ["0", "51", "abc", "", "1.5", "-1", "+3", "10&limit=11"]) {
      const res = await get(member, `/api/recommend/expect?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: expect.stringContaining("'limit'"), code: "INVALID_FIELD" });
    }
    expect((await get(member, "/api/recommend/difference?limit=50")).statusCode).toBe(200);
    expect((await get(member, "/api/recommend/predict/9999999")).json().code).toBe("MOVIE_NOT_FOUND");
    expect((await get(member, "/api/recommend/predict/99999999999")).statusCode).toBe(404);
    expect((await get(member, "/api/recommend/predict/x1")).json().code).toBe("INVALID_FIELD");
    expect((await get(member, `/api/users/taste_match/${member.id}`)).json().code).toBe("INVALID_FIELD");
    expect((await get(member, "/api/users/taste_match/9999999")).json().code).toBe("USER_NOT_FOUND");
  });
});

describe("with a trained model", () => {
  // Two taste groups over 24 films: group 0 loves films 0–11 and dislikes 12–23, group 1 the opposite. Each
  // member leaves every third film unrated (with an offset), so the model must generalise.
  const films: number[] = [];
  const groups: TestMember[][] = [[], []];

  beforeAll(async () => {
    for (let i = 0; i < 24; i++) films.push((await createMovie(ctx)).id);
    for (let g = 0; g < 2; g++) {
      for (let i = 0; i < 12; i++) {
        const member = await createMember(ctx);
        groups[g]!.push(member);
        for (let f = 0; f < 24; f++) {
          const loves = f < 12 === (g === 0);
          if ((f + i) % 3 === 0) {
            // Half the members mark a loved film they have not rated 보고싶어요: the model learns marks too.
            if (loves && i % 2 === 0)
              await ctx.services.reviews.upsertMine(member.id, films[f]!, { status: "WatchList" });
            continue;
          }
          await rate(member, films[f]!, loves ? 4.5 + ((f + i) % 2) * 0.5 : 1 + ((f + i) % 3) * 0.5);
        }
      }
    }
    const result = await trainRecommender({ db: ctx.db, clock: ctx.clock });
    expect(result.modelId).not.toBeNull();
    expect(result.marks).toBeGreaterThan(0);
    letStatsExpire();
    // ~450 writes and a training run: minutes on a loaded PostgreSQL machine.
  }, 240_000);

  it("moves predictions with 보고싶어요 marks: toward the marked films' taste, away from the other", async () => {
    const member = await createMember(ctx);
    // Neutral stars: one film of each group at 3.
    await rate(member, films[0]!, 3);
    await rate(member, films[12]!, 3);
    const predict = async (f: number) =>
      ((await get(member, `/api/recommend/predict/${films[f]!}`)).json() as Rec).expected_rating;
    const before = [await predict(6), await predict(18)];
    for (const f of [1, 2, 3, 4]) {
      await injectAs(
        ctx,
        member,
      )({ method: "PUT", url: `/api/reviews/movie/${films[f]!}/mine`, payload: { status: "WatchList" } });
    }
    const after = [await predict(6), await predict(18)];
    expect(after[0]!).toBeGreaterThan(before[0]!);
    expect(after[1]!).toBeLessThan(before[1]!);
    // Marked films are reviewed films: never recommended.
    const list = (await get(member, "/api/recommend/expect?limit=50")).json() as Rec[];
    for (const f of [0, 1, 2, 3, 4, 12]) expect(list.map((r) => r.movie_id)).not.toContain(films[f]!);
  });

  it("never recommends a dismissed film (관심없어요), still predicts it, and takes the dismissal back on undo", async () => {
    const member = await createMember(ctx);
    await rate(member, films[0]!, 5);
    await rate(member, films[12]!, 1);
    const as = injectAs(ctx, member);
    const ids = async (mode: string) =>
      ((await get(member, `/api/recommend/${mode}?limit=50`)).json() as Rec[]).map((r) => r.movie_id);
    expect(await ids("expect")).toContain(films[6]!);
    const before = ((await get(member, `/api/recommend/predict/${films[18]!}`)).json() as Rec).expected_rating;
    for (const f of [6, 18]) {
      expect((await as({ method: "PUT", url: `/api/movies/${films[f]!}/dismissed` })).statusCode).toBe(204);
    }
    for (const mode of ["expect", "difference"]) {
      const listed = await ids(mode);
      expect(listed).not.toContain(films[6]!);
      expect(listed).not.toContain(films[18]!);
    }
    // Predict still answers for a dismissed film; dismissing a film the member would dislike pulls it lower still.
    const after = ((await get(member, `/api/recommend/predict/${films[18]!}`)).json() as Rec).expected_rating;
    expect(after).toBeLessThanOrEqual(before);
    expect((await as({ method: "DELETE", url: `/api/movies/${films[6]!}/dismissed` })).statusCode).toBe(204);
    expect(await ids("expect")).toContain(films[6]!);
  });

  it("treats a hidden (emptied) review row as no signal and no exclusion", async () => {
    const member = await createMember(ctx);
    await rate(member, films[0]!, 5);
    await rate(member, films[12]!, 1);
    const listed = async () =>
      ((await get(member, "/api/recommend/expect?limit=50")).json() as Rec[]).map((r) => r.movie_id);
    const predicted = async () =>
      ((await get(member, `/api/recommend/predict/${films[7]!}`)).json() as Rec).expected_rating;
    const before = await predicted();
    expect(await listed()).toContain(films[7]!);
    // A row as an emptied review leaves it (API.md §4.5: rating 0, status "", content ""), written directly.
    await ctx.db
      .insertInto("reviews")
      .values({
        movie_id: films[7]!,
        user_id: member.id,
        content: "",
        rating: 0,
        status: "",
        spoiler: 0,
        created_at: "2025-01-01T00:00:00",
        updated_at: "2025-01-01T00:00:00",
      })
      .execute();
    await ctx.db
      .updateTable("users")
      .set((eb) => ({ data_version: eb("data_version", "+", 1) }))
      .where("id", "=", member.id)
      .execute();
    expect(await listed()).toContain(films[7]!);
    expect(await predicted()).toBe(before);
    // The same row with a status is a mark: excluded from the lists.
    await injectAs(
      ctx,
      member,
    )({ method: "PUT", url: `/api/reviews/movie/${films[7]!}/mine`, payload: { status: "Watching" } });
    expect(await listed()).not.toContain(films[7]!);
  });

  it("recommends what the caller's group loves, never a reviewed film, at most `limit`", async () => {
    const fan = await createMember(ctx);
    for (const f of [0, 1, 2, 3]) await rate(fan, films[f]!, 5);
    for (const f of [12, 13]) await rate(fan, films[f]!, 1);
    await ctx.services.reviews.upsertMine(fan.id, films[4]!, { status: "Watching" });
    const res = await get(fan, "/api/recommend/expect?limit=5");
    expect(res.statusCode).toBe(200);
    const list = res.json() as Rec[];
    expect(list).toHaveLength(5);
    const reviewed = new Set([0, 1, 2, 3, 12, 13, 4].map((f) => films[f]!));
    for (const r of list) {
      expect(reviewed.has(r.movie_id)).toBe(false);
      expect(films.indexOf(r.movie_id)).toBeGreaterThanOrEqual(5);
      expect(films.indexOf(r.movie_id)).toBeLessThan(12);
      expect(r.expected_rating).toBeGreaterThanOrEqual(0.5);
      expect(r.expected_rating).toBeLessThanOrEqual(5);
      expect(Math.round(r.expected_rating * 10) / 10).toBe(r.expected_rating);
    }
    const ratings = list.map((r) => r.expected_rating);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    expect((await get(fan, "/api/recommend/expect")).json()).toHaveLength(10);
    // Deterministic: the same data gives the same answer.
    expect((await get(fan, "/api/recommend/expect?limit=5")).json()).toEqual(list);
  });

  it("serves a member without ratings the weighted average even with a model, expected_rating = that score", async () => {
    letStatsExpire();
    const newcomer = await createMember(ctx);
    const rows = await ctx.db
      .selectFrom("movies")
      .select(["id", "rating_sum", "ratings_count"])
      .where("ratings_count", ">", 0)
      .execute();
    const total = rows.reduce((sum, r) => sum + r.rating_sum, 0) / 10;
    const c = total / rows.reduce((sum, r) => sum + r.ratings_count, 0);
    const scored = rows
      .map((r) => ({ id: r.id, v: r.ratings_count, score: (r.rating_sum / 10 + 5 * c) / (r.ratings_count + 5) }))
      .sort((a, b) => b.score - a.score || b.v - a.v || a.id - b.id)
      .slice(0, 10)
      .map((r) => ({ movie_id: r.id, expected_rating: Math.round(Math.min(5, Math.max(0.5, r.score)) * 10) / 10 }));
    for (const mode of ["expect", "difference"]) {
      expect((await get(newcomer, `/api/recommend/${mode}`)).json()).toEqual(scored);
    }
    expect((await get(newcomer, `/api/recommend/predict/${films[0]!}`)).json().expected_rating).toBeNull();
  });

  it("orders /difference by prediction minus the movie's average, listing only films the caller would like", async () => {
    const fan = await createMember(ctx);
    for (const f of [0, 5]) await rate(fan, films[f]!, 5);
    await rate(fan, films[20]!, 0.5);
    const list = (await get(fan, "/api/recommend/difference?limit=50")).json() as Rec[];
    // Until #20 every candidate was listed (24 − 3 rated + 5 cold-start films), group 1's films at ★1–2 included.
    // Now only films predicted at ≥ 3.5 or above the fan's own mean (3.5 here) are: group 0's unrated films.
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThan(24 - 3 + 5);
    const listed = new Set(list.map((r) => r.movie_id));
    for (const r of list) expect(r.expected_rating).toBeGreaterThanOrEqual(3.5);
    for (let f = 0; f < 24; f++) {
      if ([0, 5, 20].includes(f) || listed.has(films[f]!)) continue;
      const left = (await get(fan, `/api/recommend/predict/${films[f]!}`)).json() as Rec;
      expect(left.expected_rating).toBeLessThanOrEqual(3.5);
    }
    const averages = new Map<number, number>();
    for (const r of list) {
      const movie = (await get(null, `/api/movies/${r.movie_id}`)).json() as { average_rating: number };
      averages.set(r.movie_id, movie.average_rating);
    }
    const gaps = list.map((r) => r.expected_rating - averages.get(r.movie_id)!);
    // Rounded to one decimal on the wire, so allow one rounding step between neighbours.
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]!).toBeLessThanOrEqual(gaps[i - 1]! + 0.1 + 1e-9);
  });

  it("folds in a fresh rating at once (no retraining)", async () => {
    const member = await createMember(ctx);
    await rate(member, films[0]!, 4);
    const target = `/api/recommend/predict/${films[6]!}`;
    const before = (await get(member, target)).json();
    expect(before).toEqual({ movie_id: films[6], expected_rating: expect.any(Number) });
    // One more rating, loving another group-0 film, raises the prediction for a third one.
    await injectAs(ctx, member)({ method: "PUT", url: `/api/reviews/movie/${films[1]!}/mine`, payload: { rating: 5 } });
    await rate(member, films[14]!, 0.5);
    const after = (await get(member, target)).json();

    expect(after.expected_rating).toBeGreaterThan(before.expected_rating);
    // Predictions are given for reviewed films too.
    expect((await get(member, `/api/recommend/predict/${films[1]!}`)).json().expected_rating).toBeGreaterThan(3);
  });

  it("answers repeated reads from the member cache and changes them at once after each write", async () => {
    const member = await createMember(ctx);
    const as = injectAs(ctx, member);
    await rate(member, films[0]!, 5);
    await rate(member, films[12]!, 1);
    const url = "/api/recommend/expect?limit=50";
    const first = (await get(member, url)).json() as Rec[];
    expect((await get(member, url)).json()).toEqual(first);
    const predictUrl = `/api/recommend/predict/${films[7]!}`;
    const predicted = (await get(member, predictUrl)).json().expected_rating as number;
    expect((await get(member, predictUrl)).json().expected_rating).toBe(predicted);

    // A rating of the top film: it leaves the list and, being low, lowers the member's other predictions.
    const top = first[0]!.movie_id;
    expect(films.indexOf(top)).toBeLessThan(12);
    await as({ method: "PUT", url: `/api/reviews/movie/${top}/mine`, payload: { rating: 0.5 } });
    const rated = (await get(member, url)).json() as Rec[];
    expect(rated.map((r) => r.movie_id)).not.toContain(top);
    expect((await get(member, predictUrl)).json().expected_rating).toBeLessThan(predicted);

    // A review without a rating still takes a film out of the candidates; deleting it brings the film back.
    const next = rated[0]!.movie_id;
    await as({ method: "PUT", url: `/api/reviews/movie/${next}/mine`, payload: { status: "WatchList" } });
    expect(((await get(member, url)).json() as Rec[]).map((r) => r.movie_id)).not.toContain(next);
    const mine = await as({ method: "GET", url: `/api/reviews/movie/${next}/mine` });
    expect((await as({ method: "DELETE", url: `/api/reviews/${mine.json().id}` })).statusCode).toBe(204);
    expect((await get(member, url)).json()).toEqual(rated);

    // Deleting the low rating restores the first answer exactly.
    const low = await as({ method: "GET", url: `/api/reviews/movie/${top}/mine` });
    expect((await as({ method: "DELETE", url: `/api/reviews/${low.json().id}` })).statusCode).toBe(204);
    expect((await get(member, url)).json()).toEqual(first);
    expect((await get(member, predictUrl)).json().expected_rating).toBe(predicted);
  });

  it("matches tastes: alike members high, opposite ones low, too few co-ratings null", async () => {
    const [a, b] = groups[0] as [TestMember, TestMember];
    const [c] = groups[1] as [TestMember];
    const alike = (await get(a, `/api/users/taste_match/${b.id}`)).json();
    const opposite = (await get(a, `/api/users/taste_match/${c.id}`)).json();
    expect(alike.co_rated).toBeGreaterThanOrEqual(3);
    expect(alike.match).toBeGreaterThan(60);
    expect(opposite.match).toBeLessThan(40);
    expect(opposite).toEqual({ user_id: c.id, match: expect.any(Number), co_rated: expect.any(Number) });
    const stranger = await createMember(ctx);
    await rate(stranger, films[0]!, 5);
    await rate(stranger, films[1]!, 4);
    expect((await get(a, `/api/users/taste_match/${stranger.id}`)).json()).toEqual({
      user_id: stranger.id,
      match: null,
      co_rated: expect.any(Number),
    });
  });

  it("computes the taste match formula", async () => {
    // P: a 5, b 4, c 3, d 1 (mean 3.25); Q: a 4, b 4, c 2, e 5 (mean 3.75); co-rated a, b, c (n = 3).
    // Centred P: 1.75, 0.75, −0.25; Q: 0.25, 0.25, −1.75 → Σab = 1.0625, Σa² + Σb² = 6.875,
    // agreement = 2.125 / 6.875 = 0.30909, shrunk × 3/8 = 0.11591 → round(50 + 5.795) = 56.
    const [p, q] = [await createMember(ctx), await createMember(ctx)];
    const m = [];
    for (let i = 0; i < 5; i++) m.push((await createMovie(ctx)).id);
    for (const [i, r] of [5, 4, 3, 1].entries()) await rate(p, m[i]!, r);
    for (const [i, r] of [4, 4, 2].entries()) await rate(q, m[i]!, r);
    await rate(q, m[4]!, 5);
    await ctx.services.reviews.upsertMine(q.id, m[3]!, { status: "WatchList" }); // unrated: not co-rated
    expect((await get(p, `/api/users/taste_match/${q.id}`)).json()).toEqual({ user_id: q.id, match: 56, co_rated: 3 });
    expect((await get(q, `/api/users/taste_match/${p.id}`)).json()).toEqual({ user_id: p.id, match: 56, co_rated: 3 });
  });
});
