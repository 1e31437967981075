// The HOT ranking (watcha10): computed from the last 7 days of activity with time decay, stored by the job, served
// worst rank first; the job's lease and lifecycle.
import type { Movie } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "../src/db/seed/index.js";
import { refreshHotRanking, startHotRankingJob } from "../src/jobs/hot-ranking.js";
import { acquireLease } from "../src/jobs/leased-job.js";
import { toTimestamp } from "../src/lib/time.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, type TestMember } from "./helpers/factories.js";

let ctx: TestContext;
let members: TestMember[];
const HOUR = 3600;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date("2025-03-01T12:00:00Z"));
  await seedCatalog(ctx.db, ctx.clock.now());
  members = [];
  for (let i = 0; i < 12; i++) members.push(await createMember(ctx));
});
afterAll(async () => ctx.close());

const hot = async () =>
  ((await ctx.app.inject({ method: "GET", url: "/api/movies?chart_type=watcha10" })).json() as Movie[]).map(
    (m) => m.id,
  );

/** A review row written `hoursAgo` before the clock (activity time = updated_at). */
async function activity(
  movieId: number,
  member: TestMember,
  hoursAgo: number,
  fields: Partial<{ rating: number; status: string; content: string }> = { rating: 4 },
) {
  const at = toTimestamp(new Date(ctx.clock.now().getTime() - hoursAgo * HOUR * 1000));
  const row = await ctx.db
    .insertInto("reviews")
    .values({
      movie_id: movieId,
      user_id: member.id,
      content: fields.content ?? "",
      rating: fields.rating ?? 0,
      status: fields.status ?? "",
      spoiler: 0,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function like(reviewId: number, member: TestMember, hoursAgo: number) {
  const at = toTimestamp(new Date(ctx.clock.now().getTime() - hoursAgo * HOUR * 1000));
  await ctx.db.insertInto("review_likes").values({ user_id: member.id, target_id: reviewId, created_at: at }).execute();
}

describe("HOT ranking", () => {
  it("ranks recent activity, decays older activity and serves worst rank first", async () => {
    expect(await refreshHotRanking(ctx.db, ctx.clock.now())).toEqual([]);
    // Movie 1: three ratings five days ago. Movie 2: one rating now. Movie 3: a written review and a want-to-see today.
    for (const m of members.slice(0, 3)) await activity(1, m, 120);
    await activity(2, members[0]!, 1);
    await activity(3, members[1]!, 2, { rating: 0, status: "WatchList" });
    await activity(3, members[2]!, 3, { rating: 0, content: "기대돼요" });
    // 3 × e^(−120/48) ≈ 0.25 < movie 2's ≈ 0.98 < movie 3's ≈ 0.72 + 1.41.
    expect(await refreshHotRanking(ctx.db, ctx.clock.now())).toEqual([3, 2, 1]);
    expect(await hot()).toEqual([1, 2, 3]);
  });

  it("changes when activity changes: review likes count too", async () => {
    const review = await activity(4, members[3]!, 1, { rating: 5, content: "최고" });
    for (const m of members.slice(4, 12)) await like(review, m, 0.5);
    const ranking = await refreshHotRanking(ctx.db, ctx.clock.now());
    expect(ranking[0]).toBe(4);
    expect((await hot()).at(-1)).toBe(4);
  });

  it("holds at most 10 movies", async () => {
    for (let movie = 10; movie < 25; movie++) await activity(movie, members[5]!, 6);
    const ranking = await refreshHotRanking(ctx.db, ctx.clock.now());
    expect(ranking).toHaveLength(10);
    const served = await hot();
    expect(served).toHaveLength(10);
    expect(served).toEqual([...ranking].reverse());
  });

  it("drops activity older than 7 days", async () => {
    ctx.clock.advance(8 * 24 * HOUR);
    expect(await refreshHotRanking(ctx.db, ctx.clock.now())).toEqual([]);
    expect(await hot()).toEqual([]);
    await activity(7, members[6]!, 1);
    expect(await refreshHotRanking(ctx.db, ctx.clock.now())).toEqual([7]);
  });
});

describe("HOT ranking job", () => {
  it("lets one holder refresh at a time until its lease expires", async () => {
    const now = ctx.clock.now();
    expect(await acquireLease(ctx.db, "test-lease", "a", now, 60)).toBe(true);
    expect(await acquireLease(ctx.db, "test-lease", "b", now, 60)).toBe(false);
    expect(await acquireLease(ctx.db, "test-lease", "a", now, 60)).toBe(true);
    const later = new Date(now.getTime() + 61_000);
    expect(await acquireLease(ctx.db, "test-lease", "b", later, 60)).toBe(true);
    expect(await acquireLease(ctx.db, "test-lease", "a", later, 60)).toBe(false);
  });

  it("refreshes on start, then stops and releases its lease", async () => {
    await activity(8, members[7]!, 0.1, { rating: 5, content: "다시 봐도 좋다" });
    await ctx.db.deleteFrom("chart_entries").where("chart_type", "=", "watcha10").execute();
    const logs: string[] = [];
    const job = startHotRankingJob({
      db: ctx.db,
      clock: ctx.clock,
      intervalSeconds: 3600,
      log: { info: (_o, msg) => logs.push(msg), error: (_o, msg) => logs.push(msg) },
    });
    await job.firstRun;
    expect((await hot()).at(-1)).toBe(8);
    expect(logs).toEqual(["HOT ranking refreshed"]);
    await job.stop();
    expect(await ctx.db.selectFrom("job_leases").selectAll().where("name", "=", "hot-ranking").execute()).toEqual([]);
  });
});
