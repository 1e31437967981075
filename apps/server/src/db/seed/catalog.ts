// Seeds the film catalog of `data/` into an EMPTY database: movies with their genres and countries (in order),
// people, credits in billing order, and the stored charts. Ids follow the files' order, so they are stable.
import type { Kysely } from "kysely";
import { toTimestamp } from "../../lib/time.js";
import type { Database } from "../types.js";
import { insertRows, nextId, syncIdSequences } from "./batch.js";
import { type Catalog, readCatalog } from "./data-files.js";

export interface CatalogSeedResult {
  movies: number;
  people: number;
  credits: number;
  chartEntries: number;
}

/** Ids for the names of a vocabulary: existing rows are reused, new names numbered in order of first use. */
async function nameIds(
  db: Kysely<Database>,
  table: "genres" | "countries",
  lists: string[][],
): Promise<{ ids: Map<string, number>; fresh: Array<{ id: number; name: string }> }> {
  const existing = await db.selectFrom(table).select(["id", "name"]).execute();
  const ids = new Map(existing.map((row) => [row.name, row.id]));
  const fresh: Array<{ id: number; name: string }> = [];
  let next = await nextId(db, table);
  for (const list of lists) {
    for (const name of list) {
      if (ids.has(name)) continue;
      ids.set(name, next);
      fresh.push({ id: next++, name });
    }
  }
  return { ids, fresh };
}

export async function seedCatalog(
  db: Kysely<Database>,
  now: Date = new Date(),
  catalog: Catalog = readCatalog(),
): Promise<CatalogSeedResult> {
  const createdAt = toTimestamp(now);
  const firstMovie = await nextId(db, "movies");
  const firstPerson = await nextId(db, "people");
  const genres = await nameIds(
    db,
    "genres",
    catalog.movies.map((m) => m.genres),
  );
  const countries = await nameIds(
    db,
    "countries",
    catalog.movies.map((m) => m.countries),
  );
  const genreIds = genres.ids;
  const countryIds = countries.ids;
  const movieIds = new Map(catalog.movies.map((m, i) => [m.key, firstMovie + i]));
  const personIds = new Map(catalog.people.map((p, i) => [p.key, firstPerson + i]));

  const creditCounts = new Map<string, number>();
  for (const movie of catalog.movies) {
    for (const credit of movie.credits) creditCounts.set(credit.person, (creditCounts.get(credit.person) ?? 0) + 1);
  }

  await insertRows(db, "genres", genres.fresh);
  await insertRows(db, "countries", countries.fresh);
  await insertRows(
    db,
    "movies",
    catalog.movies.map((m) => ({
      id: movieIds.get(m.key)!,
      key: m.key,
      title: m.title,
      original_title: m.original_title,
      english_title: m.english_title ?? null,
      year: m.year,
      running_time: m.running_time,
      grade: m.grade,
      synopsis: m.synopsis,
      poster_url: m.poster_url ?? null,
      backdrop_url: m.backdrop_url ?? null,
      created_at: createdAt,
    })),
  );
  await insertRows(
    db,
    "movie_genres",
    catalog.movies.flatMap((m) =>
      m.genres.map((g, position) => ({ movie_id: movieIds.get(m.key)!, genre_id: genreIds.get(g)!, position })),
    ),
  );
  await insertRows(
    db,
    "movie_countries",
    catalog.movies.flatMap((m) =>
      m.countries.map((c, position) => ({ movie_id: movieIds.get(m.key)!, country_id: countryIds.get(c)!, position })),
    ),
  );
  await insertRows(
    db,
    "people",
    catalog.people.map((p) => ({
      id: personIds.get(p.key)!,
      key: p.key,
      name: p.name,
      original_name: p.original_name ?? null,
      biography: p.biography ?? null,
      profile_url: p.profile_url ?? null,
      credits_count: creditCounts.get(p.key) ?? 0,
      created_at: createdAt,
    })),
  );
  let creditId = await nextId(db, "credits");
  const credits = catalog.movies.flatMap((m) =>
    m.credits.map((c, position) => ({
      id: creditId++,
      movie_id: movieIds.get(m.key)!,
      person_id: personIds.get(c.person)!,
      kind: c.kind,
      character: c.character ?? null,
      position,
    })),
  );
  await insertRows(db, "credits", credits);
  const chartRows = Object.entries(catalog.charts).flatMap(([chart_type, keys]) =>
    keys.map((key, i) => ({ chart_type, rank: i + 1, movie_id: movieIds.get(key)!, updated_at: createdAt })),
  );
  await insertRows(db, "chart_entries", chartRows);
  await syncIdSequences(db, ["genres", "countries", "movies", "people", "credits"]);
  return {
    movies: catalog.movies.length,
    people: catalog.people.length,
    credits: credits.length,
    chartEntries: chartRows.length,
  };
}
