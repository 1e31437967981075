// SQL for collection comments; callers pass the db-or-transaction handle.
import { type Kysely, sql } from "kysely";
import type { CollectionCommentRow, Database } from "../../db/types.js";
import { notBlockedBy } from "../shared/index.js";

type Db = Kysely<Database>;

/** A comment with the author fields its wire shape shows. */
export interface CommentWithAuthor extends CollectionCommentRow {
  username: string;
  user_profile_url: string | null;
}

function withAuthor(db: Db) {
  return db
    .selectFrom("collection_comments")
    .innerJoin("users", "users.id", "collection_comments.user_id")
    .selectAll("collection_comments")
    .select(["users.username", "users.profile_url as user_profile_url"]);
}

export function findComment(db: Db, id: number): Promise<CollectionCommentRow | undefined> {
  return db.selectFrom("collection_comments").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findCommentWithAuthor(db: Db, id: number): Promise<CommentWithAuthor | undefined> {
  return withAuthor(db).where("collection_comments.id", "=", id).executeTakeFirst();
}

/** A window of a collection's comments, oldest first, without authors the caller blocked. */
export function listComments(
  db: Db,
  collectionId: number,
  callerId: number | null,
  window: { offset: number; limit: number },
): Promise<CommentWithAuthor[]> {
  return withAuthor(db)
    .where("collection_comments.collection_id", "=", collectionId)
    .where(notBlockedBy<Database, "collection_comments" | "users">(callerId, "collection_comments.user_id"))
    .orderBy("collection_comments.id", "asc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/**
 * Adds `delta` to the collection's comments_count; returns false when the collection does not exist. As the
 * transaction's first write it also row-locks the collection (PostgreSQL), ordering it before a racing delete.
 */
export async function bumpCommentsCount(db: Db, collectionId: number, delta: number): Promise<boolean> {
  const result = await db
    .updateTable("collections")
    .set({ comments_count: sql`comments_count + ${delta}` })
    .where("id", "=", collectionId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Reads the comment and row-locks it (no-op update) so a like toggle and a delete cannot interleave. */
export function lockComment(db: Db, id: number): Promise<CollectionCommentRow | undefined> {
  return db
    .updateTable("collection_comments")
    .set({ likes_count: sql`likes_count` })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export function insertComment(
  db: Db,
  values: { collection_id: number; user_id: number; content: string; created_at: string },
): Promise<CollectionCommentRow> {
  return db.insertInto("collection_comments").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Whether the member already wrote exactly this comment on the collection (an import restores a comment once). */
export async function hasSameComment(db: Db, collectionId: number, userId: number, content: string): Promise<boolean> {
  const row = await db
    .selectFrom("collection_comments")
    .select("id")
    .where("collection_id", "=", collectionId)
    .where("user_id", "=", userId)
    .where("content", "=", content)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateCommentContent(db: Db, id: number, content: string): Promise<boolean> {
  const result = await db.updateTable("collection_comments").set({ content }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the comment and its likes; returns false when it was already gone. */
export async function deleteComment(db: Db, id: number): Promise<boolean> {
  await db.deleteFrom("collection_comment_likes").where("target_id", "=", id).execute();
  const result = await db.deleteFrom("collection_comments").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
