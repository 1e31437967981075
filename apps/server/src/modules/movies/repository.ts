// SQL for movies and charts. Every query is index-backed (primary keys, credits_movie, chart_entries_pk) and a
// batch of movies is always read with a fixed number of queries, never one per movie.
import { type Kysely, sql } from "kysely";
import { idListValue, inIdList } from "../../db/id-list.js";
import { prepared, preparedKept, type Params } from "../../db/prepared.js";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/** An already-validated begin/end window. */
export interface RowWindow {
  offset: number;
  limit: number;
}

const MOVIE_COLUMNS = [
  "id",
  "title",
  "original_title",
  "year",
  "running_time",
  "grade",
  "synopsis",
  "poster_url",
  "backdrop_url",
  "poster_path",
  "backdrop_path",
  "tmdb_id",
  "imdb_id",
  "kobis_code",
  "rating_sum",
  "ratings_count",
  "reviews_count",
] as const;

export interface MovieCoreRow {
  /** The catalog version read with the row (see loader.ts); absent when a caller read the row itself. */
  catalog_version?: string | null;
  id: number;
  title: string;
  original_title: string;
  year: number;
  running_time: number | null;
  grade: string | null;
  synopsis: string;
  poster_url: string | null;
  backdrop_url: string | null;
  poster_path: string | null;
  backdrop_path: string | null;
  tmdb_id: number | null;
  imdb_id: string | null;
  kobis_code: string | null;
  rating_sum: number;
  ratings_count: number;
  reviews_count: number;
}

export interface MovieProviderRow {
  type: "flatrate" | "buy" | "rent";
  provider_id: number;
  name: string;
  logo_path: string | null;
}

export interface MovieTagRow {
  movie_id: number;
  name: string;
  /** "g" genre, "c" country, or a watch provider's offer: "flatrate", "buy", "rent". */
  tag: string;
  /** Genres and countries: their place; providers: TMDB's display order. */
  position: number;
  /** Providers only (null otherwise). */
  provider_id: number | null;
  logo_path: string | null;
}

export interface MovieCreditRow {
  movie_id: number;
  person_id: number;
  name: string;
  profile_url: string | null;
  profile_path: string | null;
  kind: string;
  character: string | null;
}

/** The catalog version token, read in the same statement as the movie rows it belongs to. */
const catalogVersion = sql<string | null>`(select value from app_state where key = 'catalog_version')`.as(
  "catalog_version",
);

const movieRowById = prepared((db, p: Params<{ id: number }>) =>
  db
    .selectFrom("movies")
    .select([...MOVIE_COLUMNS, catalogVersion])
    .where("id", "=", p.id),
);

/** One movie row with the catalog version (a movie page's one query while its JSON is cached). */
export async function findMovieRow(db: Db, id: number): Promise<MovieCoreRow | undefined> {
  return (await movieRowById(db, { id })).rows[0];
}

/** What a chart's answer depends on: its ranked films' counters and the catalog version, without their texts. */
export interface ChartStampRow {
  catalog_version?: string | null;
  id: number;
  rating_sum: number;
  ratings_count: number;
  reviews_count: number;
}

const chartStamp = prepared((db, p: Params<{ chartType: string; size: number }>) =>
  db
    .selectFrom("chart_entries")
    .innerJoin("movies", "movies.id", "chart_entries.movie_id")
    .select(["movies.id", "movies.rating_sum", "movies.ratings_count", "movies.reviews_count", catalogVersion])
    .where("chart_entries.chart_type", "=", p.chartType)
    .orderBy("chart_entries.rank")
    .limit(p.size),
);

export async function chartStampRows(db: Db, chartType: string, size: number): Promise<ChartStampRow[]> {
  return (await chartStamp(db, { chartType, size })).rows;
}

export function findMovieRows(db: Db, ids: readonly number[]): Promise<MovieCoreRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("movies")
    .select([...MOVIE_COLUMNS, catalogVersion])
    .where("id", "in", ids)
    .execute();
}

