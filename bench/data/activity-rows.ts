// Writes the planned member activity (bench/data/activity.ts) with the bulk writer, parents before children:
// reviews (ratings, marks, written reviews), replies, collection comments, then likes, follows and blocks. Counter
// columns carry the plan's counts, so nothing is recounted afterwards. Charts are filled from the written data.
import { CHART_SIZES } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../apps/server/src/db/types.js";
import { refreshHotRanking } from "../../apps/server/src/jobs/hot-ranking.js";
import { toTimestamp } from "../../apps/server/src/lib/time.js";
import type { BulkWriter } from "../shared/bulk.js";
import { Random } from "../shared/random.js";
import { type ActivityPlan, type Pairs, WATCH_STATUS } from "./activity.js";

export type Tick = (done: number, total: number) => void;

/** UTC timestamps (API.md §1.4) of the plan's times (seconds since its start). */
function clock(plan: ActivityPlan) {
  const start = plan.start.getTime();
  return (seconds: number) => toTimestamp(new Date(start + seconds * 1000));
}

export const activityRowCount = (plan: ActivityPlan) => plan.reviews.user.length;

export async function writeReviews(plan: ActivityPlan, writer: BulkWriter, tick: Tick): Promise<void> {
  const at = clock(plan);
  const r = plan.reviews;
  const n = r.user.length;
  await writer.insert(
    "reviews",
    [
      "id",
      "movie_id",
      "user_id",
      "content",
      "rating",
      "status",
      "spoiler",
      "likes_count",
      "comments_count",
      "created_at",
      "updated_at",
    ],
    n,
    (i) => {
      const time = at(r.time[i]!);
      const text = r.text[i]!;
      return [
        i + 1,
        r.movie[i]!,
        r.user[i]!,
        text > 0 ? r.texts[text - 1]! : "",
        r.rating[i]!,
        WATCH_STATUS[r.status[i]!]!,
        r.spoiler[i]!,
        r.likes[i]!,
        r.comments[i]!,
        time,
        time,
      ];
    },
    (done) => tick(done, n),
  );
}

/** Replies and collection comments (authored rows with like counters). */
export async function writePosts(plan: ActivityPlan, writer: BulkWriter, tick: Tick): Promise<void> {
  const at = clock(plan);
  const { replies, collectionComments: comments } = plan;
  const total = replies.user.length + comments.user.length;
  await writer.insert(
    "replies",
    ["id", "review_id", "user_id", "content", "likes_count", "created_at"],
    replies.user.length,
    (i) => [i + 1, replies.target[i]!, replies.user[i]!, replies.text[i]!, replies.likes[i]!, at(replies.time[i]!)],
    (done) => tick(done, total),
  );
  await writer.insert(
    "collection_comments",
    ["id", "collection_id", "user_id", "content", "likes_count", "created_at"],
    comments.user.length,
    (i) => [i + 1, comments.target[i]!, comments.user[i]!, comments.text[i]!, comments.likes[i]!, at(comments.time[i]!)],
    (done) => tick(replies.user.length + done, total),
  );
}

/** Like, follow and block tables: (id, user_id, target_id, created_at). */
export function relationTables(plan: ActivityPlan): Array<[string, Pairs]> {
  return [
    ["review_likes", plan.reviewLikes],
    ["reply_likes", plan.replyLikes],
    ["collection_likes", plan.collectionLikes],
    ["collection_comment_likes", plan.collectionCommentLikes],
    ["person_likes", plan.personLikes],
    ["follows", plan.follows],
    ["blocks", plan.blocks],
  ];
}

export async function writeRelations(plan: ActivityPlan, writer: BulkWriter, tick: Tick): Promise<void> {
  const at = clock(plan);
  const tables = relationTables(plan);
  const total = tables.reduce((sum, [, pairs]) => sum + pairs.user.length, 0);
  let base = 0;
  for (const [table, pairs] of tables) {
    await writer.insert(
      table,
      ["id", "user_id", "target_id", "created_at"],
      pairs.user.length,
      (i) => [i + 1, pairs.user[i]!, pairs.target[i]!, at(pairs.time[i]!)],
      (done) => tick(base + done, total),
    );
    base += pairs.user.length;
  }
}

/**
 * The four charts: box office = most rated in the last 30 days, buying = best average among well-rated films,
 * streaming = a seeded pick of popular films, HOT = the server's own ranking computed at the plan's end.
 */
export async function writeCharts(db: Kysely<Database>, plan: ActivityPlan, seed: number): Promise<void> {
  const updated_at = toTimestamp(plan.end);
  const recentFrom = (plan.end.getTime() - plan.start.getTime()) / 1000 - 30 * 86_400;
  const recent = new Map<number, number>();
  const { reviews } = plan;
  for (let i = reviews.user.length - 1; i >= 0 && reviews.time[i]! >= recentFrom; i--) {
    if (reviews.rating[i]! > 0) recent.set(reviews.movie[i]!, (recent.get(reviews.movie[i]!) ?? 0) + 1);
  }
  const boxOffice = [...recent].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
  const popular = Array.from(plan.movieOrder.subarray(0, Math.min(plan.movieOrder.length, 1000)));
  const average = (id: number) => plan.movieRatingSum[id]! / Math.max(1, plan.movieRatings[id]!);
  const buying = popular.slice(0, 300).sort((a, b) => average(b) - average(a) || a - b);
  const r = new Random(seed);
  const streaming = r.distinct(CHART_SIZES.netflix, Math.min(200, popular.length)).map((i) => popular[i]!);
  const charts: Array<[string, number[]]> = [
    ["box_office", boxOffice.slice(0, CHART_SIZES.box_office)],
    ["watcha_buying", buying.slice(0, CHART_SIZES.watcha_buying)],
    ["netflix", streaming],
  ];
  for (const [chart_type, ids] of charts) {
    if (ids.length === 0) continue;
    await db
      .insertInto("chart_entries")
      .values(ids.map((movie_id, i) => ({ chart_type, rank: i + 1, movie_id, updated_at })))
      .execute();
  }
  await refreshHotRanking(db, plan.end);
}
