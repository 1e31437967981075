// Imports (issue #19, docs/imports.md): the request checks the file and queues a job; the job runs in this process
// (setImmediate), reads every line, matches films (catalogue ids, then title + year, then TMDB when configured) and
// writes each batch of reviews in one transaction through the reviews module's own upsert, so counters, analyses and
// data_version move exactly as for writes from the web app. Progress is saved with each batch, in its transaction.
import {
  EXPORT_FORMATS,
  type ExportFormat,
  IMPORT_CONTENT_TYPES,
  IMPORT_FORMATS,
  IMPORT_UNMATCHED_MAX,
  type ImportFormat,
  type ImportJob,
  type ImportReason,
  type ImportUnmatched,
  type ReviewWrite,
  type WatchStatus,
} from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Dialect } from "../../db/connection.js";
import type { Database, LikeTableName } from "../../db/types.js";
import { ApiError, invalidField, missingField, notFound } from "../../http/errors.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { type Clock, toTimestamp } from "../../lib/time.js";
import { inTransaction } from "../../lib/transaction.js";
import { type TmdbClient, syncFilm } from "../catalog-sync/index.js";
import type { CollectionCommentsService } from "../collection-comments/index.js";
import type { CollectionsService } from "../collections/index.js";
import type { RatingService } from "../rating/index.js";
import type { RepliesService } from "../replies/index.js";
import { addLike } from "../shared/index.js";
import type { SocialService } from "../social/index.js";
import { isVisible, type ReviewState, type ReviewsService, sameState } from "../reviews/index.js";
import { moviesByTitleKeys, normalizeText } from "../search/index.js";
import {
  type ImportCollection,
  type ImportItem,
  type ImportMark,
  type ImportSource,
  type LikeTarget,
  markSubject,
  type MovieRef,
  prepareSource,
  readSource,
} from "./parse.js";
import { exportStream } from "./export.js";
import * as repo from "./repository.js";
import type { CatalogMovie } from "./repository.js";

export interface ImportsDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  reviews: ReviewsService;
  collections: CollectionsService;
  /** The owners of what our export's marks restore: 관심없어요, follows and blocks, replies, collection comments. */
  rating: RatingService;
  social: SocialService;
  replies: RepliesService;
  collectionComments: CollectionCommentsService;
  /** TMDB_API_KEY's client: unmatched films are looked up there and created; undefined = catalogue only. */
  tmdb?: TmdbClient;
  logError?: (error: unknown, message: string) => void;
}

/**
 * Lines matched and written per transaction. Small enough that a batch holds the event loop a few milliseconds on SQLite (whose
 * driver runs synchronously): the job yields to other requests between batches.
 */
export const IMPORT_BATCH = 25;
/** The like table of each kind of like our export lists. */
const LIKE_TABLES: Record<LikeTarget, LikeTableName> = {
  review: "review_likes",
  reply: "reply_likes",
  collection: "collection_likes",
  collection_comment: "collection_comment_likes",
  person: "person_likes",
};
/** A queued or running import whose heartbeat is older than this no longer blocks its member (its process died). */
const STALE_MS = 10 * 60 * 1000;

const importRunning = () =>
  new ApiError("IMPORT_RUNNING", "An import of yours is already queued or running; wait for it to finish.");

