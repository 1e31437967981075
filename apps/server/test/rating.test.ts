// 평가하기 (issue #18): the rating queue (every category, windows, exclusions, errors), 관심없어요 (dismissals, their
// list, their reach into recommendations and similar films, account deletion), similar films (model and fallback),
// the `status` filter of a member's reviews, the 보고싶어요-clearing rule and the ratings rate-limit bucket.
import { CompactMovie } from "@moviepedia/contract";
import { z } from "zod";
import { answerJson, readCacheStats } from "../src/cache/index.js";
import { loadCompactMovies } from "../src/modules/movies/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trainRecommender } from "../src/modules/recommend/index.js";
import { CATALOG_MAX_AGE_S } from "../src/modules/rating/catalog.js";
import { createPermutation } from "../src/modules/rating/permutation.js";
import { STATS_MAX_AGE_SECONDS } from "../src/modules/recommend/movie-stats.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, createPerson, injectAs, type TestMember } from "./helpers/factories.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const get = (member: Pick<TestMember, "accessToken"> | null, url: string) =>
  injectAs(ctx, member)({ method: "GET", url });
const send = (member: TestMember | null, method: "PUT" | "DELETE", url: string) =>
  injectAs(ctx, member)({ method, url });
const rate = (member: TestMember, movieId: number, rating: number) =>
  ctx.services.reviews.upsertMine(member.id, movieId, { rating });
const ids = (body: unknown) => (body as CompactMovie[]).map((m) => m.id);
/** The catalog arrays are rebuilt after films were added (they refresh on their own within a minute). */
const catalogChanged = () => ctx.clock.advance(CATALOG_MAX_AGE_S + 1);

describe("the permutation behind 랜덤", () => {
  it("is a bijection of 0 … n−1 for any key, and differs between keys", () => {
    for (const n of [1, 2, 3, 7, 64, 1000, 4097]) {
      const permute = createPermutation(n, 12345);
      const seen = new Set(Array.from({ length: n }, (_, i) => permute(i)));
      expect(seen.size).toBe(n);
      expect(Math.max(...seen)).toBe(n - 1);
    }
    const a = Array.from({ length: 50 }, (_, i) => createPermutation(50, 1)(i));
    const b = Array.from({ length: 50 }, (_, i) => createPermutation(50, 2)(i));
    expect(a).not.toEqual(b);
  });
});

