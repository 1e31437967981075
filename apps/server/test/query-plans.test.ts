// The hot queries (the ones bench:api drives) use indexes. The real SQL is captured from the real services and
// repositories through a Kysely plugin that compiles each query as it runs, then explained on the test database:
// on SQLite with EXPLAIN QUERY PLAN (no SCAN of a big table, and windowed lists read in index order, without a
// temporary sort), on PostgreSQL with sequential scans disabled (a Seq Scan that remains means no index can serve
// the query; the tables are too small for the planner to prefer indexes by itself).
import type { ReviewSort } from "@moviepedia/contract";
import {
  CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/types.js";
import { computeHotRanking } from "../src/jobs/hot-ranking.js";
import { inTransaction } from "../src/lib/transaction.js";
import { loadMovie } from "../src/modules/movies/index.js";
import { createMoviesService } from "../src/modules/movies/service.js";
import { isSessionLive } from "../src/modules/auth/repository.js";
import { createCollectionsService } from "../src/modules/collections/service.js";
import { createPeopleService } from "../src/modules/people/service.js";
import { createRepliesService } from "../src/modules/replies/service.js";
import * as feedRepo from "../src/modules/feed/repository.js";
import * as ratingRepo from "../src/modules/rating/repository.js";
import * as recommendRepo from "../src/modules/recommend/repository.js";
import { createReviewQueries } from "../src/modules/reviews/queries.js";
import { createReviewsService } from "../src/modules/reviews/service.js";
import { createLikesListsService } from "../src/modules/social/likes-lists.js";
import { createSocialService } from "../src/modules/social/service.js";
import { createUsersService } from "../src/modules/users/service.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import {
  createCollection,
  createMember,
  createMovie,
  createPerson,
  createReply,
  createReview,
  type TestMember,
} from "./helpers/factories.js";

/** Tables that stay small whatever the traffic: scanning them is fine. */
const TINY_TABLES = new Set(["app_state", "chart_entries", "genres", "countries", "job_leases", "recommender_models"]);

/** Records the SQL and parameters of every query run through the Kysely it is attached to. */
class CaptureQueries implements KyselyPlugin {
  readonly queries: CompiledQuery[] = [];
  constructor(private readonly compile: (node: RootOperationNode) => CompiledQuery) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.queries.push(this.compile(args.node));
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  take(): CompiledQuery[] {
    return this.queries.splice(0);
  }
}

interface Plan {
  sql: string;
  lines: string[];
}

async function explain(ctx: TestContext, query: CompiledQuery): Promise<Plan> {
  if (ctx.database.dialect === "sqlite") {
    const rows = ctx.database
      .sqlite!.prepare(`explain query plan ${query.sql}`)
      .all(...(query.parameters as unknown[])) as Array<{ detail: string }>;
    return { sql: query.sql, lines: rows.map((r) => r.detail) };
  }
  const lines = await inTransaction(ctx.db, async (trx) => {
    await trx.executeQuery(CompiledQuery.raw("set local enable_seqscan = off"));
    const result = await trx.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return result.rows.map((r) => r["QUERY PLAN"]);
  });
  return { sql: query.sql, lines };
}

/**
 * What is wrong with a plan: scans of big tables (a query's own subqueries may be scanned: they hold what indexes
 * found), and, for a window (`limit`) that should be read in index order, a temporary sort.
 */
function problems(plan: Plan, tables: Set<string>, options: { ordered: boolean }): string[] {
  const found: string[] = [];
  const windowed = options.ordered && /\blimit\b/i.test(plan.sql);
  for (const line of plan.lines) {
    const sqliteScan = /^SCAN (\w+)(?! USING (COVERING )?INDEX)/.exec(line.trim());
    const pgScan = /Seq Scan on (\w+)/.exec(line);
    const table = sqliteScan?.[1] ?? pgScan?.[1];
    if (table && tables.has(table) && !TINY_TABLES.has(table)) found.push(`full scan of ${table}: ${line.trim()}`);
    if (windowed && /USE TEMP B-TREE FOR ORDER BY/.test(line)) found.push(`sorts its rows: ${line.trim()}`);
  }
  return found;
}

