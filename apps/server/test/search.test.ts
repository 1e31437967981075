// GET /api/search (API.md §4.10) on a small catalogue, identical on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rebuildSearchIndex } from "../src/modules/search/index.js";
import { KINDS, selectRecords } from "../src/modules/search/repository/records.js";
import { createSearchService } from "../src/modules/search/service.js";
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
const m: Record<string, number> = {};
const p: Record<string, number> = {};
const c: Record<string, number> = {};
const u: Record<string, TestMember> = {};

async function movie(key: string, title: string, original: string, counts: [number, number], genres: string[]) {
  const { id } = await createMovie(ctx, { title, originalTitle: original, genres });
  await ctx.db
    .updateTable("movies")
    .set({ ratings_count: counts[0], reviews_count: counts[1] })
    .where("id", "=", id)
    .execute();
  m[key] = id;
}

async function member(key: string, username: string, followers: number, reviews: number) {
  u[key] = await createMember(ctx, { username });
  await ctx.db
    .updateTable("users")
    .set({ follower_count: followers, review_count: reviews })
    .where("id", "=", u[key]!.id)
    .execute();
}

export function search(query: Record<string, string>, as: TestMember | null = null) {
  return injectAs(ctx, as)({ method: "GET", url: "/api/search", query });
}

async function ok(q: string, extra: Record<string, string> = {}, as: TestMember | null = null) {
  const res = await search({ search_q: q, ...extra }, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  ctx = await createTestContext();
  await movie("parasite", "기생충", "Parasite", [500, 200], ["드라마", "스릴러"]);
  await movie("parasyte", "기생수", "Parasyte", [50, 10], ["액션", "SF"]);
  await movie("host", "괴물", "The Host", [300, 100], ["액션", "드라마"]);
  await movie("monsters", "괴물들", "Monsters", [20, 5], ["드라마"]);
  await movie("hanriver", "한강의 괴물", "Han River Monster", [400, 1], ["코미디"]);
  await movie("memories", "살인의 추억", "Memories of Murder", [450, 300], ["범죄", "드라마"]);
  await movie("loveExact", "사랑해요", "", [1, 0], ["로맨스"]);
  await movie("lovePrefix", "사랑해요 당신", "", [2, 0], ["로맨스"]);
  await movie("loveContains", "그래도 사랑해요", "", [3, 0], ["로맨스"]);
  await movie("loveTypo", "사랑해오", "", [1000, 0], ["로맨스"]);
  await movie("tieB", "동점 영화 B", "", [7, 3], ["로맨스"]);
  await movie("tieA", "동점 영화 A", "", [7, 3], ["로맨스"]);
  await movie("tieC", "동점 영화 C", "", [7, 9], ["로맨스"]);
  await movie("comedy", "액션 코미디 대소동", "", [5, 0], ["액션", "코미디"]);

  p.bong = (
    await createPerson(
      ctx,
      "봉준호",
      [m.parasite, m.host, m.memories].map((id) => ({ movieId: id!, kind: "감독" })),
    )
  ).id;
  p.bongsu = (await createPerson(ctx, "봉준수", [{ movieId: m.parasyte!, kind: "감독" }])).id;
  p.song = (
    await createPerson(
      ctx,
      "송강호",
      [m.parasite, m.host].map((id) => ({ movieId: id!, kind: "주연" })),
    )
  ).id;
  p.cs = (await createPerson(ctx, "김철수", [{ movieId: m.host!, kind: "조연" }])).id;
  p.cm = (await createPerson(ctx, "김철민", [{ movieId: m.memories!, kind: "조연" }])).id;
  await ctx.db.updateTable("people").set({ likes_count: 10 }).where("id", "=", p.cs).execute();
  await ctx.db.updateTable("people").set({ likes_count: 2 }).where("id", "=", p.cm).execute();

  await member("buff", "moviebuff", 10, 1);
  await member("buff2", "moviebuff2", 10, 5);
  await member("lover", "movie_lover", 3, 0);
  await member("viewer", "viewer01", 0, 0);
  const owner = u.viewer!;
  c.fans = (await createCollection(ctx, owner, { title: "기생충 덕후 모음", movieIds: [m.host!] })).id;
  c.filmo = (
    await createCollection(ctx, owner, { title: "봉준호 감독 필모", movieIds: [m.parasite!, m.host!, m.memories!] })
  ).id;
  c.best = (await createCollection(ctx, owner, { title: "최고의 영화", movieIds: [m.parasyte!] })).id;
  c.thrill = (await createCollection(ctx, owner, { title: "스릴러 모음", movieIds: [m.hanriver!] })).id;
  await ctx.db.updateTable("collections").set({ likes_count: 10 }).where("id", "=", c.filmo).execute();
  await rebuildSearchIndex(ctx.db);
});
afterAll(async () => ctx?.close());

