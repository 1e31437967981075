// GET /api/users/me/export (issue #19, docs/imports.md): everything the member wrote or set, streamed. JSON is our
// own format (format: "moviepedia", re-imported by POST …/imports?format=moviepedia); CSV is a zip (fflate's
// streaming Zip) of one file per kind, each film with its title, year and TMDB/IMDb ids so other sites can read it.
// Each kind is read in keyset-paged batches and written to the reply stream, waiting for it to drain: memory stays
// flat however much the member has. A page is let go before the next one is read: nothing of it stays reachable
// while the database answers (on PostgreSQL that wait is real time, in which the garbage collector runs: pages kept
// across it would be promoted to the old generation, which grows until a full collection).
import { once } from "node:events";
import { PassThrough } from "node:stream";
import type { ExportFormat } from "@moviepedia/contract";
import { Zip, ZipDeflate } from "fflate";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import * as q from "./export-repository.js";
import type { FilmColumns } from "./export-repository.js";

type Db = Kysely<Database>;

export const EXPORT_VERSION = 1;

const LIKE_KINDS: q.LikeKind[] = ["review", "reply", "collection", "collection_comment", "person"];
const LIKE_FILES: Record<q.LikeKind, string> = {
  review: "reviews",
  reply: "replies",
  collection: "collections",
  collection_comment: "collection_comments",
  person: "people",
};

/**
 * Every page of one kind, in id order, handed to `each` (and its work awaited) before the next page is read. Each
 * page lives in a call of its own that has returned before the next read starts.
 */
async function eachPage<T extends { id: number }>(
  read: (after: number) => Promise<T[]>,
  each: (rows: T[]) => Promise<void>,
): Promise<void> {
  const step = async (after: number): Promise<number | null> => {
    const rows = await read(after);
    if (rows.length > 0) await each(rows);
    return rows.length < q.EXPORT_PAGE ? null : rows[rows.length - 1]!.id;
  };
  for (let after: number | null = 0; after !== null;) after = await step(after);
}

function movieOf(row: FilmColumns) {
  return {
    id: row.movie_id,
    key: row.movie_key,
    title: row.movie_title,
    original_title: row.movie_original_title,
    year: row.movie_year,
    tmdb_id: row.movie_tmdb_id,
    imdb_id: row.movie_imdb_id,
  };
}

/** A writable that the producer waits on: `write` resolves once the stream wants more (or was closed). */
class Sink {
  /** Settles when the stream closes: one listener for the whole export, however often it waits for "drain". */
  private readonly gone: Promise<void>;
  constructor(readonly out: PassThrough) {
    this.gone = new Promise((resolve) => out.once("close", () => resolve()));
  }
  get closed(): boolean {
    return this.out.destroyed || this.out.writableEnded;
  }
  async write(chunk: string | Uint8Array): Promise<void> {
    if (this.closed) throw new Error("export stream closed");
    if (this.out.write(chunk)) return;
    const stop = new AbortController();
    const drained = once(this.out, "drain", { signal: stop.signal });
    // Its listener goes when the wait ends either way; the abort that removes it is no error of the export.
    drained.catch(() => undefined);
    try {
      await Promise.race([drained, this.gone]);
    } finally {
      stop.abort();
    }
  }
}

// --------------------------------------------------------------------------------------------------------- JSON

