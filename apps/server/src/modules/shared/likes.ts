// Like toggles (API.md §4.9): a unique (user, target) pair; the target's likes_count and the member's
// liked_* total change in the same transaction, so counters equal a recount even under concurrent toggles.
import { type Kysely, type QueryResult, sql } from "kysely";
import { defineRegion } from "../../cache/index.js";
import { idListValue, inIdList } from "../../db/id-list.js";
import { type Params, prepared } from "../../db/prepared.js";
import type { Database, LikeTableName } from "../../db/types.js";
import { toTimestamp } from "../../lib/time.js";
import { likeToggled } from "../notifications/index.js";

type CountedTable = "reviews" | "replies" | "collections" | "collection_comments" | "people";

type MemberTotal = "liked_reviews_count" | "liked_collections_count" | "liked_people_count";

const TARGETS: Record<LikeTableName, { table: CountedTable; memberTotal?: MemberTotal }> = {
  review_likes: { table: "reviews", memberTotal: "liked_reviews_count" },
  reply_likes: { table: "replies" },
  collection_likes: { table: "collections", memberTotal: "liked_collections_count" },
  collection_comment_likes: { table: "collection_comments" },
  person_likes: { table: "people", memberTotal: "liked_people_count" },
};

/** Inserts or deletes the caller's like; returns whether the caller likes the target afterwards. */
export async function toggleLike(
  trx: Kysely<Database>,
  likeTable: LikeTableName,
  userId: number,
  targetId: number,
  now: Date,
): Promise<boolean> {
  return (await toggleLikeCounted(trx, likeTable, userId, targetId, now)).liked;
}

/**
 * toggleLike, also saying how far the target's likes_count moved (+1, -1, or 0 when a racing toggle had inserted
 * the pair already), so a caller that read the target row locked can answer without reading it again.
 */
export async function toggleLikeCounted(
  trx: Kysely<Database>,
  likeTable: LikeTableName,
  userId: number,
  targetId: number,
  now: Date,
): Promise<{ liked: boolean; delta: number }> {
  const statements = TOGGLE_STATEMENTS[likeTable];
  const removed = await statements.remove(trx, { userId, targetId });
  let delta = -1;
  if (Number(removed.numAffectedRows ?? 0) === 0) {
    // A racing toggle may have inserted the pair first: then it already counted, and the caller likes it.
    const inserted = await statements.insert(trx, { userId, targetId, at: toTimestamp(now) });
    if (Number(inserted.numAffectedRows ?? 0) === 0) return { liked: true, delta: 0 };
    delta = 1;
  }
  const liked = delta === 1;
  // The liked member hears of it (or the unlike takes it back), in this transaction.
  await likeToggled(trx, likeTable, userId, targetId, liked, now);
  await statements.count(trx, { targetId, delta });
  await statements.memberTotal?.(trx, { userId, delta });
  return { liked, delta };
}

/**
 * The caller likes the target (imports restoring an export's likes): inserted unless the pair exists, counted as a
 * like toggle counts, and no notification — a restored like is no news. True when the like is new.
 */
export async function addLike(
  trx: Kysely<Database>,
  likeTable: LikeTableName,
  userId: number,
  targetId: number,
  now: Date,
): Promise<boolean> {
  const statements = TOGGLE_STATEMENTS[likeTable];
  const inserted = await statements.insert(trx, { userId, targetId, at: toTimestamp(now) });
  if (Number(inserted.numAffectedRows ?? 0) === 0) return false;
  await statements.count(trx, { targetId, delta: 1 });
  await statements.memberTotal?.(trx, { userId, delta: 1 });
  return true;
}

type Statement<P extends Record<string, unknown>> = (db: Kysely<Database>, params: P) => Promise<QueryResult<unknown>>;

