// SQL for sessions (refresh-token families) and their refresh tokens.
import type { Kysely } from "kysely";
import { preparedKept, type Params } from "../../db/prepared.js";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

export function insertSession(db: Db, session: { id: string; user_id: number; created_at: string }) {
  return db
    .insertInto("sessions")
    .values({ ...session, revoked_at: null })
    .execute();
}

/**
 * One indexed lookup per authenticated request — the session is live and its member still exists — kept until the
 * next write: revoking a session, or deleting its member, is one.
 */
const liveSession = preparedKept("auth.liveSession", (db, p: Params<{ sessionId: string; userId: number }>) =>
  db
    .selectFrom("sessions")
    .select("id")
    .where("id", "=", p.sessionId)
    .where("user_id", "=", p.userId)
    .where("revoked_at", "is", null),
);

export async function isSessionLive(db: Db, sessionId: string, userId: number): Promise<boolean> {
  return (await liveSession(db, { sessionId, userId })).rows.length > 0;
}

export function insertRefreshToken(
  db: Db,
  token: { session_id: string; user_id: number; token_hash: string; expires_at: string; created_at: string },
) {
  return db
    .insertInto("refresh_tokens")
    .values({ ...token, state: "active", rotated_at: null })
    .execute();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom("refresh_tokens")
    .innerJoin("sessions", "sessions.id", "refresh_tokens.session_id")
    .select([
      "refresh_tokens.id",
      "refresh_tokens.session_id",
      "refresh_tokens.user_id",
      "refresh_tokens.state",
      "refresh_tokens.rotated_at",
      "refresh_tokens.expires_at",
      "sessions.revoked_at",
      "sessions.created_at as session_created_at",
    ])
    .where("refresh_tokens.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Marks an active token rotated; false when another request rotated it first (compare-and-set). */
export async function markRotated(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("refresh_tokens")
    .set({ state: "rotated", rotated_at: at })
    .where("id", "=", id)
    .where("state", "=", "active")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeSession(db: Db, sessionId: string, at: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: at })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
  await db.updateTable("refresh_tokens").set({ state: "revoked" }).where("session_id", "=", sessionId).execute();
}

/** Ends every session of a member but `keepSessionId` (a password change keeps the session that made it). */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: string, at: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: at })
    .where("user_id", "=", userId)
    .where("id", "<>", keepSessionId)
    .where("revoked_at", "is", null)
    .execute();
  await db
    .updateTable("refresh_tokens")
    .set({ state: "revoked" })
    .where("user_id", "=", userId)
    .where("session_id", "<>", keepSessionId)
    .execute();
}

export async function setPasswordHash(db: Db, userId: number, hash: string): Promise<void> {
  await db.updateTable("users").set({ password_hash: hash }).where("id", "=", userId).execute();
}

/** Replaces a hash only if it is still `previous` (a concurrent password change wins). */
export async function replacePasswordHash(db: Db, userId: number, previous: string, next: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: next })
    .where("id", "=", userId)
    .where("password_hash", "=", previous)
    .execute();
}
