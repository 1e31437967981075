// The write side of notifications (issue #21): every action that notifies calls one of these inside its own
// transaction, so the notification commits or rolls back with the action; the news reaches open streams after the
// commit. Rules: never for your own action, never between members where either blocked the other; likes of one
// target within a day share one item (its newest actor first, unread again and moved up by each new like); an
// unlike takes its actor out and the item goes with its last actor. Deleted targets take their notifications with
// them through the foreign keys (migration 0010).
import type { NotificationType } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import { idListValue } from "../../db/id-list.js";
import type { Database, LikeTableName } from "../../db/types.js";
import { toTimestamp } from "../../lib/time.js";
import { afterCommit } from "../../lib/transaction.js";
import { publishNews } from "./bus.js";
import * as repo from "./repository.js";

type Db = Kysely<Database>;

/** Likes of one target made within this long of the item's first like join it. */
export const GROUP_WINDOW_MS = 24 * 3_600_000;

/** What a notification points at (the foreign keys that delete it with its target). */
interface Target {
  recipientId: number;
  targetId: number;
  review_id?: number | null;
  reply_id?: number | null;
  collection_id?: number | null;
  collection_comment_id?: number | null;
}

const LIKE_TYPES: Partial<Record<LikeTableName, NotificationType>> = {
  review_likes: "review_like",
  reply_likes: "reply_like",
  collection_likes: "collection_like",
  collection_comment_likes: "collection_comment_like",
};

function news(trx: Db, userId: number, notificationId: number | null): void {
  afterCommit(trx, (db) => publishNews(db, { userId, notificationId }));
}

async function likedTarget(db: Db, likeTable: LikeTableName, id: number): Promise<Target | undefined> {
  switch (likeTable) {
    case "review_likes": {
      const row = await repo.findLikedReview(db, id);
      return row && { recipientId: row.user_id, targetId: id, review_id: id };
    }
    case "reply_likes": {
      const row = await repo.findLikedReply(db, id);
      return row && { recipientId: row.user_id, targetId: id, reply_id: id, review_id: row.review_id };
    }
    case "collection_likes": {
      const row = await repo.findLikedCollection(db, id);
      return row && { recipientId: row.user_id, targetId: id, collection_id: id };
    }
    case "collection_comment_likes": {
      const row = await repo.findLikedCollectionComment(db, id);
      return (
        row && { recipientId: row.user_id, targetId: id, collection_comment_id: id, collection_id: row.collection_id }
      );
    }
    default:
      return undefined;
  }
}

async function insertNotification(
  trx: Db,
  type: NotificationType,
  target: Target,
  actorId: number,
  at: string,
): Promise<number> {
  const id = await repo.insertNotification(trx, {
    recipient_id: target.recipientId,
    type,
    target_id: target.targetId,
    review_id: target.review_id ?? null,
    reply_id: target.reply_id ?? null,
    collection_id: target.collection_id ?? null,
    collection_comment_id: target.collection_comment_id ?? null,
    at,
  });
  await repo.insertActor(trx, id, actorId, at);
  return id;
}

/** A new notification of one actor, unless it is their own or a block stands between them. */
async function notifyOnce(trx: Db, type: NotificationType, target: Target, actorId: number, now: Date): Promise<void> {
  if (target.recipientId === actorId || (await repo.blockedEitherWay(trx, target.recipientId, actorId))) return;
  const id = await insertNotification(trx, type, target, actorId, toTimestamp(now));
  news(trx, target.recipientId, id);
}

/** A like joins the target's item of the last day (unread again, moved up) or starts one. */
async function notifyLike(trx: Db, type: NotificationType, target: Target, actorId: number, now: Date): Promise<void> {
  if (target.recipientId === actorId || (await repo.blockedEitherWay(trx, target.recipientId, actorId))) return;
  const at = toTimestamp(now);
  const since = toTimestamp(new Date(now.getTime() - GROUP_WINDOW_MS));
  const group = await repo.findLikeGroup(trx, type, target.targetId, since);
  if (group === undefined) {
    news(trx, target.recipientId, await insertNotification(trx, type, target, actorId, at));
    return;
  }
  const grew = await repo.upsertActor(trx, group, actorId, at);
  await repo.bumpNotification(trx, group, at);
  if (grew) news(trx, target.recipientId, group);
}

