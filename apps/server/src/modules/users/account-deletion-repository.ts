// Set-based SQL for 회원 탈퇴 (DELETE /api/users/me): grouped counter decrements on what other members keep, then
// the deletes. Every statement is one query over the member's rows, never a per-row loop; the caller runs them
// in one transaction, counters first (they read the rows the deletes remove).
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../../db/connection.js";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/**
 * PostgreSQL only (SQLite runs one writer at a time): lock the member's reviews and collections first, so likes,
 * replies and comments being added to them finish before us or wait and then fail on the vanished row, and then
 * every member row whose counters change, in id order like the follow writes, so no deadlock cycle forms.
 */
export async function lockAccount(db: Db, userId: number): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select id from reviews where user_id = ${userId} order by id for update`.execute(db);
  await sql`select id from collections where user_id = ${userId} order by id for update`.execute(db);
  await sql`
    select id from users where id = ${userId}
      or id in (select target_id from follows where user_id = ${userId})
      or id in (select user_id from follows where target_id = ${userId})
      or id in (select l.user_id from review_likes l join reviews r on r.id = l.target_id where r.user_id = ${userId})
      or id in (select l.user_id from collection_likes l join collections c on c.id = l.target_id
                where c.user_id = ${userId})
    order by id for update`.execute(db);
}

/**
 * `table.column -= (rows of source owned by the member that point at this row)` for every row they point at;
 * rows about to be deleted with the member may be decremented too, which is harmless.
 */
async function decrementFrom(
  db: Db,
  target: { table: string; column: string },
  source: { table: string; pointer: string; owner: string },
  userId: number,
): Promise<void> {
  const t = sql.table(target.table);
  const col = sql.ref(target.column);
  const s = sql.table(source.table);
  const pointer = sql.ref(source.pointer);
  const owner = sql.ref(source.owner);
  await sql`
    update ${t} set ${col} = ${col} - (
      select count(*) from ${s} where ${s}.${pointer} = ${t}.id and ${s}.${owner} = ${userId})
    where id in (select ${pointer} from ${s} where ${owner} = ${userId})`.execute(db);
}

/** Counters on content other members keep: likes the member gave, replies and comments the member wrote. */
export async function releaseContentCounters(db: Db, userId: number): Promise<void> {
  const likes = [
    ["reviews", "review_likes"],
    ["replies", "reply_likes"],
    ["collections", "collection_likes"],
    ["collection_comments", "collection_comment_likes"],
    ["people", "person_likes"],
  ] as const;
  for (const [table, likeTable] of likes) {
    await decrementFrom(
      db,
      { table, column: "likes_count" },
      { table: likeTable, pointer: "target_id", owner: "user_id" },
      userId,
    );
  }
  await decrementFrom(
    db,
    { table: "reviews", column: "comments_count" },
    { table: "replies", pointer: "review_id", owner: "user_id" },
    userId,
  );
  await decrementFrom(
    db,
    { table: "collections", column: "comments_count" },
    { table: "collection_comments", pointer: "collection_id", owner: "user_id" },
    userId,
  );
}

/** Movie aggregates without the member's reviews (rating_sum = Σ rating×10 over ratings > 0, §4.0). */
export async function releaseMovieCounters(db: Db, userId: number): Promise<void> {
  await sql`
    update movies set
      rating_sum = rating_sum - (
        select coalesce(sum(cast(round(r.rating * 10) as integer)), 0) from reviews r
        where r.movie_id = movies.id and r.user_id = ${userId} and r.rating > 0),
      ratings_count = ratings_count - (
        select count(*) from reviews r where r.movie_id = movies.id and r.user_id = ${userId} and r.rating > 0),
      reviews_count = reviews_count - (
        select count(*) from reviews r where r.movie_id = movies.id and r.user_id = ${userId} and r.content <> '')
    where id in (select movie_id from reviews where user_id = ${userId})`.execute(db);
}

/** Other members' follow counts and their liked_* totals for likes on the member's reviews and collections. */
export async function releaseMemberCounters(db: Db, userId: number): Promise<void> {
  await decrementFrom(
    db,
    { table: "users", column: "follower_count" },
    { table: "follows", pointer: "target_id", owner: "user_id" },
    userId,
  );
  await decrementFrom(
    db,
    { table: "users", column: "following_count" },
    { table: "follows", pointer: "user_id", owner: "target_id" },
    userId,
  );
  for (const [column, likeTable, contentTable] of [
    ["liked_reviews_count", "review_likes", "reviews"],
    ["liked_collections_count", "collection_likes", "collections"],
  ] as const) {
    const likes = sql.table(likeTable);
    const content = sql.table(contentTable);
    await sql`
      update users set ${sql.ref(column)} = ${sql.ref(column)} - (
        select count(*) from ${likes} l join ${content} c on c.id = l.target_id
        where l.user_id = users.id and c.user_id = ${userId})
      where id <> ${userId} and id in (
        select l.user_id from ${likes} l join ${content} c on c.id = l.target_id where c.user_id = ${userId})`.execute(
      db,
    );
  }
}

/** Ids of the member's collections (deleted with them), for the search index. */
export async function ownCollectionIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("collections").select("id").where("user_id", "=", userId).execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes everything the member authored or gave, leaves before roots so no foreign key is ever violated; the
 * final users delete also cascades anything a later migration hangs off the member.
 */
export async function deleteAccountRows(db: Db, userId: number): Promise<void> {
  const ownReviews = sql`(select id from reviews where user_id = ${userId})`;
  const ownCollections = sql`(select id from collections where user_id = ${userId})`;
  const doomedReplies = sql`(select id from replies where user_id = ${userId} or review_id in ${ownReviews})`;
  const doomedComments = sql`(select id from collection_comments
    where user_id = ${userId} or collection_id in ${ownCollections})`;
  const statements = [
    sql`delete from reply_likes where user_id = ${userId} or target_id in ${doomedReplies}`,
    sql`delete from collection_comment_likes where user_id = ${userId} or target_id in ${doomedComments}`,
    sql`delete from review_likes where user_id = ${userId} or target_id in ${ownReviews}`,
    sql`delete from collection_likes where user_id = ${userId} or target_id in ${ownCollections}`,
    sql`delete from person_likes where user_id = ${userId}`,
    sql`delete from movie_dismissals where user_id = ${userId}`,
    sql`delete from imports where user_id = ${userId}`,
    sql`delete from replies where user_id = ${userId} or review_id in ${ownReviews}`,
    sql`delete from collection_comments where user_id = ${userId} or collection_id in ${ownCollections}`,
    sql`delete from collection_movies where collection_id in ${ownCollections}`,
    sql`delete from reviews where user_id = ${userId}`,
    sql`delete from collections where user_id = ${userId}`,
    sql`delete from follows where user_id = ${userId} or target_id = ${userId}`,
    sql`delete from blocks where user_id = ${userId} or target_id = ${userId}`,
    sql`delete from social_accounts where user_id = ${userId}`,
    // Sessions and their refresh tokens go with the member: every access and refresh token fails at once.
    sql`delete from refresh_tokens where user_id = ${userId}`,
    sql`delete from sessions where user_id = ${userId}`,
    sql`delete from users where id = ${userId}`,
  ];
  for (const statement of statements) await statement.execute(db);
}

/** The member's stored `profile_url` (an uploaded avatar's file is removed after the commit). */
export async function profileUrlOf(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom("users").select("profile_url").where("id", "=", userId).executeTakeFirst();
  return row?.profile_url ?? null;
}
