// Writes one film from TMDB into the catalog in ONE transaction, through the catalog's own write rules: search
// documents re-indexed with the texts (modules/search/indexing.ts), links replaced the way catalog:import replaces
// them, people's credit counts recounted, the movie's rating and review counters never touched. The catalog version
// moves by itself (the triggers of migrations 0005, 0006 and 0008), so every cache sees the new film.
//
// Which film: the one linked to this TMDB id; else a catalog film without a TMDB link that has the same title or
// original title, a year within one and a director in common (a film of the seed catalog), which is linked rather
// than duplicated; else a new film keyed `tmdb-<id>`. A film TMDB owns (created by the sync) is rewritten; a seed
// film or one an operator's catalog:import wrote only gains the TMDB link, images, providers and missing facts,
// unless `force`.
import type { Kysely } from "kysely";
import { writeMovieLinks } from "../../cli/catalog/movie-state.js";
import type { Database } from "../../db/types.js";
import { inTransaction } from "../../lib/transaction.js";
import { toTimestamp } from "../../lib/time.js";
import { indexSearchDocument } from "../search/index.js";
import type { MovieDraft, PersonDraft } from "./mapping.js";
import {
  creditedPersonIds,
  directorsOf,
  insertMovie,
  insertTmdbPerson,
  linkPersonToTmdb,
  movieHolding,
  peopleByTmdb,
  personKeyByTmdb,
  recountCredits,
  replaceWatchProviders,
  type TargetRow,
  targetById,
  targetByTmdb,
  unlinkedFilmsTitled,
  unlinkedPeopleCredited,
  unlinkedPeopleNamed,
  updateMovie,
  updatePersonFromTmdb,
} from "./repository/index.js";
import { looseKey } from "./vocabulary.js";

type Db = Kysely<Database>;

export type WriteOutcome = "inserted" | "updated" | "linked";

export const movieKey = (tmdbId: number) => `tmdb-${tmdbId}`;
export const personKey = (tmdbId: number) => `tmdb-person-${tmdbId}`;
const ownedByTmdb = (key: string) => /^tmdb-[0-9]+$/.test(key);

/** Loose names of a film's directors (name and original name). */
async function directorNames(db: Db, movieIds: number[]): Promise<Map<number, Set<string>>> {
  const names = new Map<number, Set<string>>(movieIds.map((id) => [id, new Set()]));
  if (movieIds.length === 0) return names;
  for (const row of await directorsOf(db, movieIds)) {
    for (const name of [row.name, row.original_name]) if (name) names.get(row.movie_id)!.add(looseKey(name));
  }
  return names;
}

/**
 * The catalog film not yet linked to this source (`unlinked`: tmdb_id or kobis_code) that has the title or original
 * title, a year within one and a director in common, if exactly one does.
 */
export async function findCatalogMatch(
  db: Db,
  film: { title: string; original_title: string; english_title?: string | null; year: number },
  directors: ReadonlyArray<{ name: string; original_name: string | null }>,
  unlinked: "tmdb_id" | "kobis_code" = "tmdb_id",
): Promise<number | undefined> {
  const titles = [...new Set([film.title, film.original_title, film.english_title].filter((t): t is string => !!t))];
  if (titles.length === 0) return undefined;
  const candidates = await unlinkedFilmsTitled(db, unlinked, titles, film.year);
  if (candidates.length === 0) return undefined;
  const wanted = new Set(
    directors.flatMap((d) => [d.name, d.original_name].filter((n): n is string => !!n).map(looseKey)),
  );
  const names = await directorNames(
    db,
    candidates.map((c) => c.id),
  );
  const shared = candidates.filter((c) => [...names.get(c.id)!].some((n) => wanted.has(n)));
  return shared.length === 1 ? shared[0]!.id : undefined;
}

/**
 * Upserts the film's people by TMDB id; returns their catalog keys. A person an operator imported keeps their
 * fields unless `force`. Seed people credited on a linked seed film are linked by name first (`linkable`); without
 * `insertNew` (a linked film keeps its own credits) nobody is added, so no person is left without a film.
 */
