// SQL of notifications: the read side (a member's items with what they point at, their newest actors, unread counts,
// read marks, stream tickets and the retention cleanup) and the write side that record.ts drives inside the acting
// transaction (prepared once: a like toggle runs several of these, at a 평가하기 pace).
import type { NotificationType } from "@moviepedia/contract";
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../../db/connection.js";
import { counter, recounted } from "../../db/counters.js";
import { inIdList } from "../../db/id-list.js";
import { prepared, preparedKept, type Params } from "../../db/prepared.js";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/** A group's actor_count, recounted from its actors whenever they change. */
const ACTOR_COUNT = counter("notifications.actor_count");

export interface NotificationRow {
  id: number;
  type: string;
  target_id: number;
  review_id: number | null;
  reply_id: number | null;
  collection_id: number | null;
  collection_comment_id: number | null;
  actor_count: number;
  read: number;
  seq: number | string;
  updated_at: string;
  movie_id: number | null;
  review_content: string | null;
  movie_title: string | null;
  reply_content: string | null;
  collection_title: string | null;
  comment_content: string | null;
}

export interface ActorRow {
  notification_id: number;
  id: number;
  username: string;
  profile_url: string | null;
}

const inboxVersionRows = preparedKept("inbox-versions", (db, p: Params<{ me: number }>) =>
  db
    .selectFrom("review_list_versions")
    .select(["scope", "version"])
    .where((eb) =>
      eb.or([
        eb.and([eb("scope", "=", "inbox"), eb("scope_id", "=", p.me)]),
        eb.and([eb("scope", "=", "titles"), eb("scope_id", "=", 0)]),
      ]),
    )
    .orderBy("scope"),
);

/**
 * What a member's notification list shows, as one version string (migration 0020): their items and actors, the
 * reviews, replies, comments and collections those quote, films' titles. Kept until the next write.
 */
export async function inboxVersion(db: Db, me: number): Promise<string> {
  return (await inboxVersionRows(db, { me })).rows.map((r) => `${r.scope}=${r.version}`).join(",");
}

/** A member's items, with what they point at; like items of a review emptied since (hidden, API.md §4.5) are left out. */
function itemsOf(db: Db, recipientId: number) {
  return db
    .selectFrom("notifications as n")
    .leftJoin("reviews as rv", "rv.id", "n.review_id")
    .leftJoin("movies as m", "m.id", "rv.movie_id")
    .leftJoin("replies as rp", "rp.id", "n.reply_id")
    .leftJoin("collections as c", "c.id", "n.collection_id")
    .leftJoin("collection_comments as cc", "cc.id", "n.collection_comment_id")
    .select([
      "n.id",
      "n.type",
      "n.target_id",
      "n.review_id",
      "n.reply_id",
      "n.collection_id",
      "n.collection_comment_id",
      "n.actor_count",
      "n.read",
      "n.seq",
      "n.updated_at",
      "rv.movie_id",
      "rv.content as review_content",
      "m.title as movie_title",
      "rp.content as reply_content",
      "c.title as collection_title",
      "cc.content as comment_content",
    ])
    .where("n.recipient_id", "=", recipientId)
    .where(visible);
}

/** Not about a hidden review (a review row with no rating, status or text). */
const visible = sql<boolean>`(n.review_id is null or rv.rating > 0 or rv.status <> '' or rv.content <> '')`;

