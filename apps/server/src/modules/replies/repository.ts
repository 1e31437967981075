// SQL for replies (comments on a review); callers pass the db-or-transaction handle. `lock` adds FOR UPDATE
// on PostgreSQL (SQLite serialises whole transactions).
import type { Kysely } from "kysely";
import type { Database, ReplyRow } from "../../db/types.js";
import { notBlockedBy } from "../shared/index.js";

type Db = Kysely<Database>;

/** A reply with its author's current username and stored avatar. */
export type ReplyWithAuthor = ReplyRow & { author_name: string; author_profile_url: string | null };

export function findReplyById(db: Db, id: number, lock = false): Promise<ReplyRow | undefined> {
  return db
    .selectFrom("replies")
    .selectAll()
    .where("id", "=", id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export function insertReply(
  db: Db,
  values: { reviewId: number; userId: number; content: string; now: string },
): Promise<ReplyRow> {
  return db
    .insertInto("replies")
    .values({ review_id: values.reviewId, user_id: values.userId, content: values.content, created_at: values.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether the member already wrote exactly this reply on the review (an import restores a reply once). */
export async function hasSameReply(db: Db, reviewId: number, userId: number, content: string): Promise<boolean> {
  const row = await db
    .selectFrom("replies")
    .select("id")
    .where("review_id", "=", reviewId)
    .where("user_id", "=", userId)
    .where("content", "=", content)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateReplyContent(db: Db, id: number, content: string): Promise<void> {
  await db.updateTable("replies").set({ content }).where("id", "=", id).execute();
}

/** Deletes the reply and its likes (explicitly, whatever the FK pragmas say). */
export async function deleteReplyCascade(db: Db, id: number): Promise<void> {
  await db.deleteFrom("reply_likes").where("target_id", "=", id).execute();
  await db.deleteFrom("replies").where("id", "=", id).execute();
}

function withAuthor(db: Db) {
  return db
    .selectFrom("replies")
    .innerJoin("users", "users.id", "replies.user_id")
    .selectAll("replies")
    .select(["users.username as author_name", "users.profile_url as author_profile_url"]);
}

export function findReplyWithAuthor(db: Db, id: number): Promise<ReplyWithAuthor | undefined> {
  return withAuthor(db).where("replies.id", "=", id).executeTakeFirst();
}

/** One window of a review's replies, oldest first, without authors the member `hideBlockedBy` blocked. */
export function listReplies(
  db: Db,
  f: { reviewId: number; hideBlockedBy: number | null; offset: number; limit: number },
): Promise<ReplyWithAuthor[]> {
  return withAuthor(db)
    .where("replies.review_id", "=", f.reviewId)
    .where(notBlockedBy(f.hideBlockedBy, "replies.user_id"))
    .orderBy("replies.id", "asc")
    .limit(f.limit)
    .offset(f.offset)
    .execute();
}