describe("matching and ranking", () => {
  it("orders by tier first, then popularity", async () => {
    const body = await ok("사랑해요");
    expect(body.movie_list).toEqual([m.loveExact, m.lovePrefix, m.loveContains, m.loveTypo]);
  });

  it("breaks popularity ties by reviews_count, then id", async () => {
    const body = await ok("동점 영화");
    expect(body.movie_list).toEqual([m.tieC, m.tieB, m.tieA]);
  });

  it("ignores spaces and case, and reads + as a space", async () => {
    expect((await ok("기생 충")).movie_list[0]).toBe(m.parasite);
    const res = await injectAs(ctx, null)({ method: "GET", url: "/api/search?search_q=%EA%B8%B0%EC%83%9D+%EC%B6%A9" });
    expect(res.json().movie_list[0]).toBe(m.parasite);
    expect((await ok("PARASITE")).movie_list[0]).toBe(m.parasite);
  });

  it("matches 초성 and mixed queries", async () => {
    expect((await ok("ㄱㅅㅊ")).movie_list).toEqual([m.parasite]);
    const person = await ok("ㅂㅈㅎ");
    expect(person.participant_list).toEqual([p.bong]);
    // 기ㅅ: both 기생충 and 기생수 by prefix, by popularity.
    expect((await ok("기ㅅ")).movie_list).toEqual([m.parasite, m.parasyte]);
    expect((await ok("ㅂㅈ")).participant_list).toEqual([p.bong, p.bongsu]);
  });

  it("tolerates one typo", async () => {
    const body = await ok("기생총");
    expect(body.movie_list).toEqual([m.parasite, m.parasyte]);
    expect((await ok("Memories of Murdr")).movie_list).toEqual([m.memories]);
  });

  it("finds short queries exact, then prefix, then contained", async () => {
    expect((await ok("괴물")).movie_list).toEqual([m.host, m.monsters, m.hanriver]);
    expect((await ok("물")).movie_list).toEqual([m.hanriver, m.host, m.monsters]);
  });

  it("searches original titles", async () => {
    expect((await ok("parasite")).movie_list[0]).toBe(m.parasite);
    expect((await ok("the host")).movie_list).toEqual([m.host]);
    expect((await ok("monster")).movie_list).toEqual([m.monsters, m.hanriver]);
  });

  it("orders people by credited movies, then likes", async () => {
    expect((await ok("김철")).participant_list).toEqual([p.cs, p.cm]);
    expect((await ok("봉준")).participant_list).toEqual([p.bong, p.bongsu]);
  });

  it("finds collections by title first, then through a contained movie", async () => {
    expect((await ok("기생충")).collection_list).toEqual([c.fans, c.filmo]);
    expect((await ok("괴물")).collection_list).toEqual([c.filmo, c.fans, c.thrill]);
    // A movie matching only with a typo does not bring its collections.
    expect((await ok("기생총")).collection_list).toEqual([c.fans]);
  });

  it("orders users by followers, then reviews, and hides users the caller blocked", async () => {
    expect((await ok("moviebuff")).user_list).toEqual([u.buff!.id, u.buff2!.id]);
    await insertRelation(ctx, "blocks", u.viewer!.id, u.lover!.id);
    expect((await ok("movie", {}, u.viewer!)).user_list).toEqual([u.buff2!.id, u.buff!.id]);
    expect((await ok("movie")).user_list).toEqual([u.buff2!.id, u.buff!.id, u.lover!.id]);
    expect((await ok("movie", {}, u.buff!)).user_list).toContain(u.lover!.id);
  });
});