export function listMovieRows(db: Db, window: RowWindow): Promise<MovieCoreRow[]> {
  if (window.limit === 0) return Promise.resolve([]);
  return db
    .selectFrom("movies")
    .select([...MOVIE_COLUMNS, catalogVersion])
    .orderBy("id")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** A chart's best `size` ranks as movie rows, rank 1 first (one statement with the chart_entries primary key). */
export function chartMovieRows(db: Db, chartType: string, size: number): Promise<MovieCoreRow[]> {
  return db
    .selectFrom("chart_entries")
    .innerJoin("movies", "movies.id", "chart_entries.movie_id")
    .select([...MOVIE_COLUMNS.map((c) => `movies.${c}` as const), catalogVersion])
    .where("chart_entries.chart_type", "=", chartType)
    .orderBy("chart_entries.rank")
    .limit(size)
    .execute();
}

const noProviderId = sql<number | null>`cast(null as integer)`.as("provider_id");
const noLogo = sql<string | null>`cast(null as text)`.as("logo_path");

/** Genres, countries and KR watch providers of many movies in one round trip. */
export async function findMovieTags(db: Db, ids: readonly number[]): Promise<MovieTagRow[]> {
  const genres = db
    .selectFrom("movie_genres")
    .innerJoin("genres", "genres.id", "movie_genres.genre_id")
    .select([
      "movie_genres.movie_id",
      "genres.name",
      sql<string>`'g'`.as("tag"),
      "movie_genres.position",
      noProviderId,
      noLogo,
    ])
    .where("movie_genres.movie_id", "in", ids);
  const countries = db
    .selectFrom("movie_countries")
    .innerJoin("countries", "countries.id", "movie_countries.country_id")
    .select([
      "movie_countries.movie_id",
      "countries.name",
      sql<string>`'c'`.as("tag"),
      "movie_countries.position",
      noProviderId,
      noLogo,
    ])
    .where("movie_countries.movie_id", "in", ids);
  const providers = db
    .selectFrom("movie_watch_providers")
    .select([
      "movie_id",
      "name",
      sql<string>`type`.as("tag"),
      "display_order as position",
      sql<number | null>`provider_id`.as("provider_id"),
      "logo_path",
    ])
    .where("movie_id", "in", ids);
  return genres.unionAll(countries).unionAll(providers).execute();
}

/** What a compact movie (a poster in a list) shows of its own row. */
export interface CompactMovieRow {
  /** The catalog version read with the row (the genres are kept under it). */
  catalog_version: string | null;
  id: number;
  title: string;
  year: number;
  poster_url: string | null;
  poster_path: string | null;
  rating_sum: number;
  ratings_count: number;
}

const compactRows = prepared((db, p: Params<{ ids: unknown }>) =>
  db
    .selectFrom("movies")
    .select(["id", "title", "year", "poster_url", "poster_path", "rating_sum", "ratings_count", catalogVersion])
    .where((eb) => inIdList(db, eb.ref("id"), p.ids)),
);

/** The columns a poster card shows, for a page of films: one prepared statement whatever the page's length. */
export async function findCompactRows(db: Db, ids: readonly number[]): Promise<CompactMovieRow[]> {
  if (ids.length === 0) return [];
  return (await compactRows(db, { ids: idListValue(db, ids) })).rows;
}

/** The genres of many movies, each movie's in order. */
export function findMovieGenres(db: Db, ids: readonly number[]): Promise<Array<{ movie_id: number; name: string }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("movie_genres")
    .innerJoin("genres", "genres.id", "movie_genres.genre_id")
    .select(["movie_genres.movie_id", "genres.name"])
    .where("movie_genres.movie_id", "in", ids)
    .orderBy("movie_genres.movie_id")
    .orderBy("movie_genres.position")
    .execute();
}

/** Credits of many movies in billing order, with the people's names and images. */
export function findMovieCredits(db: Db, ids: readonly number[]): Promise<MovieCreditRow[]> {
  return db
    .selectFrom("credits")
    .innerJoin("people", "people.id", "credits.person_id")
    .select([
      "credits.movie_id",
      "credits.person_id",
      "people.name",
      "people.profile_url",
      "people.profile_path",
      "credits.kind",
      "credits.character",
    ])
    .where("credits.movie_id", "in", ids)
    .orderBy("credits.movie_id")
    .orderBy("credits.position")
    .orderBy("credits.id")
    .execute();
}

const catalogVersionRow = preparedKept("movies.catalogVersion", (db) =>
  db.selectFrom("app_state").select("value").where("key", "=", "catalog_version"),
);

/** The catalog version token alone (see loader.ts), null when the database has none; kept until the next write. */
export async function readCatalogVersion(db: Db): Promise<string | null> {
  return (await catalogVersionRow(db, {})).rows[0]?.value ?? null;
}

const ratingRows = prepared((db, p: Params<{ ids: unknown }>) =>
  db
    .selectFrom("movies")
    .select(["id", "rating_sum", "ratings_count", "reviews_count"])
    .where((eb) => inIdList(db, eb.ref("id"), p.ids)),
);

/**
 * Each movie's rating totals and reviews count, for the counters next to kept catalog fields (unknown ids have no
 * row): one prepared statement whatever the list's length.
 */
export async function findMovieRatings(
  db: Db,
  ids: readonly number[],
): Promise<Array<{ id: number; rating_sum: number; ratings_count: number; reviews_count: number }>> {
  if (ids.length === 0) return [];
  return (await ratingRows(db, { ids: idListValue(db, ids) })).rows;
}

export async function movieExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom("movies").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}
