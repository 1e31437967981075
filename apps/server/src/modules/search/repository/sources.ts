// SQL of the collection list (collections reached through the movies they hold) and of the genre lists (a genre's
// movies, and movie candidates joined with the matched genres).
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../../db/types.js";
import type { SearchQuery } from "../matcher.js";
import type { DocIds } from "./candidates.js";
import { containsText, inIds, isPostgres, unmatchable } from "./dialect.js";
import { documentIdOf, recordOfCandidate } from "./records.js";

type Db = Kysely<Database>;

/**
 * A membership test on a collection's few links: without the unary plus SQLite probes the (collection, movie) key
 * once per listed movie, hundreds of probes per collection instead of a dozen rows read.
 */
const notIndexed = (column: RawBuilder<unknown>) => sql`+${column}`;

/**
 * Join condition: `d` is one of the documents (title, original title) of the movie in `movieColumn` (a range is
 * one probe on SQLite; PostgreSQL only probes the index with a list).
 */
function movieDocuments(db: Db, movieColumn: RawBuilder<unknown>) {
  const [title, original] = [0, 1].map((field) => documentIdOf("movie", field, movieColumn));
  return isPostgres(db) ? sql`d.id = any(array[${title}, ${original}])` : sql`d.id between ${title} and ${original}`;
}

/**
 * "Some row exists", written as a scalar subquery: PostgreSQL may turn an EXISTS under OR into one hashed pass
 * over every collection's links, where a scan in popularity order wants a few probes per collection it reads.
 */
const anyRow = (query: RawBuilder<unknown>) => sql`(${query} limit 1) is not null`;

/** Up to `limit` links of the given movies, with their collections' popularity keys. */
export function linksOfMovies(db: Db, movieIds: readonly number[], limit: number) {
  return db
    .selectFrom("collection_movies as cm")
    .innerJoin("collections as c", "c.id", "cm.collection_id")
    .select(["cm.collection_id", "cm.movie_id", "c.likes_count", "c.movie_count"])
    .where(inIds(db, sql.ref("cm.movie_id"), movieIds))
    .limit(limit)
    .execute();
}

/** Links between the given collections and the given movies. */
export function linksBetween(db: Db, collectionIds: readonly number[], movieIds: readonly number[]) {
  return db
    .selectFrom("collection_movies")
    .select(["collection_id", "movie_id"])
    .where(inIds(db, sql.ref("collection_id"), collectionIds))
    .where(inIds(db, notIndexed(sql.ref("movie_id")), movieIds))
    .execute();
}

/** The texts of the given collections' movies that contain the query's key (in the query's column). */
export function movieTextsContaining(db: Db, collectionIds: readonly number[], q: SearchQuery) {
  return sql<{ collection_id: number; norm: string; chosung: string }>`select cm.collection_id,
    d.norm, d.chosung from collection_movies cm join search_documents d on ${movieDocuments(db, sql`cm.movie_id`)}
    where ${inIds(db, sql.ref("cm.collection_id"), collectionIds)} and ${containsText(db, sql.ref(`d.${q.column}`), q.key)}`.execute(
    db,
  );
}

/** Collection `t` holds one of the given movies (a membership test per link). */
export function holdsAnyOf(db: Db, movieIds: readonly number[]): RawBuilder<unknown> {
  return movieIds.length
    ? anyRow(sql`select 1 from collection_movies cm where cm.collection_id = t.id
            and ${inIds(db, notIndexed(sql.ref("cm.movie_id")), movieIds)}`)
    : sql`1 = 0`;
}

/** Collection `t` holds a movie with a text containing the query's key. */
export function holdsMovieContaining(db: Db, q: SearchQuery): RawBuilder<unknown> {
  return unmatchable(db, q.key)
    ? sql`1 = 0`
    : anyRow(sql`select 1 from collection_movies cm join search_documents d on ${movieDocuments(db, sql`cm.movie_id`)}
            where cm.collection_id = t.id and ${containsText(db, sql.ref(`d.${q.column}`), q.key)}`);
}

/** Either clause holds. */
export const eitherOf = (a: RawBuilder<unknown>, b: RawBuilder<unknown>): RawBuilder<unknown> => sql`(${a} or ${b})`;

/** Every genre (a tiny vocabulary). */
export function allGenres(db: Db) {
  return db.selectFrom("genres").select(["id", "name"]).execute();
}

/**
 * Movie candidates among the given genres' movies: per (genre, candidate document), its text and the movie's
 * popularity keys.
 */
export function genreCandidates(db: Db, docs: NonNullable<DocIds>, genreIds: readonly number[]) {
  // SQLite keeps the order of CROSS JOINs: only the genre's movies have their document and record read (left
  // to itself it reads every candidate's document before the genre probe). PostgreSQL plans them freely.
  return sql<{
    genre_id: number;
    ref_id: number;
    norm: string;
    chosung: string;
    p1: number;
    p2: number;
  }>`select g.genre_id, d.ref_id, d.norm, d.chosung, t.ratings_count as p1, t.reviews_count as p2
          from (${docs}) c cross join movie_genres g cross join search_documents d cross join movies t
          where g.movie_id = ${recordOfCandidate("movie")} and ${inIds(db, sql.ref("g.genre_id"), genreIds)} and d.id = c.id
            and t.id = g.movie_id`.execute(db);
}

/** A genre's movies read through its index (`from` of selectRecords; `t` is the movie). */
export const throughGenreIndex = (): RawBuilder<unknown> => sql`movie_genres g join movies t on t.id = g.movie_id`;

/** Clause of throughGenreIndex(): the genre's own rows. */
export const ofGenre = (genreId: number): RawBuilder<unknown> => sql`g.genre_id = ${genreId}`;

/** How many movies the genre has, counting at most max + 1. */
export async function genreSizeUpTo(db: Db, genreId: number, max: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from movie_genres
      where genre_id = ${genreId} limit ${max + 1}) as g`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The given movies that belong to the genre. */
export function genreMembersAmong(db: Db, genreId: number, movieIds: readonly number[]) {
  return db
    .selectFrom("movie_genres")
    .select("movie_id")
    .where("genre_id", "=", genreId)
    .where(inIds(db, sql.ref("movie_id"), movieIds))
    .execute();
}