/** A like toggle's statements per like table, prepared once: a toggle runs them at a 평가하기 pace. */
const TOGGLE_STATEMENTS = Object.fromEntries(
  (Object.keys(TARGETS) as LikeTableName[]).map((likeTable) => {
    const { table, memberTotal } = TARGETS[likeTable];
    const statements = {
      remove: prepared((db, p: Params<{ userId: number; targetId: number }>) =>
        db.deleteFrom(likeTable).where("user_id", "=", p.userId).where("target_id", "=", p.targetId),
      ),
      insert: prepared((db, p: Params<{ userId: number; targetId: number; at: string }>) =>
        db
          .insertInto(likeTable)
          .values({ user_id: p.userId, target_id: p.targetId, created_at: p.at })
          .onConflict((oc) => oc.columns(["user_id", "target_id"]).doNothing()),
      ),
      count: prepared((db, p: Params<{ targetId: number; delta: number }>) =>
        db
          .updateTable(table)
          .set({ likes_count: sql`likes_count + ${p.delta}` })
          .where("id", "=", p.targetId),
      ),
      memberTotal: memberTotal
        ? prepared((db, p: Params<{ userId: number; delta: number }>) =>
            db
              .updateTable("users")
              .set({ [memberTotal]: sql`${sql.ref(memberTotal)} + ${p.delta}` })
              .where("id", "=", p.userId),
          )
        : undefined,
    };
    return [likeTable, statements];
  }),
) as Record<
  LikeTableName,
  {
    remove: Statement<{ userId: number; targetId: number }>;
    insert: Statement<{ userId: number; targetId: number; at: string }>;
    count: Statement<{ targetId: number; delta: number }>;
    memberTotal?: Statement<{ userId: number; delta: number }>;
  }
>;

/** Tables of one member's marks on targets: likes, and follows and blocks of other members. */
export type MarkTableName = LikeTableName | "follows" | "blocks";
const MARK_TABLES = Object.keys({
  review_likes: true,
  reply_likes: true,
  person_likes: true,
  collection_likes: true,
  collection_comment_likes: true,
  follows: true,
  blocks: true,
} satisfies Record<MarkTableName, true>) as MarkTableName[];

type MarkedAmong = (
  db: Kysely<Database>,
  params: { userId: number; ids: unknown },
) => Promise<QueryResult<{ target_id: number }>>;

/**
 * The caller's marks among a list of targets: one statement per table, prepared once, the ids passed as one
 * parameter (a JSON array on SQLite, an array on PostgreSQL) so its text does not grow with the list.
 */
const markedAmong = Object.fromEntries(
  MARK_TABLES.map((table) => [
    table,
    prepared((db, p: Params<{ userId: number; ids: unknown }>) =>
      db
        .selectFrom(table)
        .select("target_id")
        .where("user_id", "=", p.userId)
        .where((eb) => inIdList(db, eb.ref("target_id"), p.ids)),
    ),
  ]),
) as Record<MarkTableName, MarkedAmong>;

/** A member's marks among the same page of targets, asked for again as they reread it: kept until the next write. */
const markedSets = defineRegion<ReadonlySet<number>>({
  name: "marks",
  share: 0.03,
  stale: { token: "database-free" },
  keeps: "which of a page's targets a member liked, follows or blocks",
  sizeOf: (set) => 64 + set.size * 16,
});

/** Which of `targetIds` the member marked in `table` (one query; empty for anonymous callers). */
export async function markedSet(
  db: Kysely<Database>,
  table: MarkTableName,
  userId: number | null,
  targetIds: readonly number[],
): Promise<ReadonlySet<number>> {
  if (userId === null || targetIds.length === 0) return new Set();
  const ids = [...new Set(targetIds)];
  return markedSets.get(db, `${table}:${userId}:${ids.join()}`, async () => {
    const { rows } = await markedAmong[table](db, { userId, ids: idListValue(db, ids) });
    return new Set(rows.map((r) => Number(r.target_id)));
  });
}

/** Whether the caller likes each of `targetIds` (one query; empty for anonymous callers). */
export function likedSet(
  db: Kysely<Database>,
  likeTable: LikeTableName,
  userId: number | null,
  targetIds: readonly number[],
): Promise<ReadonlySet<number>> {
  return markedSet(db, likeTable, userId, targetIds);
}