export function listNotifications(
  db: Db,
  recipientId: number,
  window: { offset: number; limit: number },
): Promise<NotificationRow[]> {
  return itemsOf(db, recipientId)
    .orderBy("n.seq", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute() as Promise<NotificationRow[]>;
}

export function findNotification(db: Db, recipientId: number, id: number): Promise<NotificationRow | undefined> {
  return itemsOf(db, recipientId).where("n.id", "=", id).executeTakeFirst() as Promise<NotificationRow | undefined>;
}

/** Items changed after `seq` (a stream resuming from Last-Event-ID), oldest change first. */
export function notificationsAfter(
  db: Db,
  recipientId: number,
  seq: number,
  limit: number,
): Promise<NotificationRow[]> {
  return itemsOf(db, recipientId).where("n.seq", ">", seq).orderBy("n.seq", "asc").limit(limit).execute() as Promise<
    NotificationRow[]
  >;
}

/** The newest `perItem` actors of each item, newest first. */
export async function newestActors(db: Db, ids: readonly number[], perItem: number): Promise<ActorRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ActorRow>`
    select a.notification_id, u.id, u.username, u.profile_url
    from (
      select notification_id, actor_id, created_at,
        row_number() over (partition by notification_id order by created_at desc, actor_id desc) as rank
      from notification_actors where notification_id in (${sql.join(ids)})
    ) a
    join users u on u.id = a.actor_id
    where a.rank <= ${perItem}
    order by a.notification_id, a.created_at desc, a.actor_id desc`.execute(db);
  return rows;
}

export async function unreadCount(db: Db, recipientId: number): Promise<number> {
  const row = await db
    .selectFrom("notifications as n")
    .leftJoin("reviews as rv", "rv.id", "n.review_id")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("n.recipient_id", "=", recipientId)
    .where("n.read", "=", 0)
    .where(visible)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks the member's items read (`ids`: only those; others' ids are ignored); the number changed. */
export async function markRead(db: Db, recipientId: number, ids: readonly number[] | null): Promise<number> {
  if (ids !== null && ids.length === 0) return 0;
  let query = db
    .updateTable("notifications")
    .set({ read: 1 })
    .where("recipient_id", "=", recipientId)
    .where("read", "=", 0);
  if (ids !== null) query = query.where("id", "in", ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertTicket(
  db: Db,
  row: { hash: string; user_id: number; session_id: string; expires_at: string },
): Promise<void> {
  await db.insertInto("notification_tickets").values(row).execute();
}

/** Takes a ticket: whoever deletes it first gets it, so it works once. */
export function takeTicket(db: Db, hash: string) {
  return db
    .deleteFrom("notification_tickets")
    .where("hash", "=", hash)
    .returning(["user_id", "session_id", "expires_at"])
    .executeTakeFirst();
}

/** Retention: items untouched since `before` and tickets expired before `now`; the number of items deleted. */
export async function deleteExpired(db: Db, before: string, now: string): Promise<number> {
  const result = await db.deleteFrom("notifications").where("updated_at", "<", before).executeTakeFirst();
  await db.deleteFrom("notification_tickets").where("expires_at", "<", now).execute();
  return Number(result.numDeletedRows);
}

// ---- The write side (record.ts) ----

/** The next value of the notifications' change order. */
function nextSeq(db: Db) {
  return isPostgres(db)
    ? sql<number>`nextval('notification_seq')`
    : sql<number>`(select coalesce(max(seq), 0) + 1 from notifications)`;
}

const blockBetween = prepared((db, p: Params<{ a: number; b: number }>) =>
  db
    .selectFrom("blocks")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("user_id", "=", p.a), eb("target_id", "=", p.b)]),
        eb.and([eb("user_id", "=", p.b), eb("target_id", "=", p.a)]),
      ]),
    )
    .limit(1),
);

/** Whether either member blocked the other. */
export async function blockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  return (await blockBetween(db, { a, b })).rows.length > 0;
}

/** The author (and parent) of each kind of liked thing. */
const likedRows = {
  review_likes: prepared((db, p: Params<{ id: number }>) =>
    db.selectFrom("reviews").select(["user_id"]).where("id", "=", p.id),
  ),
  reply_likes: prepared((db, p: Params<{ id: number }>) =>
    db.selectFrom("replies").select(["user_id", "review_id"]).where("id", "=", p.id),
  ),
  collection_likes: prepared((db, p: Params<{ id: number }>) =>
    db.selectFrom("collections").select(["user_id"]).where("id", "=", p.id),
  ),
  collection_comment_likes: prepared((db, p: Params<{ id: number }>) =>
    db.selectFrom("collection_comments").select(["user_id", "collection_id"]).where("id", "=", p.id),
  ),
};

