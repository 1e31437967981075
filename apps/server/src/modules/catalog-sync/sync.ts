// catalog:sync (and the background jobs): which TMDB films to fetch — the N most popular in Korea, given ids, or the
// films of our catalog TMDB changed since the last run — kept as a run with one item per film in the database, so a
// run cut short (crash, Ctrl-C, a restart of the server) resumes where it stopped. Films are fetched concurrently
// (the client bounds the request rate), each written in its own transaction (writer.ts); a film that fails is
// reported and skipped. A run writes films first, with their people under the credits' names, and then looks up
// the Hangul names of the people it added (one /person request each): at TMDB's ~40 requests/s the films of a large
// run appear ten times sooner, and the people pass resumes from the database's state like the films. The background
// job leaves the people pass out of its runs (`namePeople: false`) and runs it after its daily tasks. Each run reads
// TMDB's genre list (genres.ts) and reports the genres the catalog's vocabulary lacks.
import type { Kysely } from "kysely";
import type { PersonDetails } from "tmdb-ts";
import type { Database } from "../../db/types.js";
import type { Clock } from "../../lib/time.js";
import { toTimestamp } from "../../lib/time.js";
import { inTransaction } from "../../lib/transaction.js";
import { indexSearchDocument } from "../search/index.js";
import { GenreVocabulary } from "./genres.js";
import { creditedPeople, MalformedRecord, mapMovie, mapPerson, needsEnglish, type PersonDraft } from "./mapping.js";
import {
  hasFinishedRun,
  insertRun,
  latestUnfinishedRun,
  linkedTmdbIds,
  markRunFinished,
  nameTmdbPerson,
  readState,
  runChangesUntil,
  runItems,
  setItemState,
  storedPeopleByTmdb,
  unnamedTmdbPeople,
  writeState,
} from "./repository/index.js";
import { isHangulName } from "./vocabulary.js";
import type { TmdbClient } from "./tmdb-client.js";
import { type WriteOutcome, type WriteResult, writeFilm } from "./writer.js";

type Db = Kysely<Database>;

export type SyncRequest =
  | { kind: "popular"; count: number }
  | { kind: "ids"; ids: number[] }
  | { kind: "changes" }
  /** CATALOG_SYNC_ON_START: popular films once into a catalog that holds only the seed. */
  | { kind: "on_start"; count: number };

export interface SyncDeps {
  db: Db;
  tmdb: TmdbClient;
  clock: Clock;
  /** The run's genre vocabulary (runCatalogSync reads it; without it, films map by the fixed ids and their names). */
  genres?: GenreVocabulary;
}

export interface SyncOptions {
  force?: boolean;
  /** Films fetched at the same time (the TMDB client still bounds requests per second). */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
  /**
   * Look up the Hangul names of the people the films added once the films are written (default). false: the run
   * finishes with its films and leaves the people to namePendingPeople (the background job).
   */
  namePeople?: boolean;
  /** The people pass after the films (Hangul names looked up). */
  onPeopleProgress?: (done: number, total: number) => void;
  /** Aborting stops taking new films; the run stays resumable. */
  signal?: AbortSignal;
}

export interface SyncSummary {
  runId: number;
  resumed: boolean;
  total: number;
  /** Items finished by earlier attempts of a resumed run. */
  alreadyDone: number;
  inserted: number;
  updated: number;
  linked: number;
  failed: Array<{ tmdb_id: number; error: string }>;
  /** People whose names were looked up after the films, and lookups that failed (tried again next run). */
  peopleNamed: number;
  peopleFailed: number;
  /** TMDB genres the catalog's vocabulary lacks ("10999 새 장르"): stored under TMDB's name, to be added to it. */
  unknownGenres: string[];
  interrupted: boolean;
}

const CHANGES_CURSOR = "tmdb_changes_since";
const PAGE_SIZE = 20;
/** TMDB's /movie/changes takes at most 14 days per query. */
const MAX_CHANGES_DAYS = 14;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Fetches one film (with its people and the English fallback), maps and writes it. */
export async function syncFilm(
  deps: SyncDeps,
  tmdbId: number,
  options: { force?: boolean; kobisCode?: string; namePeopleLater?: boolean } = {},
): Promise<WriteResult> {
  const movie = await deps.tmdb.movie(tmdbId);
  if (!movie) throw new MalformedRecord(`TMDB ${tmdbId}: no such film`);
  const english = needsEnglish(movie) ? await deps.tmdb.movieIn(tmdbId, "en-US") : undefined;
  const people = await resolvePeople(
    deps,
    creditedPeople(movie),
    options.force ?? false,
    options.namePeopleLater ?? false,
  );
  const draft = mapMovie(movie, people, english, deps.genres);
  return writeFilm(deps.db, draft, {
    force: options.force ?? false,
    now: deps.clock.now(),
    kobisCode: options.kobisCode,
  });
}