async function writeJson(db: Db, userId: number, sink: Sink, exportedAt: string): Promise<void> {
  const me = await q.profile(db, userId);
  await sink.write(
    `{"format":"moviepedia","version":${EXPORT_VERSION},"exported_at":${JSON.stringify(exportedAt)},"profile":${JSON.stringify(
      me
        ? {
            id: me.id,
            username: me.username,
            login_id: me.login_id,
            login_type: me.login_type,
            status_message: me.status_message,
            profile_url: me.profile_url,
            created_at: me.created_at,
          }
        : null,
    )}`,
  );
  async function list<T extends { id: number }>(
    name: string,
    read: (after: number) => Promise<T[]>,
    map: (row: T) => unknown | Promise<unknown>,
  ) {
    await sink.write(`,${JSON.stringify(name)}:[`);
    let first = true;
    await eachPage(read, async (rows) => {
      const parts: string[] = [];
      for (const row of rows) {
        const value = map(row);
        parts.push(JSON.stringify(value instanceof Promise ? await value : value));
      }
      await sink.write((first ? "" : ",") + parts.join(","));
      first = false;
    });
    await sink.write("]");
  }
  await list(
    "reviews",
    (after) => q.reviewsPage(db, userId, after),
    (r) => ({
      id: r.id,
      movie: movieOf(r),
      rating: r.rating,
      status: r.status,
      content: r.content,
      spoiler: r.spoiler === 1,
      likes_count: r.likes_count,
      comments_count: r.comments_count,
      created_at: r.created_at,
      updated_at: r.updated_at,
    }),
  );
  await list(
    "replies",
    (after) => q.repliesPage(db, userId, after),
    (p) => ({
      id: p.id,
      review_id: p.review_id,
      review_author: p.review_author,
      movie: movieOf(p),
      content: p.content,
      created_at: p.created_at,
    }),
  );
  await list(
    "collections",
    (after) => q.collectionsPage(db, userId, after),
    async (c) => ({
      id: c.id,
      title: c.title,
      overview: c.overview,
      created_at: c.created_at,
      movies: (await q.collectionMovies(db, c.id)).map((m) => ({
        position: m.position,
        added_at: m.added_at,
        movie: movieOf(m),
      })),
    }),
  );
  await list(
    "collection_comments",
    (after) => q.collectionCommentsPage(db, userId, after),
    (k) => k,
  );
  await sink.write(`,"likes":{`);
  for (const [index, kind] of LIKE_KINDS.entries()) {
    if (index > 0) await sink.write(",");
    await sink.write(`${JSON.stringify(kind)}:[`);
    let first = true;
    await eachPage(
      (after) => q.likesPage(db, kind, userId, after),
      async (rows) => {
        await sink.write((first ? "" : ",") + rows.map((r) => JSON.stringify(r)).join(","));
        first = false;
      },
    );
    await sink.write("]");
  }
  await sink.write("}");
  await list(
    "follows",
    (after) => q.relationsPage(db, "follows", userId, after),
    (f) => f,
  );
  await list(
    "blocks",
    (after) => q.relationsPage(db, "blocks", userId, after),
    (b) => b,
  );
  await list(
    "dismissals",
    (after) => q.dismissalsPage(db, userId, after),
    (d) => ({ id: d.id, movie: movieOf(d), created_at: d.created_at }),
  );
  await sink.write("}\n");
}

// ---------------------------------------------------------------------------------------------------------- CSV

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "boolean" ? (value ? "true" : "false") : String(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}
const row = (values: unknown[]) => `${values.map(cell).join(",")}\r\n`;

/** Film columns under the names Letterboxd's importer reads (Title, Year, tmdbID, imdbID). */
const FILM_HEADER = ["Title", "Original Title", "Year", "tmdbID", "imdbID", "Moviepedia Key"];
const filmCells = (m: FilmColumns) => [
  m.movie_title,
  m.movie_original_title,
  m.movie_year,
  m.movie_tmdb_id,
  m.movie_imdb_id,
  m.movie_key,
];