export async function findLikedReview(db: Db, id: number) {
  return (await likedRows.review_likes(db, { id })).rows[0];
}
export async function findLikedReply(db: Db, id: number) {
  return (await likedRows.reply_likes(db, { id })).rows[0];
}
export async function findLikedCollection(db: Db, id: number) {
  return (await likedRows.collection_likes(db, { id })).rows[0];
}
export async function findLikedCollectionComment(db: Db, id: number) {
  return (await likedRows.collection_comment_likes(db, { id })).rows[0];
}

/** A new notification's columns besides its change order and counts. */
export type NewNotification = {
  recipient_id: number;
  type: NotificationType;
  target_id: number;
  review_id: number | null;
  reply_id: number | null;
  collection_id: number | null;
  collection_comment_id: number | null;
  at: string;
};

const insertNotificationRow = prepared((db, p: Params<NewNotification>) =>
  db
    .insertInto("notifications")
    .values({
      recipient_id: p.recipient_id,
      type: p.type,
      target_id: p.target_id,
      review_id: p.review_id,
      reply_id: p.reply_id,
      collection_id: p.collection_id,
      collection_comment_id: p.collection_comment_id,
      actor_count: 1,
      read: 0,
      seq: nextSeq(db),
      created_at: p.at,
      updated_at: p.at,
    })
    .returning("id"),
);

export async function insertNotification(trx: Db, row: NewNotification): Promise<number> {
  return Number((await insertNotificationRow(trx, row)).rows[0]!.id);
}

const insertActorRow = prepared((db, p: Params<{ notificationId: number; actorId: number; at: string }>) =>
  db
    .insertInto("notification_actors")
    .values({ notification_id: p.notificationId, actor_id: p.actorId, created_at: p.at }),
);

export async function insertActor(trx: Db, notificationId: number, actorId: number, at: string): Promise<void> {
  await insertActorRow(trx, { notificationId, actorId, at });
}

const upsertActorRow = prepared((db, p: Params<{ notificationId: number; actorId: number; at: string }>) =>
  db
    .insertInto("notification_actors")
    .values({ notification_id: p.notificationId, actor_id: p.actorId, created_at: p.at })
    .onConflict((oc) => oc.columns(["notification_id", "actor_id"]).doUpdateSet({ created_at: p.at })),
);

/** Adds the actor to an item, or moves their time; true when a row was written either way. */
export async function upsertActor(trx: Db, notificationId: number, actorId: number, at: string): Promise<boolean> {
  return Number((await upsertActorRow(trx, { notificationId, actorId, at })).numAffectedRows ?? 0) > 0;
}

const latestGroup = prepared((db, p: Params<{ type: NotificationType; targetId: number; since: string }>) =>
  db
    .selectFrom("notifications")
    .select("id")
    .where("type", "=", p.type)
    .where("target_id", "=", p.targetId)
    .where("created_at", ">=", p.since)
    .orderBy("created_at", "desc")
    .limit(1),
);

/** The newest item of (type, target) created since `since`, if any. */
export async function findLikeGroup(
  db: Db,
  type: NotificationType,
  targetId: number,
  since: string,
): Promise<number | undefined> {
  const row = (await latestGroup(db, { type, targetId, since })).rows[0];
  return row === undefined ? undefined : Number(row.id);
}

const bumpGroup = prepared((db, p: Params<{ id: number; at: string }>) =>
  db
    .updateTable("notifications")
    .set({
      actor_count: recounted(ACTOR_COUNT),
      read: 0,
      seq: nextSeq(db),
      updated_at: p.at,
    })
    .where("id", "=", p.id),
);

