// SQL of the catalog's films as the sync and the charts find and write them: by TMDB id or KOBIS code, candidates
// for linking a seed film, identities other films hold, watch providers and credits.
import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database, MoviesTable } from "../../../db/types.js";
import type { ProviderDraft } from "../mapping.js";

type Db = Kysely<Database>;

export async function movieIdByTmdb(db: Db, tmdbId: number): Promise<number | undefined> {
  return (await db.selectFrom("movies").select("id").where("tmdb_id", "=", tmdbId).executeTakeFirst())?.id;
}

export async function movieIdByKobisCode(db: Db, code: string): Promise<number | undefined> {
  return (await db.selectFrom("movies").select("id").where("kobis_code", "=", code).executeTakeFirst())?.id;
}

/** The TMDB ids among `tmdbIds` that films of the catalog are linked to (asked 500 at a time). */
export async function linkedTmdbIds(db: Db, tmdbIds: readonly number[]): Promise<number[]> {
  const linked: number[] = [];
  for (let i = 0; i < tmdbIds.length; i += 500) {
    const rows = await db
      .selectFrom("movies")
      .select("tmdb_id")
      .where("tmdb_id", "in", tmdbIds.slice(i, i + 500))
      .execute();
    linked.push(...rows.map((r) => r.tmdb_id!));
  }
  return linked;
}

/** The film the writer writes to: what it decides with. */
export interface TargetRow {
  id: number;
  key: string;
  operator_edited_at: string | null;
  running_time: number | null;
  grade: string | null;
}

const TARGET_COLUMNS = ["id", "key", "operator_edited_at", "running_time", "grade"] as const;

export function targetByTmdb(db: Db, tmdbId: number): Promise<TargetRow | undefined> {
  return db.selectFrom("movies").select(TARGET_COLUMNS).where("tmdb_id", "=", tmdbId).executeTakeFirst();
}

export function targetById(db: Db, id: number): Promise<TargetRow> {
  return db.selectFrom("movies").select(TARGET_COLUMNS).where("id", "=", id).executeTakeFirstOrThrow();
}

/** Films not linked to the source (`unlinked` is null) with one of the titles as title or original title. */
export function unlinkedFilmsTitled(
  db: Db,
  unlinked: "tmdb_id" | "kobis_code",
  titles: readonly string[],
  year: number,
): Promise<Array<{ id: number }>> {
  return db
    .selectFrom("movies")
    .select("id")
    .where(unlinked, "is", null)
    .where("year", ">=", year - 1)
    .where("year", "<=", year + 1)
    .where((eb) => eb.or([eb("title", "in", titles), eb("original_title", "in", titles)]))
    .execute();
}

/** The directors (name and original name) of each of the films. */
export function directorsOf(
  db: Db,
  movieIds: readonly number[],
): Promise<Array<{ movie_id: number; name: string; original_name: string | null }>> {
  return db
    .selectFrom("credits")
    .innerJoin("people", "people.id", "credits.person_id")
    .select(["credits.movie_id", "people.name", "people.original_name"])
    .where("credits.movie_id", "in", movieIds)
    .where("credits.kind", "=", "감독")
    .execute();
}

/** The film holding this identity, if any. */
export async function movieHolding(
  db: Db,
  column: "imdb_id" | "kobis_code",
  value: string,
): Promise<number | undefined> {
  return (await db.selectFrom("movies").select("id").where(column, "=", value).executeTakeFirst())?.id;
}

export async function updateMovie(db: Db, movieId: number, values: Updateable<MoviesTable>): Promise<void> {
  await db.updateTable("movies").set(values).where("id", "=", movieId).execute();
}

export async function insertMovie(db: Db, values: Insertable<MoviesTable>): Promise<number> {
  return (await db.insertInto("movies").values(values).returning("id").executeTakeFirstOrThrow()).id;
}

export async function replaceWatchProviders(
  db: Db,
  movieId: number,
  providers: readonly ProviderDraft[],
): Promise<void> {
  await db.deleteFrom("movie_watch_providers").where("movie_id", "=", movieId).execute();
  if (providers.length === 0) return;
  await db
    .insertInto("movie_watch_providers")
    .values(providers.map((p) => ({ movie_id: movieId, ...p })))
    .execute();
}

export async function creditedPersonIds(db: Db, movieId: number): Promise<number[]> {
  const rows = await db.selectFrom("credits").select("person_id").where("movie_id", "=", movieId).execute();
  return rows.map((r) => r.person_id);
}