/**
 * People as the catalog will store them: those already linked keep their stored names (no request), the others are
 * looked up for their Hangul name; a failed lookup keeps the credit's name rather than failing the film.
 */
async function resolvePeople(
  deps: SyncDeps,
  credited: Array<{ id: number; name: string }>,
  force: boolean,
  later: boolean,
): Promise<Map<number, PersonDraft>> {
  const people = new Map<number, PersonDraft>();
  if (credited.length === 0) return people;
  if (!force) {
    const known = await storedPeopleByTmdb(
      deps.db,
      credited.map((c) => c.id),
    );
    for (const row of known) {
      people.set(row.tmdb_id!, {
        tmdb_id: row.tmdb_id!,
        name: row.name,
        original_name: row.original_name,
        profile_path: row.profile_path,
      });
    }
  }
  const unknown = credited.filter((c) => !people.has(c.id));
  // Named later (namePendingPeople): the credit's spelling for now.
  if (later) return people;
  await Promise.all(
    unknown.map(async (c) => {
      let details: PersonDetails | undefined;
      try {
        details = await deps.tmdb.person(c.id);
      } catch {
        details = undefined;
      }
      people.set(c.id, mapPerson(c.id, c.name, undefined, details));
    }),
  );
  return people;
}

async function popularIds({ tmdb, genres }: SyncDeps, count: number): Promise<number[]> {
  const ids: number[] = [];
  const seen = new Set<number>();
  for (let page = 1; ids.length < count && page <= 500; page++) {
    const answer = await tmdb.popular(page);
    for (const movie of answer.results ?? []) {
      if (typeof movie?.id === "number" && !seen.has(movie.id)) {
        seen.add(movie.id);
        ids.push(movie.id);
        genres?.names(movie.genre_ids); // a genre the vocabulary lacks is reported before its films are fetched
      }
    }
    if (page >= (answer.total_pages ?? 1) || (answer.results ?? []).length < PAGE_SIZE) break;
  }
  return ids.slice(0, count);
}

/** Films of our catalog that TMDB changed in [since, until]: the changes feed, intersected with our TMDB ids. */
async function changedIds(deps: SyncDeps, since: Date, until: Date): Promise<number[]> {
  const changed = new Set<number>();
  for (let start = since; start < until;) {
    const end = new Date(Math.min(until.getTime(), start.getTime() + MAX_CHANGES_DAYS * 86_400_000));
    for (let page = 1; page <= 1000; page++) {
      const answer = await deps.tmdb.changes(day(start), day(end), page);
      for (const change of answer.results ?? []) if (typeof change?.id === "number") changed.add(change.id);
      if (page >= (answer.total_pages ?? 1)) break;
    }
    start = end;
  }
  const ours = await linkedTmdbIds(deps.db, [...changed]);
  return ours.sort((a, b) => a - b);
}

function describe(request: SyncRequest): { kind: string; args: string } {
  switch (request.kind) {
    case "popular":
    case "on_start":
      return { kind: request.kind, args: String(request.count) };
    case "ids":
      return { kind: "ids", args: request.ids.join(",") };
    case "changes":
      return { kind: "changes", args: "" };
  }
}

/** The unfinished run of the same request, if any (a crashed or interrupted one). */
async function unfinishedRun(db: Db, request: SyncRequest) {
  const { kind, args } = describe(request);
  return latestUnfinishedRun(db, kind, args);
}

/** Whether a CATALOG_SYNC_ON_START run has completed in this database. */
export function onStartSyncDone(db: Db): Promise<boolean> {
  return hasFinishedRun(db, "on_start");
}

async function createRun(deps: SyncDeps, request: SyncRequest, force: boolean): Promise<number> {
  const now = deps.clock.now();
  let ids: number[];
  let changesUntil: string | null = null;
  if (request.kind === "popular" || request.kind === "on_start") ids = await popularIds(deps, request.count);
  else if (request.kind === "ids") ids = [...new Set(request.ids)];
  else {
    const cursor = await readState(deps.db, CHANGES_CURSOR);
    const since = cursor !== undefined ? new Date(`${cursor}Z`) : new Date(now.getTime() - 86_400_000);
    ids = await changedIds(deps, since, now);
    changesUntil = toTimestamp(now);
  }
  const { kind, args } = describe(request);
  return insertRun(deps.db, { kind, args, force, changesUntil, createdAt: toTimestamp(now) }, ids);
}

