// `npm run catalog:import`: an idempotent upsert of people, then movies with their genres, countries and credits,
// matched by key, in ONE transaction — a bad record anywhere means nothing is written. Fields a record leaves out
// (english_title, biography, image URLs) keep their stored value; everything else is what the file says. Records
// written here are marked operator_edited_at, which catalog:sync respects (it overwrites them only with --force).
import { inTransaction } from "../../lib/transaction.js";
import path from "node:path";
import type { Kysely } from "kysely";
import { counter, recounted } from "../../db/counters.js";
import type { MovieRecord, PersonRecord } from "../../db/seed/records.js";
import type { Database } from "../../db/types.js";
import { toTimestamp } from "../../lib/time.js";
import { indexSearchDocument } from "../../modules/search/index.js";
import { parseCatalogFile } from "./parse.js";
import { loadMovieStates, type MovieState, movieFields, sameMovie, writeMovieLinks } from "./movie-state.js";
import { validateFile } from "./validate.js";

export { ImportError } from "./parse.js";

export interface Counts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface ImportSummary {
  people: Counts;
  movies: Counts;
}

export interface ImportOptions {
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

type Db = Kysely<Database>;

async function upsertPeople(db: Db, people: PersonRecord[], createdAt: string, tick: () => void): Promise<Counts> {
  const counts: Counts = { inserted: 0, updated: 0, unchanged: 0 };
  const existing = new Map<
    string,
    { id: number; name: string; original_name: string | null; biography: string | null; profile_url: string | null }
  >();
  for (let i = 0; i < people.length; i += 500) {
    const keys = people.slice(i, i + 500).map((p) => p.key);
    const rows = await db
      .selectFrom("people")
      .select(["id", "key", "name", "original_name", "biography", "profile_url"])
      .where("key", "in", keys)
      .execute();
    for (const row of rows) existing.set(row.key, row);
  }
  for (const person of people) {
    const row = existing.get(person.key);
    const fields = {
      name: person.name,
      original_name: person.original_name === undefined ? (row?.original_name ?? null) : person.original_name,
      biography: person.biography === undefined ? (row?.biography ?? null) : person.biography,
      profile_url: person.profile_url === undefined ? (row?.profile_url ?? null) : person.profile_url,
    };
    if (!row) {
      const inserted = await db
        .insertInto("people")
        .values({ key: person.key, ...fields, created_at: createdAt, operator_edited_at: createdAt })
        .returning("id")
        .executeTakeFirstOrThrow();
      await indexSearchDocument(db, "person", inserted.id, [fields.name]);
      counts.inserted++;
    } else if ((Object.keys(fields) as Array<keyof typeof fields>).some((k) => fields[k] !== row[k])) {
      await db
        .updateTable("people")
        .set({ ...fields, operator_edited_at: createdAt })
        .where("id", "=", row.id)
        .execute();
      await indexSearchDocument(db, "person", row.id, [fields.name]);
      counts.updated++;
    } else {
      counts.unchanged++;
    }
    tick();
  }
  return counts;
}

async function upsertMovies(db: Db, movies: MovieRecord[], createdAt: string, tick: () => void): Promise<Counts> {
  const counts: Counts = { inserted: 0, updated: 0, unchanged: 0 };
  const states = await loadMovieStates(
    db,
    movies.map((m) => m.key),
  );
  const touchedPeople = new Set<string>();
  for (const movie of movies) {
    const state: MovieState | undefined = states.get(movie.key);
    const fields = movieFields(movie, state);
    if (state && sameMovie(state, fields, movie)) {
      counts.unchanged++;
      tick();
      continue;
    }
    let id: number;
    if (state) {
      id = state.id;
      await db
        .updateTable("movies")
        .set({ ...fields, operator_edited_at: createdAt })
        .where("id", "=", id)
        .execute();
      for (const credit of state.credits) touchedPeople.add(credit.person);
      counts.updated++;
    } else {
      const inserted = await db
        .insertInto("movies")
        .values({ key: movie.key, ...fields, created_at: createdAt, operator_edited_at: createdAt })
        .returning("id")
        .executeTakeFirstOrThrow();
      id = inserted.id;
      counts.inserted++;
    }
    await writeMovieLinks(db, id, movie);
    await indexSearchDocument(db, "movie", id, [fields.title, fields.original_title]);
    for (const credit of movie.credits) touchedPeople.add(credit.person);
    tick();
  }
  // Credit counts of everyone whose credits may have changed, recounted from the rows.
  const keys = [...touchedPeople];
  for (let i = 0; i < keys.length; i += 500) {
    await db
      .updateTable("people")
      .set({ credits_count: recounted(counter("people.credits_count")) })
      .where("key", "in", keys.slice(i, i + 500))
      .execute();
  }
  return counts;
}

export async function importCatalog(
  db: Db,
  fileName: string,
  text: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const parsed = parseCatalogFile(fileName, text);
  const createdAt = toTimestamp(options.now ?? new Date());
  return inTransaction(db, async (trx) => {
    const valid = await validateFile(trx, path.basename(fileName), parsed);
    const total = valid.people.length + valid.movies.length;
    let done = 0;
    const tick = () => options.onProgress?.(++done, total);
    options.onProgress?.(0, total);
    const people = await upsertPeople(
      trx,
      valid.people.map((p) => p.record),
      createdAt,
      tick,
    );
    const movies = await upsertMovies(
      trx,
      valid.movies.map((m) => m.record),
      createdAt,
      tick,
    );
    return { people, movies };
  });
}
