// A movie as stored (row, genres, countries, credits by person key) so the importer can tell unchanged records
// from changed ones, and the writes that replace a movie's links.
import type { Kysely } from "kysely";
import type { MovieRecord } from "../../db/seed/records.js";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

export interface MovieFields {
  title: string;
  original_title: string;
  english_title: string | null;
  year: number;
  running_time: number | null;
  grade: string | null;
  synopsis: string;
  poster_url: string | null;
  backdrop_url: string | null;
}

export interface MovieState extends MovieFields {
  id: number;
  genres: string[];
  countries: string[];
  credits: Array<{ person: string; kind: string; character: string | null }>;
}

const FIELD_NAMES: Array<keyof MovieFields> = [
  "title",
  "original_title",
  "english_title",
  "year",
  "running_time",
  "grade",
  "synopsis",
  "poster_url",
  "backdrop_url",
];

export async function loadMovieStates(db: Db, keys: string[]): Promise<Map<string, MovieState>> {
  const states = new Map<string, MovieState>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom("movies")
      .select(["id", "key", ...FIELD_NAMES])
      .where("key", "in", keys.slice(i, i + 500))
      .execute();
    if (rows.length === 0) continue;
    const byId = new Map<number, MovieState>();
    for (const { key, ...row } of rows) {
      const state = { ...row, genres: [], countries: [], credits: [] };
      states.set(key, state);
      byId.set(row.id, state);
    }
    const ids = [...byId.keys()];
    const [genres, countries, credits] = await Promise.all([
      db
        .selectFrom("movie_genres")
        .innerJoin("genres", "genres.id", "movie_genres.genre_id")
        .select(["movie_genres.movie_id", "genres.name"])
        .where("movie_genres.movie_id", "in", ids)
        .orderBy("movie_genres.movie_id")
        .orderBy("movie_genres.position")
        .execute(),
      db
        .selectFrom("movie_countries")
        .innerJoin("countries", "countries.id", "movie_countries.country_id")
        .select(["movie_countries.movie_id", "countries.name"])
        .where("movie_countries.movie_id", "in", ids)
        .orderBy("movie_countries.movie_id")
        .orderBy("movie_countries.position")
        .execute(),
      db
        .selectFrom("credits")
        .innerJoin("people", "people.id", "credits.person_id")
        .select(["credits.movie_id", "people.key", "credits.kind", "credits.character"])
        .where("credits.movie_id", "in", ids)
        .orderBy("credits.movie_id")
        .orderBy("credits.position")
        .orderBy("credits.id")
        .execute(),
    ]);
    for (const g of genres) byId.get(g.movie_id)!.genres.push(g.name);
    for (const c of countries) byId.get(c.movie_id)!.countries.push(c.name);
    for (const c of credits) {
      byId.get(c.movie_id)!.credits.push({ person: c.key, kind: c.kind, character: c.character });
    }
  }
  return states;
}

/** The row values a record asks for; optional fields it leaves out keep what is stored. */
export function movieFields(movie: MovieRecord, state: MovieState | undefined): MovieFields {
  const keep = <K extends keyof MovieFields>(key: K, value: MovieFields[K] | undefined): MovieFields[K] =>
    value === undefined ? ((state?.[key] ?? null) as MovieFields[K]) : value;
  return {
    title: movie.title,
    original_title: movie.original_title,
    english_title: keep("english_title", movie.english_title),
    year: movie.year,
    running_time: movie.running_time,
    grade: movie.grade,
    synopsis: movie.synopsis,
    poster_url: keep("poster_url", movie.poster_url),
    backdrop_url: keep("backdrop_url", movie.backdrop_url),
  };
}

const sameList = <T>(a: readonly T[], b: readonly T[], eq: (x: T, y: T) => boolean) =>
  a.length === b.length && a.every((x, i) => eq(x, b[i]!));

export function sameMovie(state: MovieState, fields: MovieFields, movie: MovieRecord): boolean {
  return (
    FIELD_NAMES.every((name) => state[name] === fields[name]) &&
    sameList(state.genres, movie.genres, (x, y) => x === y) &&
    sameList(state.countries, movie.countries, (x, y) => x === y) &&
    sameList(
      state.credits,
      movie.credits,
      (x, y) => x.person === y.person && x.kind === y.kind && x.character === (y.character ?? null),
    )
  );
}

async function nameIds(db: Db, table: "genres" | "countries", names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const found = await db.selectFrom(table).select("id").where("name", "=", name).executeTakeFirst();
    ids.push(found?.id ?? (await db.insertInto(table).values({ name }).returning("id").executeTakeFirstOrThrow()).id);
  }
  return ids;
}

/** Replaces a movie's genres, countries and credits with the record's, in the record's order. */
export async function writeMovieLinks(
  db: Db,
  movieId: number,
  movie: Pick<MovieRecord, "genres" | "countries" | "credits">,
): Promise<void> {
  await db.deleteFrom("movie_genres").where("movie_id", "=", movieId).execute();
  await db.deleteFrom("movie_countries").where("movie_id", "=", movieId).execute();
  await db.deleteFrom("credits").where("movie_id", "=", movieId).execute();
  const genreIds = await nameIds(db, "genres", movie.genres);
  const countryIds = await nameIds(db, "countries", movie.countries);
  await db
    .insertInto("movie_genres")
    .values(genreIds.map((genre_id, position) => ({ movie_id: movieId, genre_id, position })))
    .execute();
  await db
    .insertInto("movie_countries")
    .values(countryIds.map((country_id, position) => ({ movie_id: movieId, country_id, position })))
    .execute();
  if (movie.credits.length === 0) return;
  const keys = [...new Set(movie.credits.map((c) => c.person))];
  const people = await db.selectFrom("people").select(["id", "key"]).where("key", "in", keys).execute();
  const personIds = new Map(people.map((p) => [p.key, p.id]));
  await db
    .insertInto("credits")
    .values(
      movie.credits.map((c, position) => ({
        movie_id: movieId,
        person_id: personIds.get(c.person)!,
        kind: c.kind,
        character: c.character ?? null,
        position,
      })),
    )
    .execute();
}