async function finishRun(deps: SyncDeps, runId: number, changesUntil: string | null): Promise<void> {
  await markRunFinished(deps.db, runId, toTimestamp(deps.clock.now()));
  if (changesUntil === null) return;
  await writeState(deps.db, CHANGES_CURSOR, changesUntil);
}

/**
 * People from TMDB not looked up yet: linked, no original name and a name that is not Hangul (a looked-up person
 * always has an original name: their TMDB name, also when TMDB knows no Hangul spelling).
 */
async function pendingPeople(db: Db): Promise<Array<{ id: number; tmdb_id: number; name: string }>> {
  const rows = await unnamedTmdbPeople(db);
  return rows.filter((r) => !isHangulName(r.name)).map((r) => ({ id: r.id, tmdb_id: r.tmdb_id!, name: r.name }));
}

/** Looks up the Hangul names (and portraits) of the people films were written with under their credit names. */
export async function namePendingPeople(
  deps: SyncDeps,
  options: Pick<SyncOptions, "concurrency" | "onPeopleProgress" | "signal"> = {},
): Promise<{ named: number; failed: number; interrupted: boolean }> {
  const pending = await pendingPeople(deps.db);
  const result = { named: 0, failed: 0, interrupted: false };
  let next = 0;
  options.onPeopleProgress?.(0, pending.length);
  const worker = async () => {
    while (next < pending.length) {
      if (options.signal?.aborted) {
        result.interrupted = true;
        return;
      }
      const row = pending[next++]!;
      try {
        const draft = mapPerson(row.tmdb_id, row.name, null, await deps.tmdb.person(row.tmdb_id));
        await inTransaction(deps.db, async (trx) => {
          await nameTmdbPerson(trx, row.id, {
            name: draft.name,
            original_name: draft.original_name ?? row.name,
            ...(draft.profile_path ? { profile_path: draft.profile_path } : {}),
          });
          if (draft.name !== row.name) await indexSearchDocument(trx, "person", row.id, [draft.name]);
        });
        result.named++;
      } catch {
        result.failed++;
      }
      options.onPeopleProgress?.(result.named + result.failed, pending.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 12) }, worker));
  return result;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Runs (or resumes) a sync; the summary says what happened to each film. */
export async function runCatalogSync(
  runDeps: SyncDeps,
  request: SyncRequest,
  options: SyncOptions = {},
): Promise<SyncSummary> {
  const genres = await GenreVocabulary.load(runDeps.tmdb);
  const deps: SyncDeps = { ...runDeps, genres };
  const existing = await unfinishedRun(deps.db, request);
  const force = existing ? existing.force === 1 : (options.force ?? false);
  const runId = existing?.id ?? (await createRun(deps, request, force));
  const changesUntil = await runChangesUntil(deps.db, runId);
  const items = await runItems(deps.db, runId);
  // Failed items of an earlier attempt are tried again.
  const pending = items.filter((i) => i.state !== "done");
  const summary: SyncSummary = {
    runId,
    resumed: existing !== undefined,
    total: items.length,
    alreadyDone: items.length - pending.length,
    inserted: 0,
    updated: 0,
    linked: 0,
    failed: [],
    peopleNamed: 0,
    peopleFailed: 0,
    unknownGenres: [],
    interrupted: false,
  };
  let done = summary.alreadyDone;
  options.onProgress?.(done, summary.total);
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      if (options.signal?.aborted) {
        summary.interrupted = true;
        return;
      }
      const item = pending[next++]!;
      let state: "done" | "failed" = "done";
      let error: string | null = null;
      try {
        const { outcome } = await syncFilm(deps, item.tmdb_id, { force, namePeopleLater: true });
        summary[outcome satisfies WriteOutcome]++;
      } catch (failure) {
        state = "failed";
        error = errorText(failure);
        summary.failed.push({ tmdb_id: item.tmdb_id, error });
      }
      await setItemState(deps.db, runId, item.position, state, error);
      options.onProgress?.(++done, summary.total);
    }
  };
  const concurrency = Math.max(1, options.concurrency ?? 6);
  await Promise.all(Array.from({ length: concurrency }, worker));
  summary.unknownGenres = genres.report();
  if (!summary.interrupted && options.namePeople !== false) {
    const named = await namePendingPeople(deps, { ...options, concurrency: concurrency * 2 });
    summary.peopleNamed = named.named;
    summary.peopleFailed = named.failed;
    summary.interrupted = named.interrupted;
  }
  // The changes cursor moves only past a clean run: films that failed are in the next run's window again.
  if (!summary.interrupted) await finishRun(deps, runId, summary.failed.length ? null : changesUntil);
  return summary;
}