/** Takes `actorId` out of the items of (type, target); items left without actors go. */
async function withdraw(trx: Db, type: NotificationType, targetId: number, actorId: number): Promise<void> {
  const rows = await repo.findActorItems(trx, type, targetId, actorId);
  if (rows.length === 0) return;
  await repo.removeActor(
    trx,
    idListValue(
      trx,
      rows.map((r) => Number(r.id)),
    ),
    actorId,
  );
  for (const row of rows) news(trx, row.recipient_id, null);
}

/** After a like toggle (modules/shared/likes.ts): `liked` is the state afterwards. Person likes notify nobody. */
export async function likeToggled(
  trx: Db,
  likeTable: LikeTableName,
  actorId: number,
  targetId: number,
  liked: boolean,
  now: Date,
): Promise<void> {
  const type = LIKE_TYPES[likeTable];
  if (!type) return;
  if (!liked) return withdraw(trx, type, targetId, actorId);
  const target = await likedTarget(trx, likeTable, targetId);
  if (target) await notifyLike(trx, type, target, actorId, now);
}

/** A reply to a review: its author hears of it. */
export async function replied(
  trx: Db,
  reply: { id: number; review_id: number; user_id: number },
  reviewAuthorId: number,
  now: Date,
): Promise<void> {
  const target = { recipientId: reviewAuthorId, targetId: reply.id, reply_id: reply.id, review_id: reply.review_id };
  await notifyOnce(trx, "reply", target, reply.user_id, now);
}

/** A comment on a collection: its owner hears of it. */
export async function collectionCommented(
  trx: Db,
  comment: { id: number; collection_id: number; user_id: number },
  ownerId: number,
  now: Date,
): Promise<void> {
  const target = {
    recipientId: ownerId,
    targetId: comment.id,
    collection_comment_id: comment.id,
    collection_id: comment.collection_id,
  };
  await notifyOnce(trx, "collection_comment", target, comment.user_id, now);
}

export async function followed(trx: Db, followerId: number, followeeId: number, now: Date): Promise<void> {
  await notifyOnce(trx, "follow", { recipientId: followeeId, targetId: followerId }, followerId, now);
}

export async function unfollowed(trx: Db, followerId: number, followeeId: number): Promise<void> {
  if (await repo.deleteFollowNotification(trx, followerId, followeeId)) news(trx, followeeId, null);
}

/** A block between two members: what either caused in the other's notifications goes. */
export async function blocked(trx: Db, blockerId: number, blockedId: number): Promise<void> {
  for (const [recipient, actor] of [
    [blockerId, blockedId],
    [blockedId, blockerId],
  ] as const) {
    const ids = await repo.findItemsWithActor(trx, recipient, actor);
    if (ids.length === 0) continue;
    await repo.removeActor(trx, idListValue(trx, ids), actor);
    news(trx, recipient, null);
  }
}

/** A review emptied by its author (hidden, API.md §4.5): its likes and replies went, so do their notifications. */
export async function reviewHidden(trx: Db, reviewId: number): Promise<void> {
  const recipients = await repo.deleteReviewNotifications(trx, reviewId);
  for (const recipient of new Set(recipients)) news(trx, recipient, null);
}

/**
 * Account deletion, before the member's rows go: their own notifications (also cascaded with the users row) and
 * their part in everyone else's, items they alone caused included.
 */
export async function memberDeleting(trx: Db, userId: number): Promise<void> {
  await repo.deleteOwnNotifications(trx, userId);
  const rows = await repo.findItemsOfActor(trx, userId);
  if (rows.length === 0) return;
  const ids = rows.map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += 500) {
    await repo.removeActor(trx, idListValue(trx, ids.slice(i, i + 500)), userId);
  }
  for (const recipient of new Set(rows.map((r) => r.recipient_id))) news(trx, recipient, null);
}