describe("genre dictionary", () => {
  it("takes every genre named in the query, keys in code-point order, matching movies first", async () => {
    const body = await ok("액션 코미디");
    expect(Object.keys(body.movie_dict_by_genre)).toEqual(["액션", "코미디"]);
    expect(body.movie_list).toEqual([m.comedy]);
    expect(body.movie_dict_by_genre["액션"]).toEqual([m.comedy, m.host, m.parasyte]);
    expect(body.movie_dict_by_genre["코미디"]).toEqual([m.comedy, m.hanriver]);
  });

  it("matches genre names by tier 0–2, 초성 included", async () => {
    expect((await ok("드라마")).movie_dict_by_genre).toEqual({
      드라마: [m.parasite, m.memories, m.host, m.monsters],
    });
    expect(Object.keys((await ok("ㄷㄹㅁ")).movie_dict_by_genre)).toEqual(["드라마"]);
    expect(Object.keys((await ok("스릴")).movie_dict_by_genre)).toEqual(["스릴러"]);
    expect((await ok("sf")).movie_dict_by_genre).toEqual({ SF: [m.parasyte] });
    expect((await ok("기생충")).movie_dict_by_genre).toEqual({});
  });
});

describe("windows", () => {
  it("applies the same window to every list and every genre list", async () => {
    const body = await ok("괴물", { begin: "1", end: "2" });
    expect(body.movie_list).toEqual([m.monsters]);
    expect(body.collection_list).toEqual([c.fans]);
    const genres = await ok("드라마", { begin: "1", end: "3" });
    expect(genres.movie_dict_by_genre["드라마"]).toEqual([m.memories, m.host]);
    const past = await ok("괴물", { begin: "10" });
    expect(past.movie_list).toEqual([]);
    expect(past.collection_list).toEqual([]);
    expect((await ok("괴물", { begin: "0", end: "0" })).movie_list).toEqual([]);
  });

  it("gives the same answers when every list is ranked by popularity scans", async () => {
    const scanning = [0, 1, 3].map((cap) => createSearchService(ctx.db, { candidateCap: cap }));
    const queries = [
      "괴물",
      "물",
      "기생총",
      "ㄱ",
      "ㅂㅈ",
      "기ㅅ",
      "사랑해요",
      "movie",
      "monster",
      "액션 코미디",
      "드라마",
      "o",
    ];
    for (const search_q of queries) {
      for (const window of [{}, { begin: "1", end: "3" }, { begin: "0", end: "1" }]) {
        const expected = await ctx.services.search.search({ search_q, ...window }, u.viewer!.id);
        for (const service of scanning) {
          expect(await service.search({ search_q, ...window }, u.viewer!.id), `${search_q}`).toEqual(expected);
        }
      }
    }
  });
});

describe("popularity scans", () => {
  it("page after the last record read, across ties, without repeating or skipping a record", async () => {
    const whole = await selectRecords(ctx.db, KINDS.movie, [], { after: null, limit: 1000 });
    expect(whole.length).toBeGreaterThan(10);
    // Ties on the first key (tieC, tieB, tieA) and on both keys (tieB, tieA) fall inside pages and on their edges.
    const order = whole.map((r) => r.id);
    expect(order.indexOf(m.tieB!)).toBe(order.indexOf(m.tieC!) + 1);
    expect(order.indexOf(m.tieA!)).toBe(order.indexOf(m.tieB!) + 1);
    for (const limit of [1, 2, 3]) {
      const ids: number[] = [];
      let after: readonly number[] | null = null;
      for (;;) {
        const page = await selectRecords(ctx.db, KINDS.movie, [], { after, limit });
        ids.push(...page.map((r) => r.id));
        if (page.length < limit) break;
        after = page.at(-1)!.order;
      }
      expect(ids, `pages of ${limit}`).toEqual(order);
    }
  });
});
