// The read cache (src/cache): byte budgets per region and overall, one staleness rule per region (a write makes the
// next read fresh, on several endpoints), shared builds for concurrent misses, windows beyond the first pages not
// kept, and the per-region metrics in /api/metrics. On SQLite and PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { REPO_ROOT } from "../src/config.js";
import {
  configureReadCache,
  defineRegion,
  KEPT_WINDOW_END,
  readCacheBudget,
  readCacheRegions,
  readCacheStats,
  type RegionStats,
  verifyReadCache,
} from "../src/cache/index.js";
import { VERSIONED_TABLES } from "../src/db/data-version.js";
import { createTestContext, dialectUnderTest, type TestContext } from "./helpers/context.js";
import {
  createMember,
  createMovie,
  createReply,
  createReview,
  injectAs,
  type TestMember,
} from "./helpers/factories.js";

const METRICS_TOKEN = "metrics-token-for-cache-tests-0123456789";
const BUDGET_MB = 4;

let ctx: TestContext;
let writers: TestMember[];
let movieId: number;

const stats = (name: string): RegionStats => {
  const found = readCacheStats().find((s) => s.name === name);
  if (!found) throw new Error(`no region ${name}`);
  return found;
};
const get = (url: string, member: TestMember | null = null) => injectAs(ctx, member)({ method: "GET", url });

// Regions of this file's own (a small share each): the mechanism without an endpoint around it.
const counted = defineRegion<string>({
  name: "test-counted",
  share: 0.0025,
  stale: { token: "member" },
  keeps: "test values",
});
const aged = defineRegion<string>({
  name: "test-aged",
  share: 0.0025,
  stale: { token: "member", maxAgeS: 60 },
  keeps: "test values",
});

// Two `tables` regions: one whose rule names what its build reads (people), one that reads the users table without
// naming it — the mistake verifyReadCache (test/setup.ts) exists to catch.
const peopleCount = defineRegion<string>({
  name: "test-tables",
  share: 0.0025,
  stale: { token: "tables", tables: ["people"] },
  keeps: "test values",
});
const misdeclared = defineRegion<string>({
  name: "test-tables-misdeclared",
  share: 0.0025,
  stale: { token: "tables", tables: ["people"] },
  keeps: "test values",
});

beforeAll(async () => {
  ctx = await createTestContext({ env: { CACHE_MAX_MB: String(BUDGET_MB), METRICS_TOKEN } });
  writers = [];
  for (let i = 0; i < 12; i++) writers.push(await createMember(ctx));
  movieId = (await createMovie(ctx, { title: "캐시 시험 영화" })).id;
  // Long reviews: a window of ten is tens of kilobytes, so a few windows fill the review-windows region.
  for (const [i, writer] of writers.entries()) {
    await createReview(ctx, writer, movieId, { rating: 3, content: `${i}번째 긴 리뷰 `.repeat(150) });
  }
});
afterAll(async () => ctx.close());