describe("hot query plans", () => {
  let ctx: TestContext;
  let capture: CaptureQueries;
  let tables: Set<string>;
  let spy: Kysely<Database>;
  let alice: TestMember;
  let bob: TestMember;
  let movieId: number;
  let reviewId: number;
  let personId: number;
  let collectionId: number;
  const sqlite = () => ctx.database.dialect === "sqlite";

  beforeAll(async () => {
    ctx = await createTestContext();
    capture = new CaptureQueries((node) => ctx.db.getExecutor().compileQuery(node, { queryId: "plan" }));
    spy = ctx.db.withPlugin(capture);
    tables = new Set((await ctx.db.introspection.getTables()).map((t) => t.name));
    expect(tables.has("reviews")).toBe(true);
    alice = await createMember(ctx);
    bob = await createMember(ctx);
    const movie = await createMovie(ctx, { genres: ["드라마", "스릴러"] });
    const other = await createMovie(ctx);
    movieId = movie.id;
    personId = (
      await createPerson(ctx, "봉준호", [
        { movieId, kind: "감독" },
        { movieId: other.id, kind: "주연", character: "기택" },
      ])
    ).id;
    reviewId = (await createReview(ctx, bob, movieId, { rating: 4.5, content: "좋았어요" })).id;
    await createReview(ctx, alice, movieId, { rating: 3 });
    await createReply(ctx, alice, reviewId, "동감해요");
    await ctx.services.reviews.toggleLike(alice.id, reviewId);
    await ctx.services.social.follow(alice.id, bob.id);
    await ctx.services.people.toggle(personId, alice.id);
    collectionId = (await createCollection(ctx, alice, { title: "인생 영화", movieIds: [movieId, other.id] })).id;
    await ctx.services.collections.toggle(collectionId, bob.id);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** Runs `work` against the capturing Kysely and checks the plan of every query it sent. */
  async function expectIndexed(work: () => Promise<unknown>, options: { ordered?: boolean } = {}) {
    capture.take();
    await work();
    const queries = capture.take().filter((q) => /^\s*(select|with|update|delete|insert)/i.test(q.sql));
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const plan = await explain(ctx, query);
      expect(problems(plan, tables, { ordered: options.ordered === true && sqlite() }), plan.sql).toEqual([]);
    }
  }

  const window = { offset: 0, limit: 10 };
  const reviewOptions = (sort: ReviewSort, hasContent: boolean, following = false) => ({
    window,
    sort,
    hasContent,
    following,
    status: null,
    rated: false,
  });

  it("movie by id, its genres, countries and credits, and the charts", async () => {
    await expectIndexed(() => loadMovie(spy, movieId));
    await expectIndexed(() => createMoviesService(spy).chart("box_office"));
  });

  it("a movie's review windows, for every sort, written or all, anonymous and signed in", async () => {
    const reviews = createReviewQueries(spy);
    for (const sort of ["oldest", "recent", "likes"] as const) {
      for (const hasContent of [true, false]) {
        await expectIndexed(() => reviews.listForMovie(null, movieId, reviewOptions(sort, hasContent)), {
          ordered: true,
        });
        await expectIndexed(() => reviews.listForMovie(alice.id, movieId, reviewOptions(sort, hasContent)), {
          ordered: true,
        });
      }
    }
    await expectIndexed(() => reviews.listForMovie(alice.id, movieId, reviewOptions("oldest", true, true)));
    await expectIndexed(() => reviews.getMineJson(alice.id, movieId));
    await expectIndexed(() => reviews.getReview(reviewId, alice.id));
  });

  it("a review window picks its ids from an index that holds the author, then reads only the page's rows", async () => {
    if (!sqlite()) return;
    // Each of these ends with user_id (migrations 0006, 0007): blocked and followed authors are filtered in the
    // index; all reviews come from the partial indexes on visible rows (hidden, emptied reviews skipped there).
    const windowIndexes = {
      written: ["reviews_movie_written", "reviews_movie_written_likes"],
      all: ["reviews_movie_visible", "reviews_movie_visible_likes"],
    };
    const reviews = createReviewQueries(spy);
    for (const sort of ["oldest", "recent", "likes"] as const) {
      for (const hasContent of [true, false]) {
        capture.take();
        await reviews.listForMovie(alice.id, movieId, {
          ...reviewOptions(sort, hasContent),
          window: { offset: 5, limit: 10 },
        });
        const list = capture.take().find((q) => /\bin \(select "page"/.test(q.sql));
        expect(list, `${sort} ${hasContent}`).toBeDefined();
        const plan = await explain(ctx, list!);
        const pick = plan.lines.find((line) => /^SEARCH page /.test(line)) ?? "";
        // Written reviews come from the partial indexes on content (the table row is then never read for `content`),
        // all of them from those on visible rows (nor for rating and status).
        const fit = hasContent ? windowIndexes.written : windowIndexes.all;
        expect(
          fit.some((name) => pick.includes(`INDEX ${name} `)),
          `${sort} ${hasContent}: ${pick}`,
        ).toBe(true);
        expect(
          plan.lines.filter((line) => /^SEARCH reviews /.test(line)),
          plan.sql,
        ).toEqual(["SEARCH reviews USING INTEGER PRIMARY KEY (rowid=?)"]);
      }
    }
  });

  it("a member's reviews, likes, follows, collections and profile", async () => {
    const reviews = createReviewQueries(spy);
    await expectIndexed(() => reviews.listForUser(alice.id, bob.id, reviewOptions("recent", false)), {
      ordered: true,
    });
    await expectIndexed(() => createUsersService(spy).profileJson(bob.id, alice.id));
    const likes = createLikesListsService(spy);
    await expectIndexed(() => likes.listJson("likes_review", alice.id, window), { ordered: true });
    await expectIndexed(() => likes.people(alice.id, window), { ordered: true });
    await expectIndexed(() => likes.collections(bob.id, window), { ordered: true });
    const social = createSocialService({ db: spy, clock: ctx.clock });
    await expectIndexed(() => social.listFollows(alice.id, "followings", window), { ordered: true });
    await expectIndexed(() => social.listFollows(bob.id, "followers", window), { ordered: true });
    await expectIndexed(() => social.blockedUsers(alice.id, alice.id));
    const collections = createCollectionsService({ db: spy, clock: ctx.clock });
    await expectIndexed(() => collections.listOfUser(alice.id, bob.id, window), { ordered: true });
    await expectIndexed(() => collections.get(collectionId, bob.id));
  });

  it("a person and their films", async () => {
    const people = createPeopleService(spy, ctx.clock);
    await expectIndexed(() => people.personJson(personId, alice.id));
    await expectIndexed(() => people.personMoviesJson(personId, { offset: 0, limit: 12 }));
  });

  it("replies of a review and the session check of every signed-in request", async () => {
    const replies = createRepliesService({ db: spy, clock: ctx.clock, dialect: ctx.database.dialect });
    await expectIndexed(() => replies.list(alice.id, reviewId, window), { ordered: true });
    const session = await ctx.db.selectFrom("sessions").select(["id", "user_id"]).executeTakeFirstOrThrow();
    await expectIndexed(() => isSessionLive(spy, session.id, session.user_id));
  });

  it("평가하기: a member's exclusions, dismissals and their list, a watch-status list, shared credits", async () => {
    const now = "2026-01-01T00:00:00";
    await expectIndexed(() => ratingRepo.insertDismissal(spy, alice.id, movieId, now));
    await expectIndexed(() => ratingRepo.memberExclusions(spy, alice.id));
    await expectIndexed(() => ratingRepo.dismissedWindow(spy, alice.id, 0, 20), { ordered: true });
    await expectIndexed(() => ratingRepo.dismissedIds(spy, alice.id));
    await expectIndexed(() => ratingRepo.deleteDismissal(spy, alice.id, movieId));
    await expectIndexed(() => ratingRepo.sharedCredits(spy, movieId));
    const reviews = createReviewQueries(spy);
    await expectIndexed(
      () => reviews.listForUser(null, alice.id, { ...reviewOptions("recent", false), status: "WatchList" }),
      { ordered: true },
    );
    // The profile's tabs: rated rows only, and the counts by kind.
    await expectIndexed(() => reviews.listForUser(null, alice.id, { ...reviewOptions("recent", false), rated: true }), {
      ordered: true,
    });
    await expectIndexed(() => reviews.countsForUser(null, alice.id));
  });

  it("the feed's sources: each reads an index; the rating groups read only reviews_feed_ratings", async () => {
    const bounds = { to: null, from: "2026-01-01 00:00:00", limit: 40 };
    await expectIndexed(() => feedRepo.ratingGroups(spy, alice.id, bounds));
    await expectIndexed(() => feedRepo.singleReviews(spy, alice.id, bounds));
    await expectIndexed(() => feedRepo.newCollections(spy, alice.id, bounds));
    await expectIndexed(() => feedRepo.additionGroups(spy, alice.id, bounds));
    await expectIndexed(() => feedRepo.followedReviewVersions(spy, alice.id));
    if (sqlite()) {
      // The digest reads the member's follows first, then one version each (not every member's version).
      capture.take();
      await feedRepo.followedReviewVersions(spy, alice.id);
      const plan = await explain(ctx, capture.take()[0]!);
      expect(plan.lines.filter((line) => /^SEARCH/.test(line))).toEqual([
        expect.stringMatching(/^SEARCH f USING COVERING INDEX \S+ \(user_id=\?\)$/),
        expect.stringMatching(/^SEARCH v USING INDEX \S+ \(scope=\? AND scope_id=\?\)$/),
      ]);
    }
    if (sqlite()) {
      capture.take();
      await feedRepo.ratingGroups(spy, alice.id, bounds);
      const [query] = capture.take();
      const plan = await explain(ctx, query!);
      expect(JSON.stringify(plan)).toContain("COVERING INDEX reviews_feed_ratings");
    }
  });

  it("a member's signals and 평가하기 exclusions are read from reviews_member_signals alone", async () => {
    const reads = [() => recommendRepo.memberReviews(spy, alice.id), () => ratingRepo.memberExclusions(spy, alice.id)];
    for (const read of reads) {
      await expectIndexed(read);
      if (!sqlite()) continue;
      capture.take();
      await read();
      const plan = await explain(
        ctx,
        capture.take().find((q) => /from "reviews"/.test(q.sql))!,
      );
      expect(
        plan.lines.filter((line) => /reviews/.test(line)),
        plan.sql,
      ).toEqual(["SEARCH reviews USING COVERING INDEX reviews_member_signals (user_id=?)"]);
    }
  });

  it("the HOT ranking reads only the week's activity, by the time indexes", async () => {
    await expectIndexed(() => computeHotRanking(spy, ctx.clock.now()));
    if (sqlite()) {
      capture.take();
      await computeHotRanking(spy, ctx.clock.now());
      const plans = await Promise.all(capture.take().map((query) => explain(ctx, query)));
      // A range of the time index, not a walk of a whole index of the table (which `problems` lets pass).
      expect(
        plans.map((plan) => plan.lines.find((line) => /^(SCAN|SEARCH) (reviews|review_likes)\b/.test(line))),
      ).toEqual([
        expect.stringMatching(/^SEARCH reviews USING INDEX reviews_updated \(updated_at>\?\)/),
        expect.stringMatching(/^SEARCH review_likes USING INDEX review_likes_created \(created_at>\?\)/),
      ]);
    }
  });

  it("the writes: rating upsert, review text and like toggle", async () => {
    const reviews = createReviewsService({ db: spy, clock: ctx.clock, dialect: ctx.database.dialect });
    await expectIndexed(() => reviews.upsertMine(alice.id, movieId, { rating: 5 }));
    await expectIndexed(() => reviews.upsertMine(alice.id, movieId, { content: "다시 봐도 좋아요" }));
    await expectIndexed(() => reviews.toggleLike(bob.id, reviewId));
  });
});