/** An item that gained (or re-gained) an actor: recounted, unread again, moved up. */
export async function bumpNotification(trx: Db, id: number, at: string): Promise<void> {
  await bumpGroup(trx, { id, at });
}

const actorItems = prepared((db, p: Params<{ type: NotificationType; targetId: number; actorId: number }>) =>
  db
    .selectFrom("notifications")
    .innerJoin("notification_actors", "notification_actors.notification_id", "notifications.id")
    .select(["notifications.id", "notifications.recipient_id"])
    .where("notifications.type", "=", p.type)
    .where("notifications.target_id", "=", p.targetId)
    .where("notification_actors.actor_id", "=", p.actorId),
);

/** The items of (type, target) the actor is in. */
export async function findActorItems(db: Db, type: NotificationType, targetId: number, actorId: number) {
  return (await actorItems(db, { type, targetId, actorId })).rows;
}

const deleteActorRows = prepared((db, p: Params<{ ids: unknown; actorId: number }>) =>
  db
    .deleteFrom("notification_actors")
    .where((eb) => inIdList(db, eb.ref("notification_id"), p.ids))
    .where("actor_id", "=", p.actorId),
);

const recount = prepared((db, p: Params<{ ids: unknown }>) =>
  db
    .updateTable("notifications")
    .set({
      actor_count: recounted(ACTOR_COUNT),
    })
    .where((eb) => inIdList(db, eb.ref("id"), p.ids)),
);

const deleteEmpty = prepared((db, p: Params<{ ids: unknown }>) =>
  db
    .deleteFrom("notifications")
    .where((eb) => inIdList(db, eb.ref("id"), p.ids))
    .where("actor_count", "=", 0),
);

/** Takes the actor out of the items `ids` (a list value, db/id-list.ts); items left without actors go. */
export async function removeActor(trx: Db, ids: unknown, actorId: number): Promise<void> {
  await deleteActorRows(trx, { ids, actorId });
  await recount(trx, { ids });
  await deleteEmpty(trx, { ids });
}

const deleteFollowItem = prepared((db, p: Params<{ followerId: number; followeeId: number }>) =>
  db
    .deleteFrom("notifications")
    .where("type", "=", "follow")
    .where("target_id", "=", p.followerId)
    .where("recipient_id", "=", p.followeeId),
);

/** Deletes the follow item of (follower → followee); true when there was one. */
export async function deleteFollowNotification(trx: Db, followerId: number, followeeId: number): Promise<boolean> {
  return Number((await deleteFollowItem(trx, { followerId, followeeId })).numAffectedRows ?? 0) > 0;
}

/** The items `recipient` got that `actor` is in (a block between them takes those). */
export async function findItemsWithActor(db: Db, recipient: number, actor: number): Promise<number[]> {
  const rows = await db
    .selectFrom("notification_actors")
    .innerJoin("notifications", "notifications.id", "notification_actors.notification_id")
    .select("notifications.id")
    .where("notifications.recipient_id", "=", recipient)
    .where("notification_actors.actor_id", "=", actor)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Every item a member is an actor in, with its recipient (account deletion). */
export function findItemsOfActor(db: Db, actor: number) {
  return db
    .selectFrom("notification_actors")
    .innerJoin("notifications", "notifications.id", "notification_actors.notification_id")
    .select(["notifications.id", "notifications.recipient_id"])
    .where("notification_actors.actor_id", "=", actor)
    .execute();
}

/** Deletes the items pointing at a review; their recipients. */
export async function deleteReviewNotifications(trx: Db, reviewId: number): Promise<number[]> {
  const rows = await trx
    .deleteFrom("notifications")
    .where("review_id", "=", reviewId)
    .returning("recipient_id")
    .execute();
  return rows.map((r) => r.recipient_id);
}

/** A member's own items and stream tickets (account deletion). */
export async function deleteOwnNotifications(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom("notifications").where("recipient_id", "=", userId).execute();
  await trx.deleteFrom("notification_tickets").where("user_id", "=", userId).execute();
}
