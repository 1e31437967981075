// SQL for members and their relations; callers pass the db-or-transaction handle.
import type { Kysely } from "kysely";
import type { Database, NewUser, UserRow, UserUpdate } from "../../db/types.js";

type Db = Kysely<Database>;

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUsersByIds(db: Db, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("users").selectAll().where("id", "in", ids).execute();
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("username_lower", "=", username.toLowerCase()).executeTakeFirst();
}

export function findUserByLoginId(db: Db, loginId: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("login_id_lower", "=", loginId.toLowerCase()).executeTakeFirst();
}

export function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto("users").values(user).returningAll().executeTakeFirstOrThrow();
}

export function updateUser(db: Db, id: number, patch: UserUpdate): Promise<UserRow> {
  return db.updateTable("users").set(patch).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

/** Whether `userId` follows / blocks `targetId`. */
export async function relationFlags(
  db: Db,
  userId: number,
  targetId: number,
): Promise<{ isFollowing: boolean; isBlocked: boolean }> {
  const [follow, block] = await Promise.all([
    db
      .selectFrom("follows")
      .select("id")
      .where("user_id", "=", userId)
      .where("target_id", "=", targetId)
      .executeTakeFirst(),
    db
      .selectFrom("blocks")
      .select("id")
      .where("user_id", "=", userId)
      .where("target_id", "=", targetId)
      .executeTakeFirst(),
  ]);
  return { isFollowing: follow !== undefined, isBlocked: block !== undefined };
}