async function upsertPeople(
  db: Db,
  people: PersonDraft[],
  createdAt: string,
  force: boolean,
  linkable: ReadonlyMap<string, number>,
  insertNew = true,
): Promise<Map<number, string>> {
  const keys = new Map<number, string>();
  if (people.length === 0) return keys;
  const ids = [...new Set(people.map((p) => p.tmdb_id))];
  const rows = await peopleByTmdb(db, ids);
  const byTmdb = new Map(rows.map((r) => [r.tmdb_id!, r]));
  for (const person of people) {
    if (keys.has(person.tmdb_id)) continue;
    const row = byTmdb.get(person.tmdb_id);
    if (row) {
      keys.set(person.tmdb_id, row.key);
      if (row.operator_edited_at !== null && !force) continue;
      if (
        row.name !== person.name ||
        row.original_name !== person.original_name ||
        row.profile_path !== person.profile_path
      ) {
        await updatePersonFromTmdb(db, row.id, person);
        if (row.name !== person.name) await indexSearchDocument(db, "person", row.id, [person.name]);
      }
      continue;
    }
    const seedId = linkable.get(looseKey(person.name)) ?? linkable.get(looseKey(person.original_name ?? ""));
    if (seedId !== undefined) {
      const seed = await linkPersonToTmdb(db, seedId, person.tmdb_id, person.profile_path);
      if (seed !== undefined) {
        keys.set(person.tmdb_id, seed);
        continue;
      }
    }
    if (!insertNew) continue;
    const unlinked = await unlinkedNamesake(db, person);
    if (unlinked) {
      keys.set(person.tmdb_id, unlinked);
      continue;
    }
    // Films written at the same time may credit the same new person: the first insert wins, the others use it.
    const inserted = await insertTmdbPerson(db, {
      key: personKey(person.tmdb_id),
      name: person.name,
      original_name: person.original_name,
      profile_path: person.profile_path,
      tmdb_id: person.tmdb_id,
      created_at: createdAt,
    });
    if (inserted) {
      await indexSearchDocument(db, "person", inserted.id, [person.name]);
      keys.set(person.tmdb_id, inserted.key);
    } else {
      keys.set(person.tmdb_id, await personKeyByTmdb(db, person.tmdb_id));
    }
  }
  return keys;
}

/**
 * The one person not yet linked to TMDB (a seed person) with the same original (Latin) name and, when TMDB gave a
 * Hangul name, the same Hangul name; linked to `person` and its key returned. Undefined when there is none or more
 * than one (namesakes are not guessed between), so a new film crediting a seed person does not add a second one.
 */
async function unlinkedNamesake(db: Db, person: PersonDraft): Promise<string | undefined> {
  // Without a Hangul spelling TMDB's Latin name is the person's name (mapping.ts: mapPerson).
  const hangul = /[가-힣]/.test(person.name);
  const latin = person.original_name ?? (hangul ? null : person.name);
  if (!latin) return undefined;
  const candidates = await unlinkedPeopleNamed(db, latin);
  const matches = candidates.filter((c) => !hangul || looseKey(c.name) === looseKey(person.name));
  if (matches.length !== 1) return undefined;
  return linkPersonToTmdb(db, matches[0]!.id, person.tmdb_id, person.profile_path);
}

/** The film's seed people by loose name, so a linked seed film's people gain their TMDB ids and portraits. */
async function creditedByName(db: Db, movieId: number): Promise<Map<string, number>> {
  const byName = new Map<string, number>();
  for (const row of await unlinkedPeopleCredited(db, movieId)) {
    for (const name of [row.name, row.original_name]) if (name) byName.set(looseKey(name), row.id);
  }
  return byName;
}