async function writeCsvZip(db: Db, userId: number, sink: Sink, exportedAt: string): Promise<void> {
  const encoder = new TextEncoder();
  let failure: Error | null = null;
  const pending: Uint8Array[] = [];
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else pending.push(chunk);
    if (final) pending.push(new Uint8Array(0));
  });
  const flush = async () => {
    if (failure) throw failure;
    while (pending.length > 0) {
      const chunk = pending.shift()!;
      if (chunk.length > 0) await sink.write(chunk);
    }
  };
  type Fill = (write: (rows: unknown[][]) => Promise<void>) => Promise<void>;
  /** One file of the zip: its header, then each batch of rows `fill` writes, as it is read. */
  async function file(name: string, header: string[], fill: Fill) {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = new Date(`${exportedAt}Z`);
    zip.add(entry);
    entry.push(encoder.encode(`\uFEFF${row(header)}`));
    await fill(async (rows) => {
      entry.push(encoder.encode(rows.map(row).join("")));
      await flush();
    });
    entry.push(new Uint8Array(0), true);
    await flush();
  }
  /** Pages of one kind mapped to rows (`toRows` may give any number of rows per record). */
  function rowsOf<T extends { id: number }>(
    read: (after: number) => Promise<T[]>,
    toRows: (record: T) => unknown[][] | Promise<unknown[][]>,
  ): Fill {
    return (write) =>
      eachPage(read, async (records) => {
        const out: unknown[][] = [];
        for (const record of records) {
          const rows = toRows(record);
          for (const cells of rows instanceof Promise ? await rows : rows) out.push(cells);
        }
        await write(out);
      });
  }
  const me = await q.profile(db, userId);
  await file(
    "profile.csv",
    ["id", "username", "login_id", "login_type", "status_message", "profile_url", "created_at", "exported_at"],
    async (write) => {
      if (me) {
        const { id, username, login_id, login_type, status_message, profile_url, created_at } = me;
        await write([[id, username, login_id, login_type, status_message, profile_url, created_at, exportedAt]]);
      }
    },
  );
  const reviewRows = (subset: q.ReviewSubset, cells: (r: q.ExportReview) => unknown[]) =>
    rowsOf(
      (after) => q.reviewsPage(db, userId, after, subset),
      (r) => [[...filmCells(r), ...cells(r)]],
    );
  await file(
    "ratings.csv",
    [...FILM_HEADER, "Rating", "Rating10", "WatchedDate", "created_at", "updated_at"],
    reviewRows("rated", (r) => [r.rating, r.rating * 2, r.created_at.slice(0, 10), r.created_at, r.updated_at]),
  );
  await file(
    "statuses.csv",
    [...FILM_HEADER, "status", "updated_at"],
    reviewRows("status", (r) => [r.status, r.updated_at]),
  );
  await file(
    "comments.csv",
    [...FILM_HEADER, "Review", "spoiler", "Rating", "likes_count", "replies_count", "created_at", "updated_at"],
    reviewRows("comment", (r) => [
      r.content,
      r.spoiler === 1,
      r.rating || null,
      r.likes_count,
      r.comments_count,
      r.created_at,
      r.updated_at,
    ]),
  );
  await file(
    "replies.csv",
    ["id", "review_id", "review_author", ...FILM_HEADER, "content", "created_at"],
    rowsOf(
      (after) => q.repliesPage(db, userId, after),
      (p) => [[p.id, p.review_id, p.review_author, ...filmCells(p), p.content, p.created_at]],
    ),
  );
  await file(
    "collections.csv",
    ["collection_id", "collection_title", "overview", "collection_created_at", "position", ...FILM_HEADER, "added_at"],
    rowsOf(
      (after) => q.collectionsPage(db, userId, after),
      async (c) => {
        const films = await q.collectionMovies(db, c.id);
        if (films.length === 0)
          return [[c.id, c.title, c.overview, c.created_at, null, ...FILM_HEADER.map(() => null), null]];
        return films.map((m) => [c.id, c.title, c.overview, c.created_at, m.position, ...filmCells(m), m.added_at]);
      },
    ),
  );
  await file(
    "collection_comments.csv",
    ["id", "collection_id", "collection_title", "content", "created_at"],
    rowsOf(
      (after) => q.collectionCommentsPage(db, userId, after),
      (k) => [[k.id, k.collection_id, k.collection_title, k.content, k.created_at]],
    ),
  );
  for (const kind of LIKE_KINDS) {
    await file(
      `likes_${LIKE_FILES[kind]}.csv`,
      ["id", "target_id", "label", "created_at"],
      rowsOf(
        (after) => q.likesPage(db, kind, userId, after),
        (l) => [[l.id, l.target_id, l.label, l.created_at]],
      ),
    );
  }
  for (const table of ["follows", "blocks"] as const) {
    await file(
      `${table}.csv`,
      ["id", "user_id", "username", "created_at"],
      rowsOf(
        (after) => q.relationsPage(db, table, userId, after),
        (f) => [[f.id, f.user_id, f.username, f.created_at]],
      ),
    );
  }
  await file(
    "dismissals.csv",
    ["id", ...FILM_HEADER, "created_at"],
    rowsOf(
      (after) => q.dismissalsPage(db, userId, after),
      (d) => [[d.id, ...filmCells(d), d.created_at]],
    ),
  );
  zip.end();
  await flush();
}

/**
 * Starts writing the export into a stream that the reply sends; a failure half way (the client went away, the
 * database) ends the stream with that error, so the download is visibly broken rather than silently short.
 */
export function exportStream(
  db: Db,
  userId: number,
  format: ExportFormat,
  exportedAt: string,
  onError: (error: unknown) => void,
): PassThrough {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const sink = new Sink(out);
  const work = format === "json" ? writeJson(db, userId, sink, exportedAt) : writeCsvZip(db, userId, sink, exportedAt);
  work.then(
    () => out.end(),
    (error: unknown) => {
      if (!sink.closed) onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return out;
}
