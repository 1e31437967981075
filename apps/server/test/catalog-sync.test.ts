// Real films (issue #17): the TMDB/KOBIS clients against protocol fakes on loopback, the mapping, catalog:sync
// (popular, ids, changes; seed films matched and linked; operator imports kept; resumable; failures skipped; the
// people pass after the films), TMDB's genre list against the catalog's vocabulary, and the charts from KOBIS and
// TMDB, all against the real database and app.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Movie } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCatalog } from "../src/cli/catalog/import.js";
import { seedCatalog } from "../src/db/seed/index.js";
import { startCatalogSyncJob } from "../src/jobs/catalog-sync-job.js";
import { syncChart } from "../src/modules/catalog-sync/charts.js";
import { GenreVocabulary } from "../src/modules/catalog-sync/genres.js";
import { HttpClient, HttpError } from "../src/modules/catalog-sync/http.js";
import { KobisClient } from "../src/modules/catalog-sync/kobis-client.js";
import { mapPerson } from "../src/modules/catalog-sync/mapping.js";
import { namePendingPeople, runCatalogSync } from "../src/modules/catalog-sync/sync.js";
import { TmdbClient } from "../src/modules/catalog-sync/tmdb-client.js";
import { gradeName } from "../src/modules/catalog-sync/vocabulary.js";
import { loadConfig } from "../src/config.js";
import { countRows, createTestContext, type TestContext } from "./helpers/context.js";
import {
  FAKE_KOBIS_KEY,
  FAKE_TMDB_KEY,
  type FakeServer,
  type FakeTmdbData,
  startFakeKobis,
  startFakeTmdb,
} from "./helpers/fake-tmdb.js";
import {
  boxOfficeEntry,
  castMember,
  director,
  film,
  genreOf,
  kobisInfo,
  person,
  TMDB_GENRE_LIST,
} from "./helpers/tmdb-fixtures.js";

// Timeouts long enough for a loaded machine: the scripted hang is the only request that may reach one.
const FAST = { timeoutMs: 3000, backoffMs: 10, requestsPerSecond: 1000, maxRetryAfterMs: 2000 };

const data: FakeTmdbData = {
  movies: new Map(
    [
      film({
        id: 496243,
        title: "기생충",
        original_title: "기생충",
        release_date: "2019-05-30",
        runtime: 132,
        genres: [35, 53, 18],
        certification: "15",
        imdb_id: "tt6751668",
        directors: [director(21684, "Bong Joon-ho")],
        cast: [castMember(20738, "Song Kang-ho", 0, "기택"), castMember(99001, "Park Extra", 9, "행인")],
        kr: {
          link: "https://www.themoviedb.org/movie/496243/watch?locale=KR",
          flatrate: [
            { provider_id: 8, provider_name: "Netflix", logo_path: "/netflix.jpg", display_priority: 4 },
            { provider_id: 97, provider_name: "Watcha", logo_path: "/watcha.jpg", display_priority: 1 },
          ],
          rent: [{ provider_id: 3, provider_name: "Google Play Movies", logo_path: "/gp.jpg", display_priority: 9 }],
        },
      }),
      film({
        id: 9001,
        title: "봄날의 기록",
        original_title: "봄날의 기록",
        release_date: "2023-11-22",
        runtime: 141,
        genres: [18, 36],
        certification: "12",
        imdb_id: "tt2891070",
        poster_path: null,
        backdrop_path: null,
        directors: [director(1001, "Kim Sung-su")],
        cast: [
          castMember(1002, "Hwang Jung-min", 0, "전두광"),
          castMember(1003, "Jung Woo-sung", 1, "이태신", null),
          castMember(1004, "Lee Sung-min", 3, "정상호"),
        ],
      }),
      film({
        id: 9002,
        title: "",
        original_title: "The Quiet Field",
        release_date: "2021-03-05",
        overview: "",
        countries: ["US"],
        directors: [director(1101, "Anna Reed")],
      }),
      // Malformed: no release date anywhere.
      film({ id: 9003, title: "날짜 없는 영화", original_title: "No Date", release_date: "" }),
      film({
        id: 9100,
        title: "한강의 밤",
        original_title: "한강의 밤",
        release_date: "2024-07-20",
        directors: [director(1201, "Choi Dong-hoon")],
      }),
    ].map((m) => [m.id, m]),
  ),
  english: new Map([[9002, { title: "The Quiet Field", overview: "A farmer waits for rain." }]]),
  people: new Map(
    [
      person(21684, "Bong Joon-ho", ["봉준호", "Бон Чжун Хо"]),
      person(20738, "Song Kang-ho", ["송강호"]),
      person(1001, "Kim Sung-su", ["김성수"]),
      person(1002, "Hwang Jung-min", ["黃晸玟", "황정민"]),
      // Without any Hangul spelling and without a photo: the Latin name stays, the art is drawn.
      person(1003, "Jung Woo-sung", ["Woo-sung Jung"], null),
      person(1004, "이성민", []),
      person(1101, "Anna Reed", []),
      person(1201, "Choi Dong-hoon", ["최동훈"]),
      person(99001, "Park Extra", ["박엑스트라"]),
    ].map((p) => [p.id, p]),
  ),
  popular: [496243, 9001, 9002, 9003, ...Array.from({ length: 20 }, (_, i) => 5001 + i)],
  generateMovie: (id) =>
    id > 5000 && id <= 5100
      ? film({
          id,
          title: `인기 영화 ${id}`,
          original_title: `Popular ${id}`,
          release_date: "2024-01-01",
          directors: [director(id * 10, `Director ${id}`)],
        })
      : undefined,
  generatePerson: (id) => (id > 50000 && id <= 51000 ? person(id, `감독${id}`, []) : undefined),
  discover: { flatrate: [9001, 496243], buy: [9002] },
  search: { "한강의 밤": [9100] },
};

