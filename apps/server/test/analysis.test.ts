// Taste analysis (API.md §4.11, checklist 74–77): a hand-made member whose numbers are worked out below, the
// unrated-only rule, same-name entities, top 10, deletions, brand-new members, and the 400/404s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ratingTagline, viewingTagline } from "../src/modules/analysis/scores.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, createPerson, injectAs, type TestMember } from "./helpers/factories.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const analysis = (userId: number | string, mode?: string) =>
  ctx.app.inject({
    method: "GET",
    url: `/api/analysis/${userId}${mode === undefined ? "" : `?search_q=${encodeURIComponent(mode)}`}`,
  });

/** Writes through the reviews API (which bumps the member's data_version in the same transaction). */
const put = (member: TestMember, movieId: number, payload: object) =>
  injectAs(ctx, member)({ method: "PUT", url: `/api/reviews/movie/${movieId}/mine`, payload });

const ZERO_DIST = {
  "0.5": 0,
  "1.0": 0,
  "1.5": 0,
  "2.0": 0,
  "2.5": 0,
  "3.0": 0,
  "3.5": 0,
  "4.0": 0,
  "4.5": 0,
  "5.0": 0,
};

describe("GET /api/analysis/{user_id} errors", () => {
  it("answers 400 for a missing or unknown mode and 404 for an unknown member", async () => {
    const member = await createMember(ctx);
    const missing = await analysis(member.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: expect.stringContaining("'search_q'"), code: "MISSING_FIELD" });
    for (const bad of ["", "Rating", "ratings", " rating"]) {
      const res = await analysis(member.id, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("INVALID_FIELD");
    }
    const twice = await ctx.app.inject({
      method: "GET",
      url: `/api/analysis/${member.id}?search_q=rating&search_q=rating`,
    });
    expect(twice.json().code).toBe("INVALID_FIELD");
    expect((await analysis("abc", "rating")).json().code).toBe("INVALID_FIELD");
    expect((await analysis(999999, "rating")).json()).toEqual({ detail: expect.any(String), code: "USER_NOT_FOUND" });
    expect((await analysis("99999999999", "preference")).statusCode).toBe(404);
  });
});

describe("a brand-new member", () => {
  it("gets 200 for both modes with the empty values", async () => {
    const member = await createMember(ctx);
    const rating = await analysis(member.id, "rating");
    expect(rating.statusCode).toBe(200);
    expect(rating.json()).toEqual({
      user_id: member.id,
      rating_num: 0,
      rating_avg: null,
      rating_dist: ZERO_DIST,
      rating_mode: null,
      rating_message: null,
      viewing_time: 0,
      viewing_message: "이제 막 영화 기록을 시작했어요",
    });
    expect(Object.keys(rating.json().rating_dist)).toEqual(Object.keys(ZERO_DIST));
    const preference = await analysis(member.id, "preference");
    expect(preference.json()).toEqual({
      user_id: member.id,
      actor_dict: null,
      director_dict: null,
      country_dict: null,
      genre_dict: null,
      ranked: { actor: [], director: [], country: [], genre: [] },
    });
  });
});