describe("the mechanism", () => {
  it("shares one build among concurrent misses of a key, and builds again under a new token", async () => {
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return `값 ${builds}`;
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => counted.get(ctx.db, { token: 1 }, "k", build)));
    expect(builds).toBe(1);
    expect(new Set(answers)).toEqual(new Set(["값 1"]));
    expect(await counted.get(ctx.db, { token: 1 }, "k", build)).toBe("값 1");
    // An entry built under an older token is never served.
    expect(await counted.get(ctx.db, { token: 2 }, "k", build)).toBe("값 2");
    expect(builds).toBe(2);
    // A failed build is not kept, and the next read builds again.
    const failing = () => Promise.reject(new Error("실패"));
    await expect(counted.get(ctx.db, { token: 3 }, "f", failing)).rejects.toThrow("실패");
    expect(await counted.get(ctx.db, { token: 3 }, "f", build)).toBe("값 3");
    // No token (nothing to key on): built every time.
    await counted.get(ctx.db, { token: null }, "n", build);
    await counted.get(ctx.db, { token: null }, "n", build);
    expect(builds).toBe(5);
  });

  it("keeps a time-limited entry only for its time", async () => {
    let builds = 0;
    const build = async () => String(++builds);
    expect(await aged.get(ctx.db, { token: 1, now: 0 }, "a", build)).toBe("1");
    expect(await aged.get(ctx.db, { token: 1, now: 59_999 }, "a", build)).toBe("1");
    expect(await aged.get(ctx.db, { token: 1, now: 60_000 }, "a", build)).toBe("2");
  });

  it("keeps a `tables` entry until one of its tables changes (SQLite), until any write (PostgreSQL)", async () => {
    let builds = 0;
    const build = async () => {
      builds++;
      const row = await ctx.db
        .selectFrom("people")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return `${Number(row.n)}명`;
    };
    // Counting builds: the check of every hit (test/setup.ts) would build too.
    verifyReadCache(false);
    onTestFinished(() => verifyReadCache(true));
    const first = await peopleCount.get(ctx.db, "count", build);
    expect(await peopleCount.get(ctx.db, "count", build)).toBe(first);
    expect(builds).toBe(1);
    // A rating and a status message change other tables (and the rater's private columns): on SQLite the entry
    // stays; on PostgreSQL the rule is the database version, so it is built again.
    const rater = writers[0]!;
    await injectAs(ctx, rater)({ method: "PUT", url: `/api/reviews/movie/${movieId}/mine`, payload: { rating: 4 } });
    expect(await peopleCount.get(ctx.db, "count", build)).toBe(first);
    expect(builds).toBe(dialectUnderTest === "sqlite" ? 1 : 2);
    // A change of a table it names: built again, with the change.
    await ctx.db
      .insertInto("people")
      .values({ key: "test-tables-person", name: "새 배우", created_at: "2026-11-27 00:00:00" })
      .execute();
    expect(await peopleCount.get(ctx.db, "count", build)).toBe(`${Number.parseInt(first, 10) + 1}명`);
  });

  it("fails a `tables` hit whose rule misses a table its build reads (verifyReadCache, on in every test)", async () => {
    const build = async () => {
      const row = await ctx.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return `${Number(row.n)}명`;
    };
    const first = await misdeclared.get(ctx.db, "members", build);
    await createMember(ctx);
    const next = misdeclared.get(ctx.db, "members", build);
    if (dialectUnderTest === "sqlite") {
      // The users table is not in its rule: the entry is a hit, and the check finds it stale.
      await expect(next).rejects.toThrow(/test-tables-misdeclared kept a stale answer/);
    } else {
      expect(await next).toBe(`${Number.parseInt(first, 10) + 1}명`);
    }
  });

  it("moves a table's version with every insert, update and delete, and a member's only with public columns", async () => {
    if (dialectUnderTest === "postgres") {
      // PostgreSQL keeps no table versions (migration 0017): `tables` regions are under the database version.
      const tables = await ctx.db.introspection.getTables();
      expect(tables.map((t) => t.name)).not.toContain("table_versions");
      return;
    }
    const versions = async () =>
      new Map(
        (
          await ctx.db
            .selectFrom("table_versions" as never)
            .select(["name as name", "version as version"] as never[])
            .execute()
        ).map((r) => [(r as { name: string }).name, String((r as { version: number }).version)]),
      );
    const before = await versions();
    expect([...before.keys()].sort()).toEqual([...VERSIONED_TABLES].sort());
    const member = await createMember(ctx);
    const afterInsert = await versions();
    expect(afterInsert.get("users")).not.toBe(before.get("users"));
    expect(afterInsert.get("people")).toBe(before.get("people"));
    // A member's first review moves their public review_count; rating the film again moves only data_version.
    const mine = `/api/reviews/movie/${movieId}/mine`;
    await injectAs(ctx, member)({ method: "PUT", url: mine, payload: { rating: 3 } });
    const afterReview = await versions();
    expect(afterReview.get("users")).not.toBe(afterInsert.get("users"));
    expect(afterReview.get("movies")).not.toBe(afterInsert.get("movies"));
    expect(afterReview.get("movie_ranks")).not.toBe(afterInsert.get("movie_ranks"));
    await injectAs(ctx, member)({ method: "PUT", url: mine, payload: { content: "다시 쓴 코멘트" } });
    expect((await versions()).get("users")).toBe(afterReview.get("users"));
    // A changed star moves the film's average (movies), not what search ranks it by (movie_ranks, migration 0021).
    const beforeStar = await versions();
    await injectAs(ctx, member)({ method: "PUT", url: mine, payload: { rating: 4 } });
    const afterStar = await versions();
    expect(afterStar.get("movies")).not.toBe(beforeStar.get("movies"));
    expect(afterStar.get("movie_ranks")).toBe(beforeStar.get("movie_ranks"));
    await ctx.db.updateTable("users").set({ status_message: null }).where("id", "=", member.id).execute();
    const afterPublic = await versions();
    // Private columns: no change.
    await ctx.db
      .updateTable("users")
      .set({ data_version: 99, liked_reviews_count: 3 })
      .where("id", "=", member.id)
      .execute();
    expect((await versions()).get("users")).toBe(afterPublic.get("users"));
    await ctx.db.updateTable("users").set({ status_message: "공개" }).where("id", "=", member.id).execute();
    const afterUpdate = await versions();
    expect(afterUpdate.get("users")).not.toBe(afterPublic.get("users"));
    await ctx.db.deleteFrom("follows").where("user_id", "=", -1).execute(); // deletes nothing: no change
    expect((await versions()).get("follows")).toBe(afterUpdate.get("follows"));
    await ctx.db
      .insertInto("follows")
      .values({ user_id: member.id, target_id: writers[1]!.id, created_at: "2026-11-27 00:00:00" })
      .execute();
    await ctx.db.deleteFrom("follows").where("user_id", "=", member.id).execute();
    expect((await versions()).get("follows")).not.toBe(afterUpdate.get("follows"));
  });

  it("switches regions off by name (CACHE_OFF): every read builds, nothing is kept; an unknown name is refused", async () => {
    let builds = 0;
    const build = async () => String(++builds);
    try {
      configureReadCache(readCacheBudget(), ["test-aged"]);
      const missesBefore = stats("test-aged").misses;
      expect(await aged.get(ctx.db, { token: 1, now: 0 }, "off", build)).toBe("1");
      expect(await aged.get(ctx.db, { token: 1, now: 0 }, "off", build)).toBe("2");
      expect(aged.peek(ctx.db, { token: 1, now: 0 }, "off")).toBeUndefined();
      expect(stats("test-aged").misses - missesBefore).toBe(2);
      // The other regions keep working.
      expect(await counted.get(ctx.db, { token: 1 }, "on", build)).toBe("3");
      expect(await counted.get(ctx.db, { token: 1 }, "on", build)).toBe("3");
      expect(() => configureReadCache(readCacheBudget(), ["no-such-region"])).toThrow(/no-such-region/);
    } finally {
      configureReadCache(readCacheBudget(), []);
    }
    // Switched on again: kept as before.
    expect(await aged.get(ctx.db, { token: 1, now: 0 }, "off", build)).toBe("4");
    expect(await aged.get(ctx.db, { token: 1, now: 0 }, "off", build)).toBe("4");
  });

  it("holds each region within its share of CACHE_MAX_MB, by bytes", async () => {
    expect(readCacheBudget()).toBe(BUDGET_MB * 1024 * 1024);
    const all = readCacheStats();
    // At most 1, as defineRegion checks it (sums of decimal shares carry a float error in the last bits).
    expect(all.reduce((sum, s) => sum + s.share, 0)).toBeLessThanOrEqual(1 + 1e-9);
    expect(all.reduce((sum, s) => sum + s.maxBytes, 0)).toBeLessThanOrEqual(readCacheBudget());
    const region = stats("test-counted");
    const value = "가".repeat(1000); // 2 kB each
    for (let i = 0; i < 100; i++) await counted.get(ctx.db, { token: 1 }, `big ${i}`, async () => value);
    const after = stats("test-counted");
    expect(after.bytes).toBeLessThanOrEqual(region.maxBytes);
    expect(after.entries).toBeLessThan(100);
    // The most recent entries stayed; the oldest went.
    let rebuilt = false;
    await counted.get(ctx.db, { token: 1 }, "big 99", async () => ((rebuilt = true), value));
    expect(rebuilt).toBe(false);
    await counted.get(ctx.db, { token: 1 }, "big 0", async () => ((rebuilt = true), value));
    expect(rebuilt).toBe(true);
  });
});

