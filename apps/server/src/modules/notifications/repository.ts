// SQL of the read side of notifications: a member's items with what they point at, their newest actors, unread
// counts, read marks, stream tickets and the retention cleanup.
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

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
