// Set-based SQL for 회원 탈퇴 (DELETE /api/users/me): what goes with the member is said once (`goneWith`), and both
// the counter decrements (through the counter registry, db/counters.ts) and the deletes are made from it. Every
// statement is one query over the member's rows, never a per-row loop; the caller runs them in one transaction,
// counters first (they read the rows the deletes remove).
import { type Kysely, type RawBuilder, sql } from "kysely";
import { isPostgres } from "../../db/connection.js";
import { COUNTERS, type GoneRows, releaseCounters } from "../../db/counters.js";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/**
 * The rows that go with the member, per table: what they authored or gave, and what hangs off their reviews and
 * collections (others' replies, comments and likes there, and the likes on those replies and comments).
 */
function goneWith(userId: number): GoneRows {
  const col = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
  const ownReviews = sql`(select id from reviews where user_id = ${userId})`;
  const ownCollections = sql`(select id from collections where user_id = ${userId})`;
  const doomedReplies = sql`(select id from replies where user_id = ${userId} or review_id in ${ownReviews})`;
  const doomedComments = sql`(select id from collection_comments
    where user_id = ${userId} or collection_id in ${ownCollections})`;
  const byMember = (a: string) => sql`${col(a, "user_id")} = ${userId}`;
  const byMemberOr = (target: string, within: RawBuilder<unknown>) => (a: string) =>
    sql`${col(a, "user_id")} = ${userId} or ${col(a, target)} in ${within}`;
  return {
    users: (a) => sql`${col(a, "id")} = ${userId}`,
    reviews: byMember,
    collections: byMember,
    replies: byMemberOr("review_id", ownReviews),
    collection_comments: byMemberOr("collection_id", ownCollections),
    collection_movies: (a) => sql`${col(a, "collection_id")} in ${ownCollections}`,
    review_likes: byMemberOr("target_id", ownReviews),
    reply_likes: byMemberOr("target_id", doomedReplies),
    collection_likes: byMemberOr("target_id", ownCollections),
    collection_comment_likes: byMemberOr("target_id", doomedComments),
    person_likes: byMember,
    follows: (a) => sql`${col(a, "user_id")} = ${userId} or ${col(a, "target_id")} = ${userId}`,
  };
}

/** Counters on members (follow counts, liked_* totals) and the rows going with the member that they count. */
const memberCounters = (gone: GoneRows) => COUNTERS.filter((c) => c.table === "users" && gone[c.from]);

/**
 * PostgreSQL only (SQLite runs one writer at a time): lock the member's reviews and collections first, so likes,
 * replies and comments being added to them finish before us or wait and then fail on the vanished row, and then
 * every member row whose counters change, in id order like the follow writes, so no deadlock cycle forms.
 */
export async function lockAccount(db: Db, userId: number): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select id from reviews where user_id = ${userId} order by id for update`.execute(db);
  await sql`select id from collections where user_id = ${userId} order by id for update`.execute(db);
  const gone = goneWith(userId);
  const counted = memberCounters(gone).map(
    (c) => sql` or id in (select x.${sql.raw(c.key)} from ${sql.table(c.from)} x where ${gone[c.from]!("x")})`,
  );
  await sql`select id from users where id = ${userId}${sql.join(counted, sql``)} order by id for update`.execute(db);
}

/** Counters on content other members keep: likes the member gave, replies and comments the member wrote. */
export function releaseContentCounters(db: Db, userId: number): Promise<void> {
  return releaseCounters(db, goneWith(userId), (c) => c.table !== "movies" && c.table !== "users");
}

/** Movie aggregates without the member's reviews (rating_sum = Σ rating×10 over ratings > 0, §4.0). */
export function releaseMovieCounters(db: Db, userId: number): Promise<void> {
  return releaseCounters(db, goneWith(userId), (c) => c.table === "movies");
}

/** Other members' follow counts and their liked_* totals for likes on the member's reviews and collections. */
export function releaseMemberCounters(db: Db, userId: number): Promise<void> {
  return releaseCounters(db, goneWith(userId), (c) => c.table === "users");
}

/** Ids of the member's collections (deleted with them), for the search index. */
export async function ownCollectionIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("collections").select("id").where("user_id", "=", userId).execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes everything that goes with the member, leaves before roots so no foreign key is ever violated; the final
 * users delete also cascades anything a later migration hangs off the member.
 */
export async function deleteAccountRows(db: Db, userId: number): Promise<void> {
  const gone = goneWith(userId);
  const goneFrom = (table: keyof GoneRows & string) =>
    sql`delete from ${sql.table(table)} where ${gone[table]!(table)}`;
  const statements = [
    goneFrom("reply_likes"),
    goneFrom("collection_comment_likes"),
    goneFrom("review_likes"),
    goneFrom("collection_likes"),
    goneFrom("person_likes"),
    sql`delete from movie_dismissals where user_id = ${userId}`,
    sql`delete from imports where user_id = ${userId}`,
    goneFrom("replies"),
    goneFrom("collection_comments"),
    goneFrom("collection_movies"),
    goneFrom("reviews"),
    goneFrom("collections"),
    goneFrom("follows"),
    sql`delete from blocks where user_id = ${userId} or target_id = ${userId}`,
    sql`delete from social_accounts where user_id = ${userId}`,
    // Sessions and their refresh tokens go with the member: every access and refresh token fails at once.
    sql`delete from refresh_tokens where user_id = ${userId}`,
    sql`delete from sessions where user_id = ${userId}`,
    goneFrom("users"),
  ];
  for (const statement of statements) await statement.execute(db);
}

/** The member's stored `profile_url` (an uploaded avatar's file is removed after the commit). */
export async function profileUrlOf(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom("users").select("profile_url").where("id", "=", userId).executeTakeFirst();
  return row?.profile_url ?? null;
}