describe("answers through the API", () => {
  it("keep review windows within their region's bytes and the whole cache within the budget", async () => {
    for (let begin = 0; begin < 40; begin++) {
      const res = await get(`/api/reviews/movie/${movieId}?begin=${begin}&end=${begin + 10}`);
      expect(res.statusCode).toBe(200);
    }
    const windows = stats("review-windows");
    expect(windows.entries).toBeGreaterThan(0);
    expect(windows.entries).toBeLessThan(40);
    expect(windows.bytes).toBeLessThanOrEqual(windows.maxBytes);
    const total = readCacheStats().reduce((sum, s) => sum + s.bytes, 0);
    expect(total).toBeLessThanOrEqual(readCacheBudget());
  });

  it("answer a repeated read from the cache and do not keep windows beyond the first pages", async () => {
    const url = `/api/reviews/movie/${movieId}?begin=0&end=5`;
    const first = await get(url);
    const before = stats("review-windows");
    const again = await get(url);
    expect(again.body).toBe(first.body);
    expect(stats("review-windows").hits).toBe(before.hits + 1);

    const deep = `/api/reviews/movie/${movieId}?begin=${KEPT_WINDOW_END}&end=${KEPT_WINDOW_END + 10}`;
    const entries = stats("review-windows").entries;
    await get(deep);
    await get(deep);
    const after = stats("review-windows");
    expect(after.misses).toBe(before.misses + 2);
    expect(after.entries).toBe(entries);
  });

  it("show a write on the next read, whatever the region's rule", async () => {
    const newcomer = await createMember(ctx);
    const list = `/api/reviews/movie/${movieId}?begin=0&end=20&sort=recent`;
    const movie = `/api/movies/${movieId}`;
    const analysis = `/api/analysis/${newcomer.id}?search_q=rating`;
    const profile = `/api/users/profile/${newcomer.id}`;
    const mine = `/api/reviews/movie/${movieId}/mine`;
    const read = async () => ({
      list: (await get(list)).json() as Array<{ user_id: number }>,
      movie: (await get(movie)).json() as { ratings_count: number },
      analysis: (await get(analysis, newcomer)).json() as { rating_count?: number },
      profile: (await get(profile)).json() as { status_message: string | null },
      mine: (await get(mine, newcomer)).json() as { rating: number | null; content: string | null },
    });
    const before = await read();
    expect(await read()).toEqual(before); // from the cache

    // Database token (review list, profile), catalog stamp with counters (movie page), member version (analysis),
    // database token where free (my review).
    await injectAs(ctx, newcomer)({ method: "PUT", url: mine, payload: { rating: 4.5, content: "새로 쓴 리뷰" } });
    await injectAs(ctx, newcomer)({ method: "PATCH", url: "/api/users/me", payload: { status_message: "새 상태" } });
    const after = await read();
    expect(after.list[0]?.user_id).toBe(newcomer.id);
    expect(after.movie.ratings_count).toBe(before.movie.ratings_count + 1);
    expect(after.analysis).not.toEqual(before.analysis);
    expect(after.profile.status_message).toBe("새 상태");
    expect(after.mine).toMatchObject({ rating: 4.5, content: "새로 쓴 리뷰" });
  });

  it("keep a film's review windows through writes on other films, and show every change of its own reviews", async () => {
    const film = (await createMovie(ctx, { title: "창 시험 영화" })).id;
    const elsewhere = (await createMovie(ctx, { title: "다른 영화" })).id;
    const [author, fan, newcomer] = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
    const own = await createReview(ctx, author, film, { rating: 4, content: "첫 코멘트" });
    const other = await createReview(ctx, author, elsewhere, { rating: 3, content: "다른 영화 코멘트" });
    const url = `/api/reviews/movie/${film}?begin=0&end=10&sort=recent`;
    type Row = { id: number; user_name: string; content: string; likes_count: number; comments_count: number };
    const read = async () => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      return res.json() as Row[];
    };
    const first = await read();
    // A like, a reply and a new review on another film: on SQLite the window stays kept (a hit, the same body).
    await ctx.services.reviews.toggleLike(fan.id, other.id);
    await createReply(ctx, fan, other.id, "다른 영화 답글");
    await createReview(ctx, fan, elsewhere, { rating: 5, content: "또 다른 코멘트" });
    const hits = stats("review-windows").hits;
    expect(await read()).toEqual(first);
    expect(stats("review-windows").hits - hits).toBe(dialectUnderTest === "sqlite" ? 1 : 0);
    // Each change of the film's own reviews, or of their authors' public columns, shows on the next read.
    await ctx.services.reviews.toggleLike(fan.id, own.id);
    expect((await read())[0]).toMatchObject({ id: own.id, likes_count: 1 });
    await createReply(ctx, fan, own.id, "답글");
    expect((await read())[0]).toMatchObject({ id: own.id, comments_count: 1 });
    await ctx.services.reviews.edit(author.id, own.id, { content: "고친 코멘트" });
    expect((await read())[0]).toMatchObject({ id: own.id, content: "고친 코멘트" });
    await injectAs(ctx, author)({ method: "PATCH", url: "/api/users/me", payload: { username: "새이름작가" } });
    expect((await read())[0]).toMatchObject({ id: own.id, user_name: "새이름작가" });
    const added = await createReview(ctx, newcomer, film, { rating: 2, content: "새 코멘트" });
    expect((await read()).map((r) => r.id)).toEqual([added.id, own.id]);
    await ctx.services.reviews.remove(newcomer.id, added.id);
    expect((await read()).map((r) => r.id)).toEqual([own.id]);
    await injectAs(
      ctx,
      author,
    )({
      method: "DELETE",
      url: "/api/users/me",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ login_password: author.password }),
    });
    expect(await read()).toEqual([]);
  });

  it("report hits, misses, bytes and entries per region in /api/metrics", async () => {
    await get(`/api/reviews/movie/${movieId}?begin=0&end=3`);
    await get(`/api/reviews/movie/${movieId}?begin=0&end=3`);
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    const value = (metric: string, region: string) => {
      const match = new RegExp(`^${metric}\\{region="${region}"\\} (\\d+)$`, "m").exec(text);
      return match ? Number(match[1]) : undefined;
    };
    expect(text).toContain("# TYPE moviepedia_cache_hits_total counter");
    expect(text).toContain("# TYPE moviepedia_cache_bytes gauge");
    const s = stats("review-windows");
    expect(value("moviepedia_cache_hits_total", "review-windows")).toBe(s.hits);
    expect(value("moviepedia_cache_misses_total", "review-windows")).toBe(s.misses);
    expect(value("moviepedia_cache_bytes", "review-windows")).toBe(s.bytes);
    expect(value("moviepedia_cache_entries", "review-windows")).toBe(s.entries);
    expect(value("moviepedia_cache_max_bytes", "review-windows")).toBe(s.maxBytes);
    for (const region of ["search-rankings", "movies", "profiles", "analysis-rating", "recommend-members", "facts"]) {
      expect(value("moviepedia_cache_bytes", region)).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("the regions table in docs/architecture.md", () => {
  it("lists every region with its share, and no other", () => {
    const doc = fs.readFileSync(path.join(REPO_ROOT, "docs/architecture.md"), "utf8");
    const rows = [...doc.matchAll(/^\| `([a-z-]+)` \| ([0-9.]+)% \|/gm)].map((m) => `${m[1]} ${Number(m[2])}`);
    const regions = readCacheRegions()
      .filter((r) => !r.name.startsWith("test-"))
      .map((r) => `${r.name} ${Math.round(r.share * 1000) / 10}`);
    expect(rows.sort()).toEqual(regions.sort());
  });
});