let ctx: TestContext;
let tmdbFake: FakeServer;
let kobisFake: FakeServer;
let tmdb: TmdbClient;

beforeAll(async () => {
  tmdbFake = await startFakeTmdb(data);
  kobisFake = await startFakeKobis({
    daily: {
      "20240101": [
        boxOfficeEntry(1, "20183782", "기생충", "2019-05-30"),
        boxOfficeEntry(2, "20204117", "한강의 밤", "2024-07-20"),
        boxOfficeEntry(3, "20249999", "아무도 모르는 영화", "2024-01-01"),
      ],
    },
    info: new Map([
      ["20183782", kobisInfo("20183782", "기생충", "20190530", ["봉준호"])],
      ["20204117", kobisInfo("20204117", "한강의 밤", "20240720", ["최동훈"])],
    ]),
  });
  ctx = await createTestContext();
  await seedCatalog(ctx.db, ctx.clock.now());
  tmdb = new TmdbClient({ apiKey: FAKE_TMDB_KEY, baseUrl: `${tmdbFake.url}/3` }, FAST);
});
afterAll(async () => {
  await ctx.close();
  await tmdbFake.close();
  await kobisFake.close();
});

const deps = () => ({ db: ctx.db, tmdb, clock: ctx.clock });
async function movieByTmdb(id: number): Promise<Movie> {
  const row = await ctx.db.selectFrom("movies").select("id").where("tmdb_id", "=", id).executeTakeFirstOrThrow();
  const res = await ctx.app.inject({ method: "GET", url: `/api/movies/${row.id}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("the HTTP client", () => {
  it("waits out a 429's Retry-After, retries a 500 and a timeout, and gives up on a malformed answer", async () => {
    const client = new HttpClient(FAST);
    const url = `${tmdbFake.url}/3/movie/9001?api_key=${FAKE_TMDB_KEY}`;
    tmdbFake.script.set("/3/movie/9001", [{ status: 429, retryAfter: 1 }, { status: 500 }, "hang"]);
    const before = tmdbFake.requests.length;
    const answer = await client.getJson<{ id: number }>(url);
    expect(answer.id).toBe(9001);
    expect(tmdbFake.requests.length - before).toBe(4);
    expect(client.stats).toEqual({ requests: 4, retries: 3, throttled: 1 });

    tmdbFake.script.set("/3/movie/9001", [{ status: 200, body: "{not json" }]);
    await expect(client.getJson(url)).rejects.toThrow(/not JSON/);
    // A 4xx other than 429 is final, and the key never appears in the message.
    await expect(client.getJson(`${tmdbFake.url}/3/movie/9001?api_key=wrong`)).rejects.toSatisfy(
      (e: unknown) => e instanceof HttpError && e.status === 401 && !e.message.includes("wrong"),
    );
    tmdbFake.script.set("/3/movie/9001", [{ status: 503 }, { status: 503 }, { status: 503 }]);
    await expect(new HttpClient({ ...FAST, attempts: 3 }).getJson(url)).rejects.toThrow(/503/);
  });

  it("sends a v4 read token as a bearer token and a v3 key as api_key", async () => {
    tmdbFake.requests.length = 0;
    await tmdb.genres().catch(() => undefined);
    expect(tmdbFake.requests[0]).toContain(`api_key=${FAKE_TMDB_KEY}`);
    expect(tmdbFake.requests[0]).toContain("language=ko-KR");
  });
});

describe("mapping", () => {
  it("names people in Hangul from also_known_as and maps KR certifications to grades", () => {
    expect(mapPerson(1, "Bong Joon-ho", null, data.people.get(21684))).toMatchObject({
      name: "봉준호",
      original_name: "Bong Joon-ho",
    });
    expect(mapPerson(2, "Jung Woo-sung", null, data.people.get(1003))).toMatchObject({
      name: "Jung Woo-sung",
      original_name: null,
      profile_path: null,
    });
    expect(["All", "12", "15", "18", "19", "Restricted Screening", "12세이상관람가", "NR"].map(gradeName)).toEqual([
      "전체 관람가",
      "12세 이상 관람가",
      "15세 이상 관람가",
      "청소년 관람불가",
      "청소년 관람불가",
      "제한상영가",
      "12세 이상 관람가",
      null,
    ]);
  });
});

describe("catalog:sync", () => {
  it("syncs the most popular films over two pages, links the seed film, skips the malformed one", async () => {
    const moviesBefore = await countRows(ctx, "movies");
    const seedParasite = await ctx.db
      .selectFrom("movies")
      .selectAll()
      .where("key", "=", "parasite-2019")
      .executeTakeFirstOrThrow();
    const progress: number[] = [];
    const summary = await runCatalogSync(
      deps(),
      { kind: "popular", count: 22 },
      {
        onProgress: (done) => progress.push(done),
      },
    );
    expect(summary).toMatchObject({ total: 22, inserted: 20, linked: 1, updated: 0, interrupted: false });
    expect(summary.failed).toEqual([{ tmdb_id: 9003, error: expect.stringContaining("no release year") }]);
    expect(progress.at(-1)).toBe(22);
    expect(tmdbFake.requests.some((r) => r.startsWith("/3/movie/popular") && r.includes("page=2"))).toBe(true);
    expect(await countRows(ctx, "movies")).toBe(moviesBefore + 20);

    // The seed film is linked, not duplicated: its curated texts stay, it gains ids, images and providers.
    const parasite = await movieByTmdb(496243);
    expect(parasite.id).toBe(seedParasite.id);
    expect(parasite).toMatchObject({
      title: "기생충",
      synopsis: seedParasite.synopsis,
      imdb_id: "tt6751668",
      poster_url: "https://image.tmdb.org/t/p/w500/poster-496243.jpg",
    });
    expect(parasite.watch_providers.flatrate.map((p) => p.name)).toEqual(["Watcha", "Netflix"]);
    expect(parasite.watch_providers.rent).toEqual([
      { provider_id: 3, name: "Google Play Movies", logo_url: "https://image.tmdb.org/t/p/w92/gp.jpg" },
    ]);
    const bong = await ctx.db
      .selectFrom("people")
      .select(["key", "tmdb_id", "profile_path"])
      .where("tmdb_id", "=", 21684)
      .executeTakeFirstOrThrow();
    // The seed person is linked by name (their portrait from the credit).
    expect(bong).toEqual({ key: "bong-joon-ho", tmdb_id: 21684, profile_path: "/crew-21684.jpg" });
    // Nobody is added without a film (a linked film keeps its own credits).
    const uncredited = await ctx.db
      .selectFrom("people")
      .select("id")
      .where("tmdb_id", "is not", null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("credits").select("id").whereRef("credits.person_id", "=", "people.id"))),
      )
      .execute();
    expect(uncredited).toEqual([]);

    // A new film in the catalog's vocabulary, people under their Hangul names, art where TMDB has no image.
    const spring = await movieByTmdb(9001);
    expect(spring).toMatchObject({
      title: "봄날의 기록",
      year: 2023,
      running_time: 141,
      grade: "12세 이상 관람가",
      genres: ["드라마", "역사"],
      countries: ["한국"],
      imdb_id: "tt2891070",
      kobis_code: null,
    });
    expect(spring.poster_url).toMatch(/^\/media\/poster\/[0-9]+\.svg/);
    expect(spring.participants.map((p) => [p.name, p.role])).toEqual([
      ["김성수", "감독"],
      ["황정민", "주연 | 전두광"],
      // No Hangul spelling at TMDB: linked to the seed's 정우성 by the Latin name, so his Korean name stays.
      ["정우성", "주연 | 이태신"],
      ["이성민", "주연 | 정상호"],
    ]);
    // Seed people credited on a new film are linked, not added a second time.
    const namesakes = await ctx.db
      .selectFrom("people")
      .select(["key", "tmdb_id"])
      .where("name", "in", ["김성수", "황정민", "정우성"])
      .orderBy("key")
      .execute();
    expect(namesakes).toEqual([
      { key: "hwang-jung-min", tmdb_id: 1002 },
      { key: "jung-woo-sung", tmdb_id: 1003 },
      { key: "kim-sung-su", tmdb_id: 1001 },
    ]);
    // A linked seed person's portrait comes from the credit (the person pass only details people it added).
    expect(spring.participants[1]!.profile_url).toBe("https://image.tmdb.org/t/p/w185/cast-1002.jpg");
    expect(spring.participants[2]!.profile_url).toMatch(/^\/media\/person\//);

    // Korean fields TMDB lacks come from the English answer.
    const quiet = await movieByTmdb(9002);
    expect(quiet).toMatchObject({
      title: "The Quiet Field",
      synopsis: "A farmer waits for rain.",
      grade: null,
      countries: ["미국"],
    });

    // Search sees the new films and people at once (documents written in the same transaction).
    const search = await ctx.app.inject({ method: "GET", url: "/api/search?search_q=봄날의기록&category=movie" });
    expect(search.json().movie_list).toContain(spring.id);
    const people = await ctx.app.inject({ method: "GET", url: "/api/search?search_q=Anna%20Reed&category=person" });
    expect(people.json().participant_list.length).toBe(1);
  });

  it("is idempotent by TMDB id and leaves an operator's import alone unless forced", async () => {
    const [movies, people, credits] = await Promise.all(["movies", "people", "credits"].map((t) => countRows(ctx, t)));
    const again = await runCatalogSync(deps(), { kind: "ids", ids: [9001, 496243] });
    expect(again).toMatchObject({ total: 2, updated: 1, linked: 1, inserted: 0, failed: [] });
    expect([await countRows(ctx, "movies"), await countRows(ctx, "people"), await countRows(ctx, "credits")]).toEqual([
      movies,
      people,
      credits,
    ]);

    const edited = {
      key: "tmdb-9001",
      title: "봄날의 기록 (감독판)",
      original_title: "봄날의 기록",
      year: 2023,
      running_time: 141,
      grade: "12세 이상 관람가",
      genres: ["드라마"],
      countries: ["한국"],
      synopsis: "운영자가 고친 줄거리.",
      credits: [],
    };
    await importCatalog(ctx.db, "edit.json", JSON.stringify([edited]));
    const kept = await runCatalogSync(deps(), { kind: "ids", ids: [9001] });
    expect(kept).toMatchObject({ linked: 1, updated: 0 });
    expect((await movieByTmdb(9001)).title).toBe("봄날의 기록 (감독판)");
    const forced = await runCatalogSync(deps(), { kind: "ids", ids: [9001] }, { force: true });
    expect(forced).toMatchObject({ updated: 1 });
    const restored = await movieByTmdb(9001);
    expect(restored.title).toBe("봄날의 기록");
    expect(restored.participants).toHaveLength(4);
  });

  it("resumes an interrupted run where it stopped", async () => {
    const controller = new AbortController();
    const first = await runCatalogSync(
      deps(),
      { kind: "ids", ids: [5001, 5002, 5003, 5004] },
      {
        concurrency: 1,
        signal: controller.signal,
        onProgress: (done) => {
          if (done === 1) controller.abort();
        },
      },
    );
    expect(first).toMatchObject({ interrupted: true, total: 4 });
    const second = await runCatalogSync(deps(), { kind: "ids", ids: [5001, 5002, 5003, 5004] });
    expect(second).toMatchObject({ resumed: true, runId: first.runId, alreadyDone: 1, interrupted: false });
    expect(second.updated).toBe(3);
    const third = await runCatalogSync(deps(), { kind: "ids", ids: [5001, 5002, 5003, 5004] });
    expect(third.resumed).toBe(false);
  });

  it("serves the films with TMDB's spellings first; the people pass names them after, resumably", async () => {
    // The background job's way: the run ends with its films, the people are left to their own pass.
    const films = await runCatalogSync(deps(), { kind: "ids", ids: [5050] }, { namePeople: false });
    expect(films).toMatchObject({ inserted: 1, peopleNamed: 0, interrupted: false });
    expect((await movieByTmdb(5050)).participants.map((p) => p.name)).toEqual(["Director 5050"]);
    expect((await runCatalogSync(deps(), { kind: "ids", ids: [5050] }, { namePeople: false })).resumed).toBe(false);
    expect(await namePendingPeople(deps())).toEqual({ named: 1, failed: 0, interrupted: false });
    expect((await movieByTmdb(5050)).participants.map((p) => p.name)).toEqual(["감독50500"]);
    expect(await namePendingPeople(deps())).toEqual({ named: 0, failed: 0, interrupted: false });

    // The CLI's way, interrupted during the people pass: the films are in, the run resumes with the names only.
    const ids = [5060, 5061, 5062, 5063];
    const controller = new AbortController();
    const first = await runCatalogSync(
      deps(),
      { kind: "ids", ids },
      {
        concurrency: 1,
        signal: controller.signal,
        onPeopleProgress: (done) => {
          if (done === 1) controller.abort();
        },
      },
    );
    expect(first).toMatchObject({ inserted: 4, interrupted: true, peopleNamed: 2 });
    const names = async () => Promise.all(ids.map(async (id) => (await movieByTmdb(id)).participants[0]!.name));
    expect((await names()).filter((name) => name.startsWith("Director"))).toHaveLength(2);
    const second = await runCatalogSync(deps(), { kind: "ids", ids });
    expect(second).toMatchObject({ resumed: true, alreadyDone: 4, peopleNamed: 2, interrupted: false });
    expect(await names()).toEqual(["감독50600", "감독50610", "감독50620", "감독50630"]);
  });

  it("updates the films of the catalog TMDB changed, and moves its cursor", async () => {
    data.changes = [9002, 777777];
    const summary = await runCatalogSync(deps(), { kind: "changes" });
    expect(summary).toMatchObject({ total: 1, updated: 1, failed: [] });
    expect(tmdbFake.requests.some((r) => r.startsWith("/3/movie/changes?start_date="))).toBe(true);
    const cursor = await ctx.db
      .selectFrom("app_state")
      .select("value")
      .where("key", "=", "tmdb_changes_since")
      .executeTakeFirst();
    expect(cursor?.value).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe("charts from KOBIS and TMDB", () => {
  it("ranks the KOBIS box office: seed film matched, unknown film found through TMDB, the rest left out", async () => {
    const kobis = new KobisClient({ apiKey: FAKE_KOBIS_KEY, baseUrl: kobisFake.url }, FAST);
    const summary = await syncChart({ db: ctx.db, clock: ctx.clock, tmdb, kobis }, "box_office", "20240101");
    expect(summary).toMatchObject({ entries: 2, created: 1, date: "20240101" });
    expect(summary.unmatched).toEqual(["아무도 모르는 영화 (20249999)"]);
    const chart = (await ctx.app.inject({ method: "GET", url: "/api/movies?chart_type=box_office" })).json<Movie[]>();
    // Worst rank first (API.md): rank 2 then rank 1.
    expect(chart.map((m) => [m.title, m.kobis_code])).toEqual([
      ["한강의 밤", "20204117"],
      ["기생충", "20183782"],
    ]);
  });

  it("ranks the KR streaming and purchase charts from TMDB's watch providers", async () => {
    const netflix = await syncChart({ db: ctx.db, clock: ctx.clock, tmdb }, "netflix");
    expect(netflix).toMatchObject({ entries: 2, created: 0 });
    expect(tmdbFake.requests.some((r) => r.includes("watch_region=KR") && r.includes("with_watch_providers=8"))).toBe(
      true,
    );
    const chart = (await ctx.app.inject({ method: "GET", url: "/api/movies?chart_type=netflix" })).json<Movie[]>();
    expect(chart.map((m) => m.tmdb_id)).toEqual([496243, 9001]);
    const buying = await syncChart({ db: ctx.db, clock: ctx.clock, tmdb }, "watcha_buying");
    expect(buying.entries).toBe(1);
  });
});

describe("TMDB's genre list", () => {
  it("is read once a day per client, and the catalog's vocabulary covers every genre in it", async () => {
    const config = { apiKey: FAKE_TMDB_KEY, baseUrl: `${tmdbFake.url}/3` };
    const client = new TmdbClient(config, { ...FAST, attempts: 2 });
    // A failed read is not kept: the next call asks again.
    tmdbFake.script.set("/3/genre/movie/list", [{ status: 503 }, { status: 503 }]);
    await expect(client.genres()).rejects.toThrow(/503/);
    tmdbFake.requests.length = 0;
    const [list, again] = await Promise.all([client.genres(), client.genres()]);
    expect(await client.genres()).toBe(list);
    expect(again).toBe(list);
    expect(tmdbFake.requests).toEqual([`/3/genre/movie/list?language=ko-KR&api_key=${FAKE_TMDB_KEY}`]);
    const vocabulary = GenreVocabulary.fromList(list.genres);
    expect(vocabulary.report()).toEqual([]);
    // TMDB's Korean names are the catalog's.
    expect(list.genres.map((g) => vocabulary.name(g.id))).toEqual(list.genres.map((g) => g.name));
  });

  it("reports a genre TMDB added, in details and in list results, and keeps the film under TMDB's name", async () => {
    const added = [...TMDB_GENRE_LIST, { id: 10999, name: "새 장르" }];
    const newFilm = film({
      id: 9200,
      title: "새 장르의 영화",
      original_title: "A New Kind",
      release_date: "2024-02-02",
      directors: [director(1301, "Yoon Ga-eun")],
    });
    // Genre 10998 is in no list: only the film's details name it.
    newFilm.genres = [genreOf(18), genreOf(10999, added), { id: 10998, name: "미지의 장르" }];
    data.movies.set(9200, newFilm);
    data.people.set(1301, person(1301, "Yoon Ga-eun", ["윤가은"]));
    data.genres = added;
    const discover = data.discover;
    data.discover = { flatrate: [9200] };
    try {
      // A new client: the shared one keeps TMDB's list for a day.
      const client = new TmdbClient({ apiKey: FAKE_TMDB_KEY, baseUrl: `${tmdbFake.url}/3` }, FAST);
      const summary = await runCatalogSync({ ...deps(), tmdb: client }, { kind: "ids", ids: [9200] });
      expect(summary).toMatchObject({ inserted: 1, failed: [], unknownGenres: ["10998 미지의 장르", "10999 새 장르"] });
      expect((await movieByTmdb(9200)).genres).toEqual(["드라마", "새 장르", "미지의 장르"]);
      // The chart's list result carries only the ids: 10998 is known by its id alone there.
      const chart = await syncChart({ db: ctx.db, clock: ctx.clock, tmdb: client }, "netflix");
      expect(chart).toMatchObject({ entries: 1, created: 0, unknownGenres: ["10998 #10998", "10999 새 장르"] });
    } finally {
      data.genres = undefined;
      data.discover = discover;
    }
  });
});

describe("configuration and the background job", () => {
  it("defaults CATALOG_SYNC_ON_START to 300 with a TMDB key and starts nothing without keys", () => {
    expect(loadConfig({ TMDB_API_KEY: "k" }).catalog.syncOnStart).toBe(300);
    expect(loadConfig({}).catalog).toMatchObject({ tmdb: undefined, kobis: undefined, syncOnStart: 0 });
    expect(() => loadConfig({ CATALOG_SYNC_ON_START: "5" })).toThrow(/needs TMDB_API_KEY/);
    const log = { info: () => undefined, error: () => undefined };
    expect(startCatalogSyncJob({ db: ctx.db, clock: ctx.clock, config: loadConfig({}), log })).toBeUndefined();
  });

  it("fills a seed-only catalog with popular films once, then runs the daily tasks", async () => {
    const fresh = await createTestContext({
      env: {
        TMDB_API_KEY: FAKE_TMDB_KEY,
        TMDB_BASE_URL: `${tmdbFake.url}/3`,
        KOBIS_API_KEY: FAKE_KOBIS_KEY,
        KOBIS_BASE_URL: kobisFake.url,
        CATALOG_SYNC_ON_START: "3",
      },
    });
    try {
      await seedCatalog(fresh.db, fresh.clock.now());
      const infos: string[] = [];
      const job = startCatalogSyncJob({
        db: fresh.db,
        clock: { now: () => new Date("2024-01-02T01:00:00Z") }, // 10:00 KST: the box office is due
        config: fresh.config,
        log: { info: (_o, msg) => infos.push(msg), error: (o, msg) => infos.push(`${msg}: ${String(o)}`) },
        http: FAST,
      })!;
      await job.firstRun;
      await job.stop();
      const linked = await fresh.db.selectFrom("movies").select("tmdb_id").where("tmdb_id", "is not", null).execute();
      expect(linked.map((r) => r.tmdb_id).sort()).toEqual(expect.arrayContaining([496243, 9001, 9002]));
      expect(infos).toContain("catalog filled from TMDB");
      // The people of the films were named after the daily tasks (Anna Reed has no Hangul name: looked up all the same).
      expect(infos.indexOf("people named in Hangul")).toBeGreaterThan(infos.indexOf("catalog sync task done"));
      const reed = await fresh.db
        .selectFrom("people")
        .select(["name", "original_name"])
        .where("tmdb_id", "=", 1101)
        .executeTakeFirstOrThrow();
      expect(reed).toEqual({ name: "Anna Reed", original_name: "Anna Reed" });
      const tasks = await fresh.db.selectFrom("app_state").selectAll().where("key", "like", "job:%").execute();
      expect(Object.fromEntries(tasks.map((t) => [t.key, t.value]))).toEqual({
        "job:changes": "2024-01-02",
        "job:netflix": "2024-01-02",
        "job:watcha_buying": "2024-01-02",
        "job:box_office": "2024-01-02",
      });
    } finally {
      await fresh.close();
    }
  });
});

describe("the CLIs", () => {
  const run = (script: string, args: string[], env: Record<string, string>) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ["--import", "tsx", path.resolve(import.meta.dirname, "../src/cli", `${script}.ts`), ...args],
        { env: { ...process.env, LOG_LEVEL: "silent", ...env }, timeout: 60_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  it("catalog:sync reports a skipped film and exits 1 when nothing could be synced; 0 when it synced", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalog-sync-"));
    try {
      const env = {
        DATABASE_URL: `sqlite:${path.join(dir, "cli.db")}`,
        TMDB_API_KEY: FAKE_TMDB_KEY,
        TMDB_BASE_URL: `${tmdbFake.url}/3`,
      };
      const bad = await run("catalog-sync", ["--ids", "9003"], env);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain("skipped TMDB 9003");
      expect(bad.stderr).toContain("nothing could be synced");
      const good = await run("catalog-sync", ["--ids", "9003,9001"], env);
      expect(good.code).toBe(0);
      expect(good.stdout).toMatch(/1 inserted, 0 updated, 0 linked to the catalog, 1 failed, of 2/);
      const noKey = await run("charts-sync", ["netflix"], { DATABASE_URL: env.DATABASE_URL });
      expect(noKey.code).toBe(1);
      expect(noKey.stderr).toContain("TMDB_API_KEY is not set");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
