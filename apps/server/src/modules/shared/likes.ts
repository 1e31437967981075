// Like toggles (API.md §4.9): a unique (user, target) pair; the target's likes_count and the member's
// liked_* total change in the same transaction, so counters equal a recount even under concurrent toggles.
// The statements are in likes-repository.ts.
import type { Kysely } from "kysely";
import { defineRegion } from "../../cache/index.js";
import type { Database, LikeTableName } from "../../db/types.js";
import { toTimestamp } from "../../lib/time.js";
import { likeToggled } from "../notifications/index.js";
import { deleteLike, insertLike, type MarkTableName, markedAmong, moveLikeCounters } from "./likes-repository.js";

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
  let delta = -1;
  if ((await deleteLike(trx, likeTable, userId, targetId)) === 0) {
    // A racing toggle may have inserted the pair first: then it already counted, and the caller likes it.
    if ((await insertLike(trx, likeTable, userId, targetId, toTimestamp(now))) === 0) return { liked: true, delta: 0 };
    delta = 1;
  }
  const liked = delta === 1;
  // The liked member hears of it (or the unlike takes it back), in this transaction.
  await likeToggled(trx, likeTable, userId, targetId, liked, now);
  await moveLikeCounters(trx, likeTable, userId, targetId, delta);
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
  if ((await insertLike(trx, likeTable, userId, targetId, toTimestamp(now))) === 0) return false;
  await moveLikeCounters(trx, likeTable, userId, targetId, 1);
  return true;
}

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
    return new Set(await markedAmong(db, table, userId, ids));
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