/** An identity another film already holds is left off this one rather than failing the write. */
async function freeIdentity(
  db: Db,
  column: "imdb_id" | "kobis_code",
  value: string | null,
  movieId: number | undefined,
): Promise<string | null> {
  if (value === null) return null;
  const holder = await movieHolding(db, column, value);
  return holder === undefined || holder === movieId ? value : null;
}

export interface WriteResult {
  outcome: WriteOutcome;
  movieId: number;
}

export async function writeFilm(
  db: Db,
  draft: MovieDraft,
  options: { force: boolean; now: Date; kobisCode?: string },
): Promise<WriteResult> {
  const createdAt = toTimestamp(options.now);
  return inTransaction(db, async (trx) => {
    let target: TargetRow | undefined = await targetByTmdb(trx, draft.tmdb_id);
    if (!target) {
      const directors = draft.credits.filter((c) => c.kind === "감독").map((c) => c.person);
      const matched = await findCatalogMatch(trx, draft, directors);
      if (matched !== undefined) target = await targetById(trx, matched);
    }
    const imdbId = await freeIdentity(trx, "imdb_id", draft.imdb_id, target?.id);
    const kobisCode = await freeIdentity(trx, "kobis_code", options.kobisCode ?? null, target?.id);
    const identity = {
      tmdb_id: draft.tmdb_id,
      ...(imdbId !== null ? { imdb_id: imdbId } : {}),
      ...(kobisCode !== null ? { kobis_code: kobisCode } : {}),
      poster_path: draft.poster_path,
      backdrop_path: draft.backdrop_path,
    };
    const full = !target || options.force || (ownedByTmdb(target.key) && target.operator_edited_at === null);

    if (target && !full) {
      // A seed film, or one an operator imported: linked, with images, providers and only the facts it lacks.
      await updateMovie(trx, target.id, {
        ...identity,
        ...(target.running_time === null ? { running_time: draft.running_time } : {}),
        ...(target.grade === null ? { grade: draft.grade } : {}),
      });
      await upsertPeople(
        trx,
        draft.credits.map((c) => c.person),
        createdAt,
        options.force,
        await creditedByName(trx, target.id),
        false,
      );
      await replaceWatchProviders(trx, target.id, draft.providers);
      return { outcome: "linked", movieId: target.id };
    }

    const linkable = target ? await creditedByName(trx, target.id) : new Map<string, number>();
    const keys = await upsertPeople(
      trx,
      draft.credits.map((c) => c.person),
      createdAt,
      options.force,
      linkable,
    );
    const fields = {
      title: draft.title,
      original_title: draft.original_title,
      english_title: draft.english_title,
      year: draft.year,
      running_time: draft.running_time,
      grade: draft.grade,
      synopsis: draft.synopsis,
      ...identity,
    };
    let movieId: number;
    const before = target ? await creditedPersonIds(trx, target.id) : [];
    if (target) {
      movieId = target.id;
      await updateMovie(trx, movieId, { ...fields, ...(options.force ? { operator_edited_at: null } : {}) });
    } else {
      movieId = await insertMovie(trx, { key: movieKey(draft.tmdb_id), ...fields, created_at: createdAt });
    }
    await writeMovieLinks(trx, movieId, {
      genres: draft.genres,
      countries: draft.countries,
      credits: draft.credits.map((c) => ({
        person: keys.get(c.person.tmdb_id)!,
        kind: c.kind,
        character: c.character,
      })),
    });
    await replaceWatchProviders(trx, movieId, draft.providers);
    await indexSearchDocument(trx, "movie", movieId, [draft.title, draft.original_title]);
    await recountCredits(trx, [...new Set([...before, ...(await creditedPersonIds(trx, movieId))])]);
    return { outcome: target ? "updated" : "inserted", movieId };
  });
}

/** Records a KOBIS code on a film (box office matching), unless another film holds it. */
export async function linkKobisCode(db: Db, movieId: number, code: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    if ((await freeIdentity(trx, "kobis_code", code, movieId)) === null) return;
    await updateMovie(trx, movieId, { kobis_code: code });
  });
}
