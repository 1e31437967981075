// SQL for members and their relations; callers pass the db-or-transaction handle.
import type { Kysely } from "kysely";
import { isPostgres } from "../../db/connection.js";
import { prepared, preparedKept, type Params } from "../../db/prepared.js";
import type { Database, NewUser, UserRow, UserUpdate } from "../../db/types.js";

type Db = Kysely<Database>;

const userById = prepared((db, p: Params<{ id: number }>) => db.selectFrom("users").selectAll().where("id", "=", p.id));

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return (await userById(db, { id })).rows[0];
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
const relation = preparedKept("users.relation", (db, p: Params<{ userId: number; targetId: number }>) =>
  db.selectNoFrom((eb) => [
    eb
      .exists(eb.selectFrom("follows").select("id").where("user_id", "=", p.userId).where("target_id", "=", p.targetId))
      .as("following"),
    eb
      .exists(eb.selectFrom("blocks").select("id").where("user_id", "=", p.userId).where("target_id", "=", p.targetId))
      .as("blocked"),
  ]),
);

/** Whether `userId` follows and blocks `targetId`, in one statement. */
export async function relationFlags(
  db: Db,
  userId: number,
  targetId: number,
): Promise<{ isFollowing: boolean; isBlocked: boolean }> {
  const row = (await relation(db, { userId, targetId })).rows[0];
  // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
  return { isFollowing: Boolean(row?.following), isBlocked: Boolean(row?.blocked) };
}

/**
 * Sets the member's `profile_url` and returns the value it replaced, in the caller's transaction (PostgreSQL locks
 * the row first, so two uploads at once each learn the file the other one replaced; SQLite serialises writers).
 */
export async function swapProfileUrl(
  trx: Db,
  id: number,
  profileUrl: string | null,
): Promise<{ previous: string | null; user: UserRow } | undefined> {
  let query = trx.selectFrom("users").select("profile_url").where("id", "=", id);
  if (isPostgres(trx)) query = query.forUpdate();
  const current = await query.executeTakeFirst();
  if (!current) return undefined;
  const user = await updateUser(trx, id, { profile_url: profileUrl });
  return { previous: current.profile_url, user };
}
