// SQL of the catalog's people as the sync finds, links and names them: by TMDB id, seed people (not linked to TMDB)
// by name or by the films crediting them, and the people still waiting for their Hangul name.
import { type Kysely, sql } from "kysely";
import { counter, recounted } from "../../../db/counters.js";
import type { Database } from "../../../db/types.js";

type Db = Kysely<Database>;

/** The stored names and portraits of the people linked to these TMDB ids. */
export function storedPeopleByTmdb(
  db: Db,
  tmdbIds: readonly number[],
): Promise<Array<{ tmdb_id: number | null; name: string; original_name: string | null; profile_path: string | null }>> {
  return db
    .selectFrom("people")
    .select(["tmdb_id", "name", "original_name", "profile_path"])
    .where("tmdb_id", "in", tmdbIds)
    .execute();
}

/** The people linked to these TMDB ids, with what the writer decides on. */
export function peopleByTmdb(db: Db, tmdbIds: readonly number[]) {
  return db
    .selectFrom("people")
    .select(["id", "key", "tmdb_id", "name", "original_name", "profile_path", "operator_edited_at"])
    .where("tmdb_id", "in", tmdbIds)
    .execute();
}

export async function updatePersonFromTmdb(
  db: Db,
  personId: number,
  person: { name: string; original_name: string | null; profile_path: string | null },
): Promise<void> {
  await db
    .updateTable("people")
    .set({ name: person.name, original_name: person.original_name, profile_path: person.profile_path })
    .where("id", "=", personId)
    .execute();
}

/** Links a person not yet linked to TMDB; returns their key, or undefined when someone linked them first. */
export async function linkPersonToTmdb(
  db: Db,
  personId: number,
  tmdbId: number,
  profilePath: string | null,
): Promise<string | undefined> {
  const linked = await db
    .updateTable("people")
    .set({ tmdb_id: tmdbId, profile_path: profilePath })
    .where("id", "=", personId)
    .where("tmdb_id", "is", null)
    .returning("key")
    .executeTakeFirst();
  return linked?.key;
}

/** Inserts a person from TMDB unless one is linked to the TMDB id already (then undefined). */
export function insertTmdbPerson(
  db: Db,
  person: {
    key: string;
    name: string;
    original_name: string | null;
    profile_path: string | null;
    tmdb_id: number;
    created_at: string;
  },
): Promise<{ id: number; key: string } | undefined> {
  return db
    .insertInto("people")
    .values({
      key: person.key,
      name: person.name,
      original_name: person.original_name,
      profile_path: person.profile_path,
      tmdb_id: person.tmdb_id,
      created_at: person.created_at,
    })
    .onConflict((oc) => oc.column("tmdb_id").doNothing())
    .returning(["id", "key"])
    .executeTakeFirst();
}

export async function personKeyByTmdb(db: Db, tmdbId: number): Promise<string> {
  return (await db.selectFrom("people").select("key").where("tmdb_id", "=", tmdbId).executeTakeFirstOrThrow()).key;
}

/** People not linked to TMDB whose original name is `latin`, ignoring case. */
export function unlinkedPeopleNamed(db: Db, latin: string): Promise<Array<{ id: number; key: string; name: string }>> {
  return db
    .selectFrom("people")
    .select(["id", "key", "name"])
    .where("tmdb_id", "is", null)
    .where(sql<string>`lower(original_name)`, "=", latin.toLowerCase())
    .execute();
}

/** The people a film credits who are not linked to TMDB (seed people). */
export function unlinkedPeopleCredited(
  db: Db,
  movieId: number,
): Promise<Array<{ id: number; name: string; original_name: string | null }>> {
  return db
    .selectFrom("credits")
    .innerJoin("people", "people.id", "credits.person_id")
    .select(["people.id", "people.name", "people.original_name"])
    .where("credits.movie_id", "=", movieId)
    .where("people.tmdb_id", "is", null)
    .execute();
}

const CREDITS_COUNT = counter("people.credits_count");

/** Sets the people's credits_count to a recount of their credits (500 at a time). */
export async function recountCredits(db: Db, personIds: readonly number[]): Promise<void> {
  for (let i = 0; i < personIds.length; i += 500) {
    await db
      .updateTable("people")
      .set({ credits_count: recounted(CREDITS_COUNT) })
      .where("id", "in", personIds.slice(i, i + 500))
      .execute();
  }
}

/**
 * People linked to TMDB who were never looked up: no original name and not edited by an operator, in id order.
 */
export function unnamedTmdbPeople(db: Db): Promise<Array<{ id: number; tmdb_id: number | null; name: string }>> {
  return db
    .selectFrom("people")
    .select(["id", "tmdb_id", "name"])
    .where("tmdb_id", "is not", null)
    .where("original_name", "is", null)
    .where("operator_edited_at", "is", null)
    .orderBy("id")
    .execute();
}

/** A looked-up person's name (and portrait, when TMDB has one), unless an operator edited them meanwhile. */
export async function nameTmdbPerson(
  db: Db,
  personId: number,
  values: { name: string; original_name: string; profile_path?: string },
): Promise<void> {
  await db
    .updateTable("people")
    .set(values)
    .where("id", "=", personId)
    .where("operator_edited_at", "is", null)
    .execute();
}