describe("GET /api/rating/queue", () => {
  // 30 films: film i has (i % 6) ratings from the crowd, so popularity ties are broken by id.
  const films: number[] = [];
  const thrillers: number[] = [];
  let crowd: TestMember[];

  beforeAll(async () => {
    for (let i = 0; i < 30; i++) {
      const genres = i % 3 === 0 ? ["스릴러", "드라마"] : ["드라마"];
      const film = (await createMovie(ctx, { genres })).id;
      films.push(film);
      if (i % 3 === 0) thrillers.push(film);
    }
    crowd = [];
    for (let m = 0; m < 5; m++) crowd.push(await createMember(ctx));
    for (const [i, film] of films.entries()) {
      for (let m = 0; m < i % 6; m++) await rate(crowd[m]!, film, 3 + (m % 3));
    }
    catalogChanged();
  });

  const popularOrder = (list: number[]) =>
    [...list].sort((a, b) => (films.indexOf(b) % 6) - (films.indexOf(a) % 6) || a - b);

  it("answers popular films (ratings count desc, id asc) as compact movies, 20 by default", async () => {
    const res = await get(null, "/api/rating/queue");
    expect(res.statusCode).toBe(200);
    const body = res.json() as CompactMovie[];
    expect(body).toHaveLength(20);
    expect(ids(body)).toEqual(popularOrder(films).slice(0, 20));
    expect(Object.keys(body[0]!).sort()).toEqual(
      ["average_rating", "genres", "id", "poster_url", "ratings_count", "title", "year"].sort(),
    );
    const top = body[0]!;
    expect(top.ratings_count).toBe(5);
    expect(top.average_rating).toBe(3.8);
    expect(top.poster_url).toMatch(/^\/media\/poster\/\d+\.svg\?v=/);
    expect(await get(null, "/api/rating/queue?category=popular")).toMatchObject({ body: res.body });
  });

  it("shows a film's average as of the last rating (API.md §5 #48), read after read", async () => {
    const first = (await get(null, "/api/rating/queue")).json() as CompactMovie[];
    const film = first[1]!;
    const newcomer = await createMember(ctx);
    await rate(newcomer, film.id, 1);
    // The page stays kept through a rating cut at its cards' counters, and is sent again with the counters as now
    // (SQLite: its table versions tell a rating from other writes); the cards' fixed parts stay kept.
    const region = (name: string) => readCacheStats().find((r) => r.name === name)!;
    const [cutHits, partMisses] = [region("rating-queue-pages-counted").hits, region("compact-card-parts").misses];
    const page = await get(null, "/api/rating/queue");
    expect(region("rating-queue-pages-counted").hits - cutHits).toBe(ctx.database.dialect === "sqlite" ? 1 : 0);
    expect(region("compact-card-parts").misses).toBe(partMisses);
    const card = (page.json() as CompactMovie[]).find((m) => m.id === film.id);
    expect(card?.ratings_count).toBe(film.ratings_count + 1);
    expect(card?.average_rating).not.toBe(film.average_rating);
    // Similar films are kept as sent until the next rating, which they then show.
    const similar = await get(null, `/api/movies/${film.id}/similar`);
    const shown = similar.json() as CompactMovie[];
    expect(shown.length).toBeGreaterThan(0);
    const { hits } = region("similar-answers");
    expect((await get(null, `/api/movies/${film.id}/similar`)).body).toBe(similar.body);
    expect(region("similar-answers").hits).toBe(hits + 1);
    await rate(newcomer, shown[0]!.id, 5);
    const after = (await get(null, `/api/movies/${film.id}/similar`)).json() as CompactMovie[];
    expect(after.find((m) => m.id === shown[0]!.id)?.ratings_count).toBe(shown[0]!.ratings_count + 1);
    await rate(newcomer, shown[0]!.id, 0);
    // Byte for byte the response schema's encoding of the films as read now.
    const fresh = await loadCompactMovies(ctx.db, ids(page.json()));
    expect(page.body).toBe(answerJson(z.array(CompactMovie), fresh));
    // A catalog edit (a new title) reaches the card.
    await ctx.db.updateTable("movies").set({ title: "새 제목" }).where("id", "=", film.id).execute();
    const renamed = ((await get(null, "/api/rating/queue")).json() as CompactMovie[]).find((m) => m.id === film.id);
    expect(renamed?.title).toBe("새 제목");
    await ctx.db.updateTable("movies").set({ title: film.title }).where("id", "=", film.id).execute();
    await rate(newcomer, film.id, 0);
    const back = ((await get(null, "/api/rating/queue")).json() as CompactMovie[]).find((m) => m.id === film.id);
    expect(back).toEqual(film);
  });

  it("pages with begin/end (at most 100), [] past the end", async () => {
    const all = ids((await get(null, "/api/rating/queue?begin=0&end=30")).json());
    expect(all).toEqual(popularOrder(films));
    const pages = [
      ...ids((await get(null, "/api/rating/queue?begin=0&end=7")).json()),
      ...ids((await get(null, "/api/rating/queue?begin=7&end=30")).json()),
    ];
    expect(pages).toEqual(all);
    expect((await get(null, "/api/rating/queue?begin=25")).json()).toHaveLength(5);
    expect((await get(null, "/api/rating/queue?begin=30")).json()).toEqual([]);
    expect((await get(null, "/api/rating/queue?begin=3&end=3")).json()).toEqual([]);
  });

  it("caps a window at 100 films", async () => {
    const extra: number[] = [];
    for (let i = 0; i < 80; i++) extra.push((await createMovie(ctx)).id);
    catalogChanged();
    expect((await get(null, "/api/rating/queue?begin=0&end=500")).json()).toHaveLength(100);
    expect((await get(null, "/api/rating/queue?begin=100&end=500")).json()).toHaveLength(10);
    // The unrated films follow the rated ones, by id.
    const tail = ids((await get(null, "/api/rating/queue?begin=30&end=110")).json());
    expect(tail.filter((id) => extra.includes(id))).toEqual(extra);
  });

  it("leaves out films the caller rated, marked or wrote on, and dismissed; others still see them", async () => {
    const member = await createMember(ctx);
    const [rated, wished, watching, written, dismissed] = popularOrder(films);
    await rate(member, rated!, 4);
    await ctx.services.reviews.upsertMine(member.id, wished!, { status: "WatchList" });
    await ctx.services.reviews.upsertMine(member.id, watching!, { status: "Watching" });
    await ctx.services.reviews.upsertMine(member.id, written!, { content: "좋았어요" });
    expect((await send(member, "PUT", `/api/movies/${dismissed}/dismissed`)).statusCode).toBe(204);
    const gone = new Set([rated, wished, watching, written, dismissed]);
    const mine = ids((await get(member, "/api/rating/queue?end=100")).json());
    expect(mine).toEqual(
      popularOrder(films)
        .filter((id) => !gone.has(id))
        .concat(mine.slice(25)),
    );
    for (const id of gone) expect(mine).not.toContain(id);
    expect(ids((await get(null, "/api/rating/queue?end=5")).json())).toEqual(popularOrder(films).slice(0, 5));

    // A window after acting on k films of the page starts k earlier: the client's next begin is loaded − acted.
    const first = ids((await get(member, "/api/rating/queue?end=5")).json());
    await rate(member, first[0]!, 5);
    await rate(member, first[1]!, 2);
    const next = ids((await get(member, "/api/rating/queue?begin=3&end=8")).json());
    expect(next).toEqual(mine.slice(5, 10));
    // Undoing a rating (the row emptied) brings the film back.
    await ctx.services.reviews.upsertMine(member.id, first[0]!, { rating: 0 });
    expect(ids((await get(member, "/api/rating/queue?end=1")).json())).toEqual([first[0]]);
  });

  it("genre: the genre's films in the popular order; the genre list names it", async () => {
    const res = await get(null, `/api/rating/queue?category=genre&genre=${encodeURIComponent("스릴러")}`);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual(popularOrder(thrillers));
    for (const movie of res.json() as CompactMovie[]) expect(movie.genres).toEqual(["스릴러", "드라마"]);
    const genres = (await get(null, "/api/rating/genres")).json() as string[];
    expect(genres.slice(0, 2)).toEqual(["드라마", "스릴러"]);
  });

  it("random: one order per member and day, pages that never repeat or skip, a new order the next day", async () => {
    const member = await createMember(ctx);
    const url = (begin: number, end: number) => `/api/rating/queue?category=random&begin=${begin}&end=${end}`;
    const whole = ids((await get(member, url(0, 100))).json());
    expect(whole).toHaveLength(100);
    const paged: number[] = [];
    for (let begin = 0; begin < 100; begin += 20)
      paged.push(...ids((await get(member, url(begin, begin + 20))).json()));
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(100);
    // Over every page, the same films as the popular order, each once.
    const everything = [...whole, ...ids((await get(member, url(100, 200))).json())];
    const popular = [
      ...ids((await get(member, "/api/rating/queue?end=100")).json()),
      ...ids((await get(member, "/api/rating/queue?begin=100&end=200")).json()),
    ];
    expect(everything).not.toEqual(popular);
    expect([...everything].sort((a, b) => a - b)).toEqual([...popular].sort((a, b) => a - b));
    const other = await createMember(ctx);
    expect(ids((await get(other, url(0, 100))).json())).not.toEqual(whole);
    // Visitors get one order too.
    expect((await get(null, url(0, 10))).json()).toEqual((await get(null, url(0, 10))).json());
    ctx.clock.advance(86_400);
    expect(ids((await get(member, url(0, 100))).json())).not.toEqual(whole);
  });

  it("predicted: popular in cold start, the model's order with one", async () => {
    const member = await createMember(ctx);
    const cold = await get(member, "/api/rating/queue?category=predicted&end=10");
    expect(cold.statusCode).toBe(200);
    expect(cold.json()).toEqual((await get(member, "/api/rating/queue?end=10")).json());

    await rate(member, films[5]!, 5);
    await rate(member, films[4]!, 1);
    expect((await trainRecommender({ db: ctx.db, clock: ctx.clock })).modelId).not.toBeNull();
    ctx.clock.advance(STATS_MAX_AGE_SECONDS + 1);
    await ctx.services.recommend.refreshModel();
    const expected = (await get(member, "/api/recommend/expect?limit=50")).json() as Array<{ movie_id: number }>;
    // /expect ranked the member's expect order a block deep: the queue reads the same ranking.
    const queueHits = readCacheStats().find((r) => r.name === "recommend-queues")!.hits;
    const queue = ids((await get(member, "/api/rating/queue?category=predicted&end=50")).json());
    expect(readCacheStats().find((r) => r.name === "recommend-queues")!.hits).toBe(queueHits + 1);
    // /difference was ranked in the same pass.
    expect((await get(member, "/api/recommend/difference")).statusCode).toBe(200);
    expect(readCacheStats().find((r) => r.name === "recommend-queues")!.hits).toBe(queueHits + 2);
    expect(queue).toEqual(expected.map((r) => r.movie_id));
    const paged = [
      ...ids((await get(member, "/api/rating/queue?category=predicted&end=10")).json()),
      ...ids((await get(member, "/api/rating/queue?category=predicted&begin=10&end=50")).json()),
    ];
    expect(paged).toEqual(queue);
    expect(queue).not.toContain(films[5]);
    // A page is kept with the ranking it was walked from, until the member's next write.
    const pageHits = () => readCacheStats().find((r) => r.name === "rating-queue-pages")!.hits;
    const hitsBefore = pageHits();
    expect(ids((await get(member, "/api/rating/queue?category=predicted&end=10")).json())).toEqual(queue.slice(0, 10));
    expect(pageHits()).toBe(hitsBefore + 1);
    await rate(member, queue[0]!, 4);
    const after = ids((await get(member, "/api/rating/queue?category=predicted&end=10")).json());
    expect(after).not.toContain(queue[0]);
    expect(pageHits()).toBe(hitsBefore + 1);
  });

  it("errors: 401 for predicted without a valid bearer (before any 400), 400 for bad parameters", async () => {
    const member = await createMember(ctx);
    expect((await get(null, "/api/rating/queue?category=predicted")).json().code).toBe("AUTH_REQUIRED");
    expect((await get(null, "/api/rating/queue?category=predicted&begin=-1")).statusCode).toBe(401);
    const bad = await get({ accessToken: "nope" }, "/api/rating/queue?category=predicted");
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe("INVALID_TOKEN");
    // A bad bearer on the other categories is served anonymously.
    const anon = await get({ accessToken: "nope" }, "/api/rating/queue");
    expect(anon.statusCode).toBe(200);
    expect(anon.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
    for (const [query, code, field] of [
      ["category=best", "INVALID_FIELD", "category"],
      ["category=", "INVALID_FIELD", "category"],
      ["category=genre", "INVALID_FIELD", "genre"],
      [`category=genre&genre=${encodeURIComponent("없는장르")}`, "INVALID_FIELD", "genre"],
      ["begin=-1", "INVALID_RANGE", "begin"],
      ["begin=5&end=2", "INVALID_RANGE", "end"],
      ["end=x", "INVALID_RANGE", "end"],
    ] as const) {
      const res = await get(member, `/api/rating/queue?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ detail: expect.stringContaining(`'${field}'`), code });
    }
  });
});

describe("관심없어요: PUT/DELETE /api/movies/{id}/dismissed, GET /api/users/me/dismissed", () => {
  it("marks and unmarks idempotently, lists newest first, and 401/400/404s", async () => {
    const member = await createMember(ctx);
    const a = await createMovie(ctx, { title: "관심 없는 영화 가" });
    const b = await createMovie(ctx, { title: "관심 없는 영화 나" });
    for (let i = 0; i < 2; i++) {
      expect((await send(member, "PUT", `/api/movies/${a.id}/dismissed`)).statusCode).toBe(204);
    }
    ctx.clock.advance(1);
    expect((await send(member, "PUT", `/api/movies/${b.id}/dismissed`)).statusCode).toBe(204);
    const list = await get(member, "/api/users/me/dismissed");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: b.id, title: "관심 없는 영화 나", genres: ["드라마"], ratings_count: 0 }),
      expect.objectContaining({ id: a.id, average_rating: null }),
    ]);
    expect(ids((await get(member, "/api/users/me/dismissed?begin=1")).json())).toEqual([a.id]);
    expect((await get(member, "/api/users/me/dismissed?begin=-1")).json().code).toBe("INVALID_RANGE");
    for (let i = 0; i < 2; i++) {
      expect((await send(member, "DELETE", `/api/movies/${b.id}/dismissed`)).statusCode).toBe(204);
    }
    expect(ids((await get(member, "/api/users/me/dismissed")).json())).toEqual([a.id]);

    expect((await send(null, "PUT", `/api/movies/${a.id}/dismissed`)).json().code).toBe("AUTH_REQUIRED");
    expect((await send(null, "DELETE", `/api/movies/${a.id}/dismissed`)).statusCode).toBe(401);
    expect((await get(null, "/api/users/me/dismissed")).json().code).toBe("AUTH_REQUIRED");
    expect((await send(member, "PUT", "/api/movies/abc/dismissed")).json().code).toBe("INVALID_FIELD");
    expect((await send(member, "PUT", "/api/movies/99999999/dismissed")).json().code).toBe("MOVIE_NOT_FOUND");
    expect((await send(member, "DELETE", "/api/movies/99999999999/dismissed")).json().code).toBe("MOVIE_NOT_FOUND");
    // Bodiless with a JSON content type is fine; a body of another type is 415.
    const json = await injectAs(
      ctx,
      member,
    )({
      method: "PUT",
      url: `/api/movies/${a.id}/dismissed`,
      headers: { "content-type": "application/json" },
    });
    expect(json.statusCode).toBe(204);
  });

  it("takes films out of the recommendations and similar films, and goes with the account", async () => {
    const member = await createMember(ctx);
    const rated = await createMovie(ctx, { genres: ["SF"] });
    const others: number[] = [];
    for (let i = 0; i < 3; i++) others.push((await createMovie(ctx, { genres: ["SF"] })).id);
    const critic = await createMember(ctx);
    for (const id of others) await rate(critic, id, 4);
    catalogChanged();
    await rate(member, rated.id, 5);
    const before = (await get(member, "/api/recommend/expect?limit=50")).json() as Array<{ movie_id: number }>;
    expect(before.map((r) => r.movie_id)).toContain(others[0]);
    const similarBefore = ids((await get(member, `/api/movies/${rated.id}/similar?limit=30`)).json());
    expect(similarBefore).toContain(others[0]);

    expect((await send(member, "PUT", `/api/movies/${others[0]}/dismissed`)).statusCode).toBe(204);
    for (const mode of ["expect", "difference"]) {
      const after = (await get(member, `/api/recommend/${mode}?limit=50`)).json() as Array<{ movie_id: number }>;
      expect(after.map((r) => r.movie_id)).not.toContain(others[0]);
    }
    expect(ids((await get(member, `/api/movies/${rated.id}/similar?limit=30`)).json())).not.toContain(others[0]);
    // Visitors and other members still see it.
    expect(ids((await get(null, `/api/movies/${rated.id}/similar?limit=30`)).json())).toContain(others[0]);

    const deleted = await injectAs(
      ctx,
      member,
    )({
      method: "DELETE",
      url: "/api/users/me",
      payload: { login_password: member.password },
    });
    expect(deleted.statusCode).toBe(204);
    const left = await ctx.db.selectFrom("movie_dismissals").select("id").where("user_id", "=", member.id).execute();
    expect(left).toEqual([]);
  });
});

describe("GET /api/movies/{id}/similar", () => {
  it("without a model: shared directors first, then cast, then genres; never the film itself", async () => {
    const film = await createMovie(ctx, { genres: ["느와르", "범죄"] });
    const byDirector = await createMovie(ctx, { genres: ["코미디"] });
    const byActor = await createMovie(ctx, { genres: ["코미디"] });
    const byGenres = await createMovie(ctx, { genres: ["느와르", "범죄"] });
    const byGenre = await createMovie(ctx, { genres: ["범죄"] });
    const unrelated = await createMovie(ctx, { genres: ["가족"] });
    await createPerson(ctx, "감독 갑", [
      { movieId: film.id, kind: "감독" },
      { movieId: byDirector.id, kind: "감독" },
    ]);
    await createPerson(ctx, "배우 을", [
      { movieId: film.id, kind: "주연" },
      { movieId: byActor.id, kind: "조연" },
    ]);
    catalogChanged();
    // Any served model does not know these films (they have no ratings): the fallback answers.
    const res = await get(null, `/api/movies/${film.id}/similar`);
    expect(res.statusCode).toBe(200);
    const list = ids(res.json());
    expect(list.slice(0, 2)).toEqual([byDirector.id, byGenres.id]);
    expect(list.indexOf(byActor.id)).toBeLessThan(list.indexOf(byGenre.id));
    expect(list).not.toContain(film.id);
    expect(list).not.toContain(unrelated.id);
    expect(list.length).toBeLessThanOrEqual(10);
    expect(ids((await get(null, `/api/movies/${film.id}/similar?limit=1`)).json())).toEqual([byDirector.id]);
  });

  it("with a model: the films its factors put closest, shrunk toward well-rated films", async () => {
    // Two taste groups over 16 films, as the recommender's own tests: group A loves 0–7, group B loves 8–15.
    const films: number[] = [];
    for (let i = 0; i < 16; i++) films.push((await createMovie(ctx, { genres: ["뮤지컬"] })).id);
    for (let g = 0; g < 2; g++) {
      for (let i = 0; i < 10; i++) {
        const member = await createMember(ctx);
        for (let f = 0; f < 16; f++) {
          if ((f + i) % 4 === 0) continue;
          const loves = f < 8 === (g === 0);
          await rate(member, films[f]!, loves ? 4.5 + ((f + i) % 2) * 0.5 : 1 + ((f + i) % 3) * 0.5);
        }
      }
    }
    expect((await trainRecommender({ db: ctx.db, clock: ctx.clock })).modelId).not.toBeNull();
    await ctx.services.recommend.refreshModel();
    catalogChanged();
    const list = ids((await get(null, `/api/movies/${films[0]}/similar?limit=5`)).json());
    expect(list).toHaveLength(5);
    expect(list).not.toContain(films[0]);
    for (const id of list) expect(films.slice(1, 8)).toContain(id);
    const other = ids((await get(null, `/api/movies/${films[12]}/similar?limit=5`)).json());
    for (const id of other) expect(films.slice(8, 16)).toContain(id);
    // Kept: the same answer again.
    expect(ids((await get(null, `/api/movies/${films[0]}/similar?limit=5`)).json())).toEqual(list);
    // 240 ratings and a training run: minutes on a loaded machine with PostgreSQL, not the default 30 s.
  }, 180_000);

  it("errors: 400 for a bad limit or id, 404 for an unknown film", async () => {
    const film = await createMovie(ctx);
    for (const limit of ["0", "31", "abc", "", "1.5", "-1"]) {
      const res = await get(null, `/api/movies/${film.id}/similar?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json()).toEqual({ detail: expect.stringContaining("'limit'"), code: "INVALID_FIELD" });
    }
    expect((await get(null, `/api/movies/${film.id}/similar?limit=30`)).statusCode).toBe(200);
    expect((await get(null, "/api/movies/x/similar")).json().code).toBe("INVALID_FIELD");
    expect((await get(null, "/api/movies/99999999/similar")).json().code).toBe("MOVIE_NOT_FOUND");
    expect((await get(null, "/api/movies/99999999999/similar")).statusCode).toBe(404);
  });
});

describe("reviews: the status filter, 보고싶어요 cleared by a rating, the ratings bucket", () => {
  it("GET /api/reviews/user/{id}?status= keeps that status only; other values 400", async () => {
    const member = await createMember(ctx);
    const [a, b, c] = [await createMovie(ctx), await createMovie(ctx), await createMovie(ctx)];
    await ctx.services.reviews.upsertMine(member.id, a.id, { status: "WatchList" });
    await ctx.services.reviews.upsertMine(member.id, b.id, { status: "Watching" });
    await rate(member, c.id, 3);
    const list = (status: string) => get(null, `/api/reviews/user/${member.id}?status=${status}&sort=recent`);
    expect((await list("WatchList")).json().map((r: { movie_id: number }) => r.movie_id)).toEqual([a.id]);
    expect((await list("Watching")).json().map((r: { movie_id: number }) => r.movie_id)).toEqual([b.id]);
    expect((await get(null, `/api/reviews/user/${member.id}`)).json()).toHaveLength(3);
    for (const status of ["watchlist", "", "All"]) {
      const res = await list(status);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: expect.stringContaining("'status'"), code: "INVALID_FIELD" });
    }
    expect((await get(null, `/api/reviews/user/99999999?status=WatchList`)).json().code).toBe("USER_NOT_FOUND");
  });

  it("rating a film marked 보고싶어요 clears the mark; 보는 중 stays; marking a rated film keeps both", async () => {
    const member = await createMember(ctx);
    const as = injectAs(ctx, member);
    const [wished, watching] = [await createMovie(ctx), await createMovie(ctx)];
    const put = (id: number, payload: object) => as({ method: "PUT", url: `/api/reviews/movie/${id}/mine`, payload });
    await put(wished.id, { status: "WatchList" });
    const rated = await put(wished.id, { rating: 4 });
    expect(rated.json()).toMatchObject({ rating: 4, status: "" });
    await put(watching.id, { status: "Watching" });
    expect((await put(watching.id, { rating: 3.5 })).json()).toMatchObject({ rating: 3.5, status: "Watching" });
    // Marked again after rating (no rating change): the member's explicit choice stands.
    expect((await put(wished.id, { status: "WatchList" })).json()).toMatchObject({ rating: 4, status: "WatchList" });
    // A SPEC client's PATCH copying the old status with a new rating: the mark goes.
    const id = (await put(wished.id, {})).json().id as number;
    const patched = await as({
      method: "PATCH",
      url: `/api/reviews/${id}`,
      payload: { rating: 5, status: "WatchList" },
    });
    expect(patched.json()).toMatchObject({ rating: 5, status: "" });
    const wishList = await get(null, `/api/reviews/user/${member.id}?status=WatchList`);
    expect(wishList.json()).toEqual([]);
  });

  it("star, status and comment writes through PUT …/mine and dismissals draw from the ratings bucket", async () => {
    const limited = await createTestContext({
      env: { RATE_LIMIT_CREATES_PER_MIN: "1", RATE_LIMIT_RATINGS_PER_MIN: "4", RATE_LIMIT_IP_PER_MIN: "1000" },
    });
    try {
      const member = await createMember(limited);
      const as = injectAs(limited, member);
      const movies = [await createMovie(limited), await createMovie(limited), await createMovie(limited)];
      const put = (id: number, payload: object) => as({ method: "PUT", url: `/api/reviews/movie/${id}/mine`, payload });
      expect((await put(movies[0]!.id, { rating: 4 })).statusCode).toBe(201);
      expect((await put(movies[1]!.id, { status: "WatchList" })).statusCode).toBe(201);
      expect((await put(movies[0]!.id, { content: "좋아요" })).statusCode).toBe(200);
      expect((await as({ method: "PUT", url: `/api/movies/${movies[2]!.id}/dismissed` })).statusCode).toBe(204);
      const over = await put(movies[2]!.id, { rating: 1 });
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe("RATE_LIMITED");
      expect(over.headers["retry-after"]).toBeDefined();
      // Creates keep their own bucket.
      expect(
        (await as({ method: "POST", url: `/api/reviews/${movies[2]!.id}`, payload: { rating: 2 } })).statusCode,
      ).toBe(201);
      limited.clock.advance(60);
      expect((await put(movies[1]!.id, { rating: 2 })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