describe("a hand-made member", () => {
  // Ratings: M1 4.5, M2 3.0, M3 4.0, M4 2.0 → N = 4, Σ = 13.5, A = 3.375, ln(N+2) = ln 6 = 1.791759.
  // rating_avg = round(33.75) / 10 = 3.4 → "영화 한 편에서 여러 겹을 읽어 내는 관객"; mode: all once → lowest, 2.0.
  // Viewing: 132 + 100 + 95 + (null → 0) = 327 min → 5 h. M5 is want-to-see only, M6 comment only (unrated rows).
  // Score with c ≥ 1: 50 + (a − A)·100·√(c / ln 6) + 50·c/(c+10), clamped to [0, 100]:
  //   c=2, a=3.75 (M1, M2): 50 + 37.5·1.056544 + 8.333333 = 97.95 → 98.0
  //   c=2, a=3.25 (M1, M4): 50 − 12.5·1.056544 + 8.333333 = 45.13 → 45.1
  //   c=2, a=4.25 (M1, M3): 50 + 87.5·1.056544 + 8.333333 = 150.8 → 100.0
  //   c=1, a=4.0  (M3):     50 + 62.5·0.747073 + 4.545455 = 101.2 → 100.0
  //   c=1, a=3.0  (M2):     50 − 37.5·0.747073 + 4.545455 = 26.53 → 26.5
  //   c=1, a=2.0  (M4):     50 − 137.5·0.747073 + 4.545455 = −48.2 → 0.0
  // Unrated only (u rows): 50 + 50·u/(u+10); u=1 → 54.545 → 54.5.
  let member: TestMember;
  let m4: number;

  beforeAll(async () => {
    member = await createMember(ctx);
    const m = [
      await createMovie(ctx, { runningTime: 132, genres: ["드라마", "스릴러"], countries: ["한국"] }),
      await createMovie(ctx, { runningTime: 100, genres: ["드라마"], countries: ["미국"] }),
      await createMovie(ctx, { runningTime: 95, genres: ["코미디"], countries: ["한국"] }),
      await createMovie(ctx, { runningTime: null, genres: ["스릴러"], countries: ["일본"] }),
      await createMovie(ctx, { runningTime: 120, genres: ["애니메이션"], countries: ["일본"] }),
      await createMovie(ctx, { runningTime: 110, genres: ["드라마"], countries: ["한국"] }),
    ].map((movie) => movie.id);
    m4 = m[3]!;
    const [m1, m2, m3, , m5, m6] = m as [number, number, number, number, number, number];
    await createPerson(ctx, "봉감독", [
      { movieId: m1, kind: "감독" },
      { movieId: m3, kind: "감독" },
      { movieId: m6, kind: "감독" },
      { movieId: m3, kind: "카메오" },
    ]);
    await createPerson(ctx, "김감독", [{ movieId: m2, kind: "감독" }]);
    await createPerson(ctx, "박감독", [{ movieId: m4, kind: "감독" }]);
    // Same name as the director of M2: only the better of the two is kept.
    await createPerson(ctx, "김감독", [{ movieId: m5, kind: "감독" }]);
    // Credited twice on M1: one movie, counted once.
    await createPerson(ctx, "배우일", [
      { movieId: m1, kind: "주연", character: "기택" },
      { movieId: m1, kind: "조연" },
      { movieId: m2, kind: "출연" },
    ]);
    await createPerson(ctx, "배우이", [
      { movieId: m1, kind: "조연" },
      { movieId: m3, kind: "특별출연" },
    ]);
    await createPerson(ctx, "배우삼", [{ movieId: m2, kind: "단역" }]);
    await createPerson(ctx, "배우사", [{ movieId: m4, kind: "카메오" }]);
    await createPerson(ctx, "배우오", [{ movieId: m5, kind: "주연" }]);
    // Neither a director nor a cast credit: in no dict.
    await createPerson(ctx, "각본가", [{ movieId: m1, kind: "각본" }]);
    for (const [movieId, payload] of [
      [m1, { rating: 4.5, content: "최고" }],
      [m2, { rating: 3 }],
      [m3, { rating: 4, status: "Watching" }],
      [m4, { rating: 2 }],
      [m5, { status: "WatchList" }],
      [m6, { content: "아직 안 봤지만 기대돼요" }],
    ] as const) {
      expect((await put(member, movieId, payload)).statusCode).toBe(201);
    }
  });

  it("has the rating analysis worked out above", async () => {
    const res = await analysis(member.id, "rating");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user_id: member.id,
      rating_num: 4,
      rating_avg: 3.4,
      rating_dist: { ...ZERO_DIST, "2.0": 1, "3.0": 1, "4.0": 1, "4.5": 1 },
      rating_mode: 2,
      rating_message: "영화 한 편에서 여러 겹을 읽어 내는 관객",
      viewing_time: 5,
      viewing_message: "이제 막 영화 기록을 시작했어요",
    });
    expect(Object.keys(res.json().rating_dist)).toEqual(Object.keys(ZERO_DIST));
  });

  it("has the preference analysis worked out above, keys in rank order", async () => {
    const body = (await analysis(member.id, "preference")).json();
    const ordered = (dict: Record<string, [number, number]> | null) => (dict ? Object.entries(dict) : null);
    expect(body.user_id).toBe(member.id);
    expect(ordered(body.genre_dict)).toEqual([
      ["코미디", [100, 1]],
      ["드라마", [98, 2]],
      ["애니메이션", [54.5, 1]],
      ["스릴러", [45.1, 2]],
    ]);
    expect(ordered(body.country_dict)).toEqual([
      ["한국", [100, 2]],
      ["미국", [26.5, 1]],
      ["일본", [0, 1]],
    ]);
    // 김감독 of M5 (unrated only, 54.5) beats 김감독 of M2 (26.5); 봉감독's comment-only M6 does not count.
    expect(ordered(body.director_dict)).toEqual([
      ["봉감독", [100, 2]],
      ["김감독", [54.5, 1]],
      ["박감독", [0, 1]],
    ]);
    // Ties at 100: the higher count first.
    expect(ordered(body.actor_dict)).toEqual([
      ["배우이", [100, 2]],
      ["봉감독", [100, 1]],
      ["배우일", [98, 2]],
      ["배우오", [54.5, 1]],
      ["배우삼", [26.5, 1]],
      ["배우사", [0, 1]],
    ]);
  });

  // [EXT] ranked (issue 20 #8), A = 3.375: d = Σ(r − A)/(c + 5), score = 50 + 30·d + 20·c/(c+10); unrated only:
  // 50 + 5·u/(u+10). Liked (≥ 50) on ≥ 2 rated films ranks first.
  //   M1, M3 (Σ +1.75, c=2): 50 + 7.5 + 3.333 = 60.8     M1, M2 (Σ +0.75): 50 + 3.214 + 3.333 = 56.5
  //   M1, M4 (Σ −0.25, c=2): 50 − 1.071 + 3.333 = 52.3   M3 (Σ +0.625, c=1): 50 + 3.125 + 1.818 = 54.9
  //   M2 (Σ −0.375): 50 − 1.875 + 1.818 = 49.9           M4 (Σ −1.375): 50 − 6.875 + 1.818 = 44.9
  //   M5 only (u=1): 50.5
  it("ranks for display with shrinkage and a minimum sample: no one-film entity on top", async () => {
    const { ranked } = (await analysis(member.id, "preference")).json();
    const rows = (list: { name: string; score: number; count: number; rated: boolean }[]) =>
      list.map((e) => [e.name, e.score, e.count, e.rated]);
    expect(rows(ranked.genre)).toEqual([
      ["드라마", 56.5, 2, true],
      ["스릴러", 52.3, 2, true],
      ["코미디", 54.9, 1, true],
      ["애니메이션", 50.5, 1, false],
    ]);
    expect(rows(ranked.country)).toEqual([
      ["한국", 60.8, 2, true],
      ["미국", 49.9, 1, true],
      ["일본", 44.9, 1, true],
    ]);
    // The two 김감독: the unrated one (50.5) beats the one rated below the mean (49.9) and fills the name.
    expect(rows(ranked.director)).toEqual([
      ["봉감독", 60.8, 2, true],
      ["김감독", 50.5, 1, false],
      ["박감독", 44.9, 1, true],
    ]);
    expect(rows(ranked.actor)).toEqual([
      ["배우이", 60.8, 2, true],
      ["배우일", 56.5, 2, true],
      ["봉감독", 54.9, 1, true],
      ["배우오", 50.5, 1, false],
      ["배우삼", 49.9, 1, true],
      ["배우사", 44.9, 1, true],
    ]);
  });

  it("reflects a deleted review on the next read", async () => {
    await analysis(member.id, "preference");
    const mine = await injectAs(ctx, member)({ method: "GET", url: `/api/reviews/movie/${m4}/mine` });
    const removed = await injectAs(ctx, member)({ method: "DELETE", url: `/api/reviews/${mine.json().id}` });
    expect(removed.statusCode).toBe(204);
    // Now M1 4.5, M2 3.0, M3 4.0: N = 3, Σ = 11.5, avg = round(38.33)/10 = 3.8; 327 min → still 5 h.
    const rating = (await analysis(member.id, "rating")).json();
    expect(rating).toMatchObject({ rating_num: 3, rating_avg: 3.8, rating_mode: 3, viewing_time: 5 });
    expect(rating.rating_dist["2.0"]).toBe(0);
    expect(rating.rating_message).toBe("칭찬과 아쉬움을 솔직하게 말하는 관객");
    const preference = (await analysis(member.id, "preference")).json();
    expect(preference.country_dict["일본"]).toEqual([54.5, 1]); // only M5 (want-to-see) is left
    expect(preference.director_dict).not.toHaveProperty("박감독");
    expect(preference.genre_dict["스릴러"][1]).toBe(1);
  });
});