/** The media type without parameters, lower-cased. */
function essence(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

export function parseImportQuery(query: { format?: string; overwrite?: string; name?: string }) {
  if (query.format === undefined || query.format === "") throw missingField("format");
  if (!(IMPORT_FORMATS as readonly string[]).includes(query.format)) {
    throw invalidField("format", "must be letterboxd, imdb or moviepedia");
  }
  if (query.overwrite !== undefined && query.overwrite !== "true" && query.overwrite !== "false") {
    throw invalidField("overwrite", "must be true or false");
  }
  return {
    format: query.format as ImportFormat,
    overwrite: query.overwrite === "true",
    name: query.name ?? null,
  };
}

function toJob(row: repo.ImportRow): ImportJob {
  let unmatched: ImportUnmatched[] = [];
  try {
    unmatched = JSON.parse(row.unmatched) as ImportUnmatched[];
  } catch {
    unmatched = [];
  }
  return {
    id: row.id,
    format: row.format as ImportFormat,
    status: row.status,
    overwrite: row.overwrite === 1,
    total: row.total,
    processed: row.processed,
    matched: row.matched,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    unmatched_count: row.unmatched_total,
    unmatched,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

/** Title + year: exact year first, then ±1; ties go to the film more people rated, then the older id. */
function pickByYear(candidates: CatalogMovie[], year: number | null): CatalogMovie | undefined {
  if (candidates.length === 0) return undefined;
  if (year === null) return candidates.length === 1 ? candidates[0] : undefined;
  const near = candidates.filter((c) => Math.abs(c.year - year) <= 1);
  if (near.length === 0) return undefined;
  near.sort(
    (a, b) => Math.abs(a.year - year) - Math.abs(b.year - year) || b.ratings_count - a.ratings_count || a.id - b.id,
  );
  return near[0];
}

export function createImportsService(deps: ImportsDeps) {
  const { db, clock, reviews, collections, rating, social, replies, collectionComments, tmdb } = deps;
  const lock = deps.dialect === "postgres";
  const logError = deps.logError ?? (() => undefined);
  const running = new Set<Promise<void>>();
  let stopping = false;
  const now = () => toTimestamp(clock.now());

  // -------------------------------------------------------------------------------------------------- matching

  /** Film ids for each ref of a batch (undefined = not found), from the catalogue, then TMDB. */
  async function matchBatch(refs: MovieRef[], tmdbCache: Map<string, number | null>): Promise<(number | undefined)[]> {
    const byKey = new Map(
      (
        await repo.moviesBy(
          db,
          "key",
          refs.flatMap((r) => (r.key ? [r.key] : [])),
        )
      ).map((m) => [m.key, m.id]),
    );
    const byTmdb = new Map(
      (
        await repo.moviesBy(
          db,
          "tmdb_id",
          refs.flatMap((r) => (r.tmdb_id ? [r.tmdb_id] : [])),
        )
      ).map((m) => [m.tmdb_id, m.id]),
    );
    const byImdb = new Map(
      (
        await repo.moviesBy(
          db,
          "imdb_id",
          refs.flatMap((r) => (r.imdb_id ? [r.imdb_id] : [])),
        )
      ).map((m) => [m.imdb_id, m.id]),
    );
    const titles = refs.flatMap((r) => [r.title, r.original_title ?? ""]).filter((t) => t !== "");
    const keyed = await moviesByTitleKeys(db, titles.map(normalizeText));
    const exact = await repo.moviesByExactTitles(db, titles);
    const indexedIds = [...new Set([...keyed.values()].flat())];
    const films = new Map<number, CatalogMovie>();
    for (const m of [...(await repo.moviesBy(db, "id", indexedIds)), ...exact]) films.set(m.id, m);
    const exactByTitle = new Map<string, number[]>();
    for (const m of exact) {
      for (const t of new Set([m.title, m.original_title, m.english_title ?? ""])) {
        if (t === "") continue;
        exactByTitle.set(t, [...(exactByTitle.get(t) ?? []), m.id]);
      }
    }
    const out: (number | undefined)[] = [];
    for (const ref of refs) {
      let id = (ref.key && byKey.get(ref.key)) || (ref.tmdb_id && byTmdb.get(ref.tmdb_id)) || undefined;
      id ??= (ref.imdb_id && byImdb.get(ref.imdb_id)) || undefined;
      if (id === undefined) {
        const ids = new Set<number>();
        for (const t of [ref.title, ref.original_title ?? ""]) {
          if (t === "") continue;
          for (const found of keyed.get(normalizeText(t)) ?? []) ids.add(found);
          for (const found of exactByTitle.get(t) ?? []) ids.add(found);
        }
        const candidates = [...ids].map((i) => films.get(i)).filter((m): m is CatalogMovie => m !== undefined);
        id = pickByYear(candidates, ref.year)?.id;
      }
      if (id === undefined && tmdb) id = await fromTmdb(ref, tmdbCache);
      out.push(id);
    }
    return out;
  }

  /** TMDB find (IMDb id) or search (title, year ± 1); the film is fetched into the catalogue when new. */
  async function fromTmdb(ref: MovieRef, cache: Map<string, number | null>): Promise<number | undefined> {
    if (!tmdb) return undefined;
    const cacheKey = `${ref.tmdb_id ?? ""}|${ref.imdb_id ?? ""}|${ref.title}|${ref.year ?? ""}`;
    const cached = cache.get(cacheKey);
    if (cached !== undefined) return cached ?? undefined;
    let tmdbId: number | undefined = ref.tmdb_id ?? undefined;
    try {
      if (tmdbId === undefined && ref.imdb_id) {
        tmdbId = (await tmdb.findByImdb(ref.imdb_id)).movie_results[0]?.id;
      }
      if (tmdbId === undefined && ref.title !== "") {
        const found = await tmdb.search(ref.title, ref.year ?? undefined);
        const year = ref.year;
        tmdbId = found.results.find((r) => {
          if (year === null) return true;
          const released = Number.parseInt((r.release_date ?? "").slice(0, 4), 10);
          return Number.isInteger(released) && Math.abs(released - year) <= 1;
        })?.id;
      }
      let movieId: number | undefined;
      if (tmdbId !== undefined) {
        movieId = (await repo.moviesBy(db, "tmdb_id", [tmdbId]))[0]?.id;
        movieId ??= (await syncFilm({ db, tmdb, clock }, tmdbId)).movieId;
      }
      cache.set(cacheKey, movieId ?? null);
      return movieId;
    } catch (error) {
      logError(error, "import: TMDB lookup failed");
      cache.set(cacheKey, null);
      return undefined;
    }
  }

  // ---------------------------------------------------------------------------------------------------- writing

  /** What a line changes on the stored review (an empty write changes nothing). */
  function writeFor(item: ImportItem, b: ReviewState, overwrite: boolean): ReviewWrite {
    const write: ReviewWrite = {};
    if (item.rating !== undefined && item.rating !== b.rating && (b.rating === 0 || overwrite)) {
      write.rating = item.rating;
    }
    if (item.content !== undefined && item.content !== b.content && (b.content === "" || overwrite)) {
      write.content = item.content;
      write.spoiler = item.spoiler ?? false;
    } else if (item.content !== undefined && item.content === b.content && overwrite) {
      if ((item.spoiler ?? false) !== b.spoiler) write.spoiler = item.spoiler ?? false;
    }
    if (item.status !== undefined && item.status !== b.status && (b.status === "" || overwrite)) {
      // A rated film is seen: 보고싶어요 does not go on it (as rating one clears the mark).
      const rated = (write.rating ?? b.rating) > 0;
      if (!(item.status === "WatchList" && rated)) write.status = item.status as WatchStatus;
    }
    return write;
  }

  interface Tally {
    processed: number;
    matched: number;
    created: number;
    updated: number;
    skipped: number;
    unmatchedCount: number;
    unmatched: ImportUnmatched[];
  }

  const copyOf = (tally: Tally): Tally => ({ ...tally, unmatched: [...tally.unmatched] });

  function reportLine(tally: Tally, line: ImportUnmatched): void {
    tally.unmatchedCount++;
    if (tally.unmatched.length < IMPORT_UNMATCHED_MAX) tally.unmatched.push(line);
  }

  function report(tally: Tally, item: ImportItem, reason: ImportReason): void {
    const rating = item.reportRating ?? item.rating ?? null;
    reportLine(tally, {
      file: item.file,
      line: item.line,
      title: item.movie.title,
      year: item.movie.year,
      reason,
      rating,
    });
  }

  function reportMark(tally: Tally, mark: ImportMark, reason: ImportReason): void {
    reportLine(tally, { file: mark.file, line: mark.line, ...markSubject(mark), reason, rating: null });
  }

  /**
   * The job's progress row: its counters with each batch (in the batch's transaction when it writes), the list of
   * unmatched lines only when it grew since it was last saved (it may hold 2,000 of them), and for batches that
   * write nothing at most once a second.
   */
  function progressOf(jobId: number, total: number) {
    let listed = 0;
    let savedAt = 0;
    let totalSaved = false;
    const values = (tally: Tally, force: boolean): repo.ImportProgress => ({
      ...tally,
      unmatched: force || tally.unmatched.length !== listed ? tally.unmatched : undefined,
      ...(totalSaved ? {} : { total }),
    });
    const saved = (tally: Tally) => {
      listed = tally.unmatched.length;
      savedAt = Date.now();
      totalSaved = true;
    };
    return {
      /** Runs `work` and saves the progress it reaches in one transaction. */
      async inBatch(work: (trx: Kysely<Database>) => Promise<Tally>): Promise<Tally> {
        const tally = await inTransaction(db, async (trx) => {
          const reached = await work(trx);
          await repo.saveProgress(trx, jobId, values(reached, false), now());
          return reached;
        });
        saved(tally);
        return tally;
      },
      /** Progress of lines that wrote nothing: saved now and then, and always when `force`. */
      async note(tally: Tally, force = false): Promise<void> {
        if (!force && totalSaved && Date.now() - savedAt < 1000) return;
        await repo.saveProgress(db, jobId, values(tally, true), now());
        saved(tally);
      },
    };
  }

  type Progress = ReturnType<typeof progressOf>;

  /** One batch's reviews (matched already) in the caller's transaction: the tally they reach. */
  async function writeReviews(
    trx: Kysely<Database>,
    userId: number,
    overwrite: boolean,
    entries: Array<{ item: ImportItem; movieId: number }>,
    base: Tally,
  ): Promise<Tally> {
    const tally = copyOf(base);
    const results = await reviews.upsertManyIn(
      trx,
      userId,
      entries.map(({ item, movieId }) => ({ movieId, write: (current) => writeFor(item, current, overwrite) })),
    );
    entries.forEach(({ item }, index) => {
      const { before, after, missing } = results[index]!;
      tally.processed++;
      // A film deleted since it was matched.
      if (missing) return report(tally, item, "not_found");
      tally.matched++;
      if (after === null || (before !== null && sameState(before, after))) tally.skipped++;
      else if (isVisible(before)) tally.updated++;
      else tally.created++;
    });
    return tally;
  }

  /**
   * Writes a batch in one transaction with its progress; when the database refuses it (a film or member deleted
   * meanwhile), each entry goes again in a transaction of its own, so only the refused one is lost and every write
   * is whole or not at all.
   */
  async function writeBatched<E>(
    progress: Progress,
    entries: E[],
    base: Tally,
    write: (trx: Kysely<Database>, entries: E[], base: Tally) => Promise<Tally>,
    refused: (tally: Tally, entry: E) => void,
  ): Promise<Tally> {
    if (entries.length === 0) {
      await progress.note(base);
      return base;
    }
    try {
      return await progress.inBatch((trx) => write(trx, entries, base));
    } catch (error) {
      logError(error, "import: batch failed, retrying line by line");
      let tally = base;
      for (const entry of entries) {
        try {
          tally = await progress.inBatch((trx) => write(trx, [entry], tally));
        } catch (lineError) {
          logError(lineError, "import: line failed");
          tally = copyOf(tally);
          tally.processed++;
          refused(tally, entry);
        }
      }
      return tally;
    }
  }

  async function importCollections(
    userId: number,
    lists: ImportCollection[],
    tally: Tally,
    cache: Map<string, number | null>,
  ) {
    const existing = await repo.ownCollectionsByTitle(db, userId);
    for (const list of lists) {
      const ids = (await matchBatch(list.movies, cache)).filter((id): id is number => id !== undefined);
      const distinct = [...new Set(ids)].slice(0, 1000);
      const found = existing.get(list.title);
      try {
        if (found === undefined) {
          const made = await collections.create(userId, {
            title: list.title.slice(0, 100),
            overview: list.overview && list.overview.trim() !== "" ? list.overview.slice(0, 500) : null,
            movie_ids: distinct,
          });
          existing.set(list.title, made.id);
          tally.created++;
        } else {
          const have = await repo.collectionMovieIds(db, found);
          const add = distinct.filter((id) => !have.has(id)).slice(0, Math.max(0, 1000 - have.size));
          if (add.length > 0) {
            await collections.patch(found, userId, { add_movie_ids: add, overview: undefined });
            tally.updated++;
          } else tally.skipped++;
        }
      } catch (error) {
        logError(error, "import: collection write failed");
        report(
          tally,
          { file: "collections", line: list.line, movie: { title: list.title, year: null } },
          "write_failed",
        );
      }
      tally.processed++;
    }
  }

  /**
   * One mark of our export, in the batch's transaction, through the owning module's own rules (docs/imports.md):
   * created, already there, or why not.
   */
  async function applyMark(
    trx: Kysely<Database>,
    userId: number,
    mark: ImportMark,
    movieId: number | undefined,
  ): Promise<"created" | "exists" | ImportReason> {
    switch (mark.kind) {
      case "dismissal": {
        if (movieId === undefined) return "not_found";
        const done = await rating.restoreDismissalIn(trx, userId, movieId);
        return done === "missing" ? "not_found" : done;
      }
      case "follow":
      case "block":
        return social.restoreIn(trx, mark.kind === "follow" ? "follows" : "blocks", userId, mark.userId, mark.username);
      case "like": {
        if (!(await repo.likeTargetHere(trx, mark.target, mark.targetId, mark.label, lock))) return "target_not_found";
        return (await addLike(trx, LIKE_TABLES[mark.target], userId, mark.targetId, clock.now()))
          ? "created"
          : "exists";
      }
      case "reply": {
        const here = await repo.repliedReviewHere(trx, mark.reviewId, mark.reviewAuthor, mark.movie?.key ?? null);
        const done = here ? await replies.restoreIn(trx, userId, mark.reviewId, mark.content) : "missing";
        return done === "missing" ? "target_not_found" : done;
      }
      case "comment": {
        const here = await repo.collectionTitled(trx, mark.collectionId, mark.collectionTitle);
        const done = here
          ? await collectionComments.restoreIn(trx, userId, mark.collectionId, mark.content)
          : "missing";
        return done === "missing" ? "target_not_found" : done;
      }
    }
  }

  async function writeMarks(
    trx: Kysely<Database>,
    userId: number,
    entries: Array<{ mark: ImportMark; movieId: number | undefined }>,
    base: Tally,
  ): Promise<Tally> {
    const tally = copyOf(base);
    for (const { mark, movieId } of entries) {
      const outcome = mark.error ?? (await applyMark(trx, userId, mark, movieId));
      tally.processed++;
      if (outcome === "created" || outcome === "exists") {
        tally.matched++;
        if (outcome === "created") tally.created++;
        else tally.skipped++;
      } else reportMark(tally, mark, outcome);
    }
    return tally;
  }

  async function run(jobId: number, userId: number, overwrite: boolean, source: ImportSource): Promise<void> {
    let tally: Tally = {
      processed: 0,
      matched: 0,
      created: 0,
      updated: 0,
      skipped: 0,
      unmatchedCount: 0,
      unmatched: [],
    };
    const nextBatch = async () => {
      if (stopping) throw new Error("server stopping");
      // Let the requests that arrived meanwhile run before the next batch.
      await new Promise((resolve) => setImmediate(resolve));
    };
    try {
      await repo.saveProgress(db, jobId, { ...tally, status: "running" }, now());
      const { items, collections: lists, marks } = await readSource(source);
      const progress = progressOf(jobId, items.length + lists.length + marks.length);
      const cache = new Map<string, number | null>();
      for (let start = 0; start < items.length; start += IMPORT_BATCH) {
        await nextBatch();
        const batch = items.slice(start, start + IMPORT_BATCH);
        const wanted = batch.filter((i) => !i.error && !i.skip);
        const ids =
          wanted.length === 0
            ? []
            : await matchBatch(
                wanted.map((i) => i.movie),
                cache,
              );
        const entries: Array<{ item: ImportItem; movieId: number }> = [];
        const next = copyOf(tally);
        const movieIds = new Map(wanted.map((item, index) => [item, ids[index]]));
        // Lines that write nothing are settled here, in file order; the matched ones are written below.
        for (const item of batch) {
          const movieId = movieIds.get(item);
          if (item.error) report(next, item, item.error);
          else if (item.skip) next.skipped++;
          else if (movieId === undefined) report(next, item, "not_found");
          else {
            entries.push({ item, movieId });
            continue;
          }
          next.processed++;
        }
        tally = await writeBatched(
          progress,
          entries,
          next,
          (trx, some, base) => writeReviews(trx, userId, overwrite, some, base),
          (reached, entry) => report(reached, entry.item, "write_failed"),
        );
      }
      await progress.note(tally, true);
      if (lists.length > 0) await importCollections(userId, lists, tally, cache);
      for (let start = 0; start < marks.length; start += IMPORT_BATCH) {
        await nextBatch();
        const batch = marks.slice(start, start + IMPORT_BATCH);
        const films = batch.flatMap((m) => (m.kind === "dismissal" && !m.error ? [m.movie] : []));
        const ids = films.length === 0 ? [] : await matchBatch(films, cache);
        const movieIds = new Map(films.map((movie, index) => [movie, ids[index]]));
        // In file order, those that cannot be applied included (they write nothing).
        const entries = batch.map((mark) => ({
          mark,
          movieId: mark.kind === "dismissal" ? movieIds.get(mark.movie) : undefined,
        }));
        tally = await writeBatched(
          progress,
          entries,
          tally,
          (trx, some, base) => writeMarks(trx, userId, some, base),
          (reached, entry) => reportMark(reached, entry.mark, "write_failed"),
        );
      }
      await repo.saveProgress(db, jobId, { ...tally, status: "done", finishedAt: now() }, now());
    } catch (error) {
      logError(error, "import failed");
      await repo
        .saveProgress(
          db,
          jobId,
          {
            ...tally,
            status: "failed",
            error: error instanceof Error ? error.message : String(error),
            finishedAt: now(),
          },
          now(),
        )
        .catch((e: unknown) => logError(e, "import: could not record the failure"));
    }
  }

  // ---------------------------------------------------------------------------------------------------- answers

  /** POST …/imports: checks the file, queues the job → its id (202). */
  async function start(
    userId: number,
    query: { format?: string; overwrite?: string; name?: string },
    contentType: string | undefined,
    body: unknown,
  ): Promise<{ id: number }> {
    const type = essence(contentType);
    const allTypes = new Set(Object.values(IMPORT_CONTENT_TYPES).flat());
    if (body !== undefined && body !== null && !Buffer.isBuffer(body)) {
      throw new ApiError(
        "UNSUPPORTED_MEDIA_TYPE",
        "Request body must be text/csv, application/zip or application/json.",
      );
    }
    if (body && !allTypes.has(type)) {
      throw new ApiError(
        "UNSUPPORTED_MEDIA_TYPE",
        "Request body must be text/csv, application/zip or application/json.",
      );
    }
    const { format, overwrite, name } = parseImportQuery(query);
    if (body && !IMPORT_CONTENT_TYPES[format].includes(type)) {
      throw new ApiError(
        "UNSUPPORTED_MEDIA_TYPE",
        `A ${format} import takes ${IMPORT_CONTENT_TYPES[format].join(" or ")}.`,
      );
    }
    const source = await prepareSource(format, type, (body as Buffer | undefined) ?? Buffer.alloc(0), name);
    const at = now();
    const stale = toTimestamp(new Date(clock.now().getTime() - STALE_MS));
    let id: number;
    try {
      id = await inTransaction(db, async (trx) => {
        await repo.failStaleImports(trx, userId, stale, at);
        return repo.insertImport(trx, { userId, format, overwrite, now: at });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw importRunning();
      throw error;
    }
    const job: Promise<void> = new Promise<void>((resolve) => {
      setImmediate(() => {
        void run(id, userId, overwrite, source).finally(resolve);
      });
    }).finally(() => running.delete(job));
    running.add(job);
    return { id };
  }

  async function get(userId: number, id: number | null): Promise<ImportJob> {
    const row = id === null ? undefined : await repo.findImport(db, id);
    if (!row || row.user_id !== userId) throw notFound("IMPORT_NOT_FOUND");
    return toJob(row);
  }

  /** GET …/export: the attachment's type, name and the stream writing it. */
  async function exportFor(userId: number, format: string | undefined) {
    if (format === undefined || format === "") throw missingField("format");
    if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw invalidField("format", "must be json or csv");
    const at = now();
    const stamp = at.slice(0, 10).replaceAll("-", "");
    const json = format === "json";
    return {
      contentType: json ? "application/json; charset=utf-8" : "application/zip",
      filename: `moviepedia-${userId}-${stamp}.${json ? "json" : "zip"}`,
      stream: exportStream(db, userId, format as ExportFormat, at, (error) => logError(error, "export failed")),
    };
  }

  /** Resolves once no import is running (tests, shutdown). */
  async function idle(): Promise<void> {
    while (running.size > 0) await Promise.all([...running]);
  }

  /** Shutdown: running imports stop after their current batch (they end `failed`; the member can import again). */
  async function stop(): Promise<void> {
    stopping = true;
    await idle();
  }

  return { start, get, exportFor, idle, stop };
}

export type ImportsService = ReturnType<typeof createImportsService>;
