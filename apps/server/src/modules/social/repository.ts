// SQL for the member graph: follows and blocks (one RelationTable shape), their lists and the follow counters.
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;
export type RelationTableName = "follows" | "blocks";

export interface Page {
  offset: number;
  limit: number;
}

/** Inserts the (user → target) pair; false when it already exists (also when a concurrent insert won). */
export async function insertRelation(
  db: Db,
  table: RelationTableName,
  userId: number,
  targetId: number,
  createdAt: string,
): Promise<boolean> {
  const result = await db
    .insertInto(table)
    .values({ user_id: userId, target_id: targetId, created_at: createdAt })
    .onConflict((oc) => oc.columns(["user_id", "target_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Deletes the (user → target) pair; false when there was none. */
export async function deleteRelation(db: Db, table: RelationTableName, userId: number, targetId: number) {
  const result = await db
    .deleteFrom(table)
    .where("user_id", "=", userId)
    .where("target_id", "=", targetId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Moves the follower's following_count and the followee's follower_count by `delta`. The two rows are updated in
 * id order, so concurrent follows between the same two members (A→B and B→A) lock them in the same order and
 * never deadlock on PostgreSQL.
 */
export async function shiftFollowCounts(db: Db, followerId: number, followeeId: number, delta: 1 | -1) {
  const updates = [
    { id: followerId, column: "following_count" as const },
    { id: followeeId, column: "follower_count" as const },
  ].sort((a, b) => a.id - b.id);
  for (const { id, column } of updates) {
    await db
      .updateTable("users")
      .set({ [column]: sql`${sql.ref(column)} + ${delta}` })
      .where("id", "=", id)
      .execute();
  }
}

/** Members on the other side of `userId`'s follows: whom they follow ("target") or who follows them ("user"). */
export function listFollowUsers(db: Db, userId: number, direction: "followings" | "followers", page: Page) {
  const [own, other] =
    direction === "followings" ? (["user_id", "target_id"] as const) : (["target_id", "user_id"] as const);
  return db
    .selectFrom("follows")
    .innerJoin("users", "users.id", `follows.${other}`)
    .select(["users.id", "users.username", "users.profile_url"])
    .where(`follows.${own}`, "=", userId)
    .orderBy("follows.id")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Ids of the members `userId` blocked, oldest block first. */
export async function listBlockedIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("blocks").select("target_id").where("user_id", "=", userId).orderBy("id").execute();
  return rows.map((r) => r.target_id);
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

/** Whether the member `id` exists here under exactly this name. */
export async function userNamed(db: Db, id: number, username: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("id", "=", id)
    .where("username", "=", username)
    .executeTakeFirst();
  return row !== undefined;
}
