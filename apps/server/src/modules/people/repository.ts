// SQL for people (participants): the person row, the kinds of their credits and their filmography, all through the
// credits_person index.
import type { Kysely } from "kysely";
import { prepared, type Params } from "../../db/prepared.js";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

export interface PersonCoreRow {
  id: number;
  name: string;
  profile_url: string | null;
  profile_path: string | null;
  tmdb_id: number | null;
  biography: string | null;
  likes_count: number;
}

/** What a Person answer is built from (every reader of people selects exactly these). */
export const PERSON_COLUMNS = [
  "id",
  "name",
  "profile_url",
  "profile_path",
  "tmdb_id",
  "biography",
  "likes_count",
] as const;

export interface PersonCreditRow {
  kind: string;
  movie_id: number;
  title: string;
  year: number;
  poster_url: string | null;
  poster_path: string | null;
  rating_sum: number;
  ratings_count: number;
}

const personById = prepared((db, p: Params<{ id: number }>) =>
  db.selectFrom("people").select(PERSON_COLUMNS).where("id", "=", p.id),
);

export async function findPerson(db: Db, id: number): Promise<PersonCoreRow | undefined> {
  return (await personById(db, { id })).rows[0];
}

export async function personCreditKinds(db: Db, id: number): Promise<string[]> {
  const rows = await db.selectFrom("credits").select("kind").distinct().where("person_id", "=", id).execute();
  return rows.map((r) => r.kind);
}

/** A person's credits, newest film first, then film id, then billing order (so a film's first credit is first). */
export function personCredits(db: Db, id: number): Promise<PersonCreditRow[]> {
  return db
    .selectFrom("credits")
    .innerJoin("movies", "movies.id", "credits.movie_id")
    .select([
      "credits.kind",
      "movies.id as movie_id",
      "movies.title",
      "movies.year",
      "movies.poster_url",
      "movies.poster_path",
      "movies.rating_sum",
      "movies.ratings_count",
    ])
    .where("credits.person_id", "=", id)
    .orderBy("movies.year", "desc")
    .orderBy("movies.id")
    .orderBy("credits.position")
    .orderBy("credits.id")
    .execute();
}