describe("top 10 and taglines", () => {
  it("keeps the ten best entities of a category", async () => {
    const member = await createMember(ctx);
    for (let i = 0; i < 12; i++) {
      const movie = await createMovie(ctx, { genres: [`장르${String(i).padStart(2, "0")}`], countries: ["한국"] });
      await ctx.services.reviews.upsertMine(member.id, movie.id, { rating: 0.5 + (i % 10) * 0.5 });
    }
    const body = (await analysis(member.id, "preference")).json();
    const genres = Object.entries(body.genre_dict as Record<string, [number, number]>);
    expect(genres).toHaveLength(10);
    const scores = genres.map(([, [score]]) => score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // A = 29/12; ratings 0.5, 1.0 and 1.5 score below 0 and clamp to 0 (장르00, 01, 02, 10, 11): among those ties
    // (same score, same count 1) the names in code-point order decide, so 장르10 and 장르11 are the two cut.
    expect(genres.slice(7)).toEqual([
      ["장르00", [0, 1]],
      ["장르01", [0, 1]],
      ["장르02", [0, 1]],
    ]);
    expect(body.country_dict).toEqual({ 한국: [expect.any(Number), 12] });
  });

  it("ranks a genre liked over many films above a one-film favourite and never reads 0 from six films", async () => {
    const member = await createMember(ctx);
    const rate = async (genre: string, rating: number) => {
      const movie = await createMovie(ctx, { genres: [genre] });
      await ctx.services.reviews.upsertMine(member.id, movie.id, { rating });
    };
    await rate("역사", 5);
    for (let i = 0; i < 6; i++) await rate("SF", 4.5);
    for (let i = 0; i < 6; i++) await rate("공포", 1.5);
    const body = (await analysis(member.id, "preference")).json();
    // API.md's dict saturates: 역사 from one film at 100, 공포 from six at 0.
    expect(body.genre_dict["역사"]).toEqual([100, 1]);
    expect(body.genre_dict["공포"]).toEqual([0, 6]);
    // A = (5 + 27 + 9)/13 = 3.1538. SF: d = 6·1.3462/11 = 0.7343 → 50 + 22.03 + 7.5 = 79.5; 역사: d = 1.8462/6 →
    // 50 + 9.23 + 1.82 = 61.0; 공포: d = −6·1.6538/11 = −0.9021 → 50 − 27.06 + 7.5 = 30.4.
    expect(body.ranked.genre).toEqual([
      { name: "SF", score: 79.5, count: 6, rated: true },
      { name: "역사", score: 61, count: 1, rated: true },
      { name: "공포", score: 30.4, count: 6, rated: true },
    ]);
  });

  it("keeps ten ranked entries per category, scores within [0, 100]", async () => {
    const member = await createMember(ctx);
    for (let i = 0; i < 14; i++) {
      const movie = await createMovie(ctx, { genres: [`랭크${String(i).padStart(2, "0")}`] });
      await ctx.services.reviews.upsertMine(member.id, movie.id, { rating: i % 2 === 0 ? 5 : 0.5 });
    }
    const { ranked } = (await analysis(member.id, "preference")).json();
    expect(ranked.genre).toHaveLength(10);
    for (const entry of ranked.genre) expect(entry.score).toBeGreaterThanOrEqual(0);
    for (const entry of ranked.genre) expect(entry.score).toBeLessThanOrEqual(100);
    const scores = ranked.genre.map((entry: { score: number }) => entry.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("picks taglines by the thresholds of API.md", () => {
    expect(ratingTagline(5)).toBe("모든 영화에 박수를 보내는 무한 긍정 관객");
    expect(ratingTagline(4.6)).toBe("모든 영화에 박수를 보내는 무한 긍정 관객");
    expect(ratingTagline(4.5)).toBe("영화관을 나설 때면 늘 미소 짓는 관객");
    expect(ratingTagline(1.1)).toBe("아직 인생 영화를 만나지 못한 관객");
    expect(ratingTagline(0.5)).toBe("아직 인생 영화를 만나지 못한 관객");
    expect(viewingTagline(0)).toBe("이제 막 영화 기록을 시작했어요");
    expect(viewingTagline(99)).toBe("이제 막 영화 기록을 시작했어요");
    expect(viewingTagline(100)).toBe("영화와 조금씩 가까워지는 중이에요");
    expect(viewingTagline(7710)).toBe("영화와 평생을 함께할 운명");
    expect(viewingTagline(7711)).toBe("전설로 남을 영화 관람 기록");
  });
});
