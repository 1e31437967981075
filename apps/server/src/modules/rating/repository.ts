// SQL of 평가하기: dismissals (관심없어요), what a member's queue leaves out, compact movie rows, the catalog read
// that the in-memory orders are built from, and the credits the similar-films fallback compares.
import { type Kysely, sql } from "kysely";
import { prepared, preparedKept, type Params } from "../../db/prepared.js";
import type { Database } from "../../db/types.js";
import { visibleReview } from "../reviews/index.js";

type Db = Kysely<Database>;

/** Marks a film not interesting; false when it already was (idempotent, never a constraint error). */
export async function insertDismissal(db: Db, userId: number, movieId: number, now: string): Promise<boolean> {
  const row = await db
    .insertInto("movie_dismissals")
    .values({ user_id: userId, movie_id: movieId, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "movie_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes the mark back; false when there was none. */
export async function deleteDismissal(db: Db, userId: number, movieId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("movie_dismissals")
    .where("user_id", "=", userId)
    .where("movie_id", "=", movieId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The member's dismissed films, newest first (the settings list), one window of movie ids. */
export async function dismissedWindow(db: Db, userId: number, offset: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("movie_dismissals")
    .select("movie_id")
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.movie_id);
}

/** Caches of a member's exclusions key on this: review writes and dismissals bump it in their transaction. */
export async function bumpMemberVersion(db: Db, userId: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ data_version: sql`data_version + 1` })
    .where("id", "=", userId)
    .execute();
}

const versionOfMember = preparedKept("rating.versionOfMember", (db, p: Params<{ userId: number }>) =>
  db.selectFrom("users").select("data_version").where("id", "=", p.userId),
);

export async function memberVersion(db: Db, userId: number): Promise<number | undefined> {
  const row = (await versionOfMember(db, { userId })).rows[0];
  return row === undefined ? undefined : Number(row.data_version);
}

/**
 * Films the member's queue leaves out: those with a visible review row (rated, marked or written: a row emptied to
 * nothing is hidden and counts as unseen, API.md §4.5) and those dismissed. Ascending ids, duplicates possible.
 */
const exclusions = prepared((db, p: Params<{ userId: number }>) =>
  db
    .selectFrom("reviews")
    .select("movie_id")
    .where("user_id", "=", p.userId)
    .where(visibleReview("reviews"))
    .unionAll(db.selectFrom("movie_dismissals").select("movie_id").where("user_id", "=", p.userId)),
);

export async function memberExclusions(db: Db, userId: number): Promise<number[]> {
  return (await exclusions(db, { userId })).rows.map((r) => Number(r.movie_id));
}

/** Only the member's dismissed ids (the recommendation lists' extra exclusions). */
const dismissedOf = preparedKept("rating.dismissedOf", (db, p: Params<{ userId: number }>) =>
  db.selectFrom("movie_dismissals").select("movie_id").where("user_id", "=", p.userId),
);

export async function dismissedIds(db: Db, userId: number): Promise<number[]> {
  return (await dismissedOf(db, { userId })).rows.map((r) => Number(r.movie_id));
}

const movieById = preparedKept("rating.movieById", (db, p: Params<{ id: number }>) =>
  db.selectFrom("movies").select("id").where("id", "=", p.id),
);

export async function movieExists(db: Db, id: number): Promise<boolean> {
  return (await movieById(db, { id })).rows.length > 0;
}

/** One page of the catalog in id order: id and popularity. */
export function catalogPage(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom("movies")
    .select(["id", "ratings_count"])
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** One page of genre links in (movie, genre) order. */
export function genreLinksPage(db: Db, after: { movieId: number; genreId: number }, limit: number) {
  return db
    .selectFrom("movie_genres")
    .select(["movie_id", "genre_id"])
    .where((eb) =>
      eb.or([
        eb("movie_id", ">", after.movieId),
        eb.and([eb("movie_id", "=", after.movieId), eb("genre_id", ">", after.genreId)]),
      ]),
    )
    .orderBy("movie_id")
    .orderBy("genre_id")
    .limit(limit)
    .execute();
}

export function genreNames(db: Db) {
  return db.selectFrom("genres").select(["id", "name"]).orderBy("id").execute();
}

/**
 * Films sharing people with `movieId`, with how many directors and how many cast members they share (the fallback
 * of similar films). Bounded by those people's filmographies, read from the credits_person index.
 */
export function sharedCredits(db: Db, movieId: number) {
  const directing = sql<number>`sum(case when mine.kind = '감독' and theirs.kind = '감독' then 1 else 0 end)`;
  const acting = sql<number>`sum(case when mine.kind <> '감독' and theirs.kind <> '감독' then 1 else 0 end)`;
  return db
    .selectFrom("credits as mine")
    .innerJoin("credits as theirs", "theirs.person_id", "mine.person_id")
    .select(["theirs.movie_id as movie_id", directing.as("directors"), acting.as("cast")])
    .where("mine.movie_id", "=", movieId)
    .where("theirs.movie_id", "<>", movieId)
    .groupBy("theirs.movie_id")
    .execute();
}
