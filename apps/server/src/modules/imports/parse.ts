// Reading import files (docs/imports.md): bytes → text (UTF-8, BOM stripped, invalid bytes found per line) → CSV
// records that survive broken lines → items of one shape whatever the source (Letterboxd, IMDb, our own export).
// No database. A file that is not the format at all is refused whole (INVALID_IMPORT_FILE); a bad line becomes an
// item carrying its reason. Everything that grows with the file is done in slices that yield to the event loop
// (decoding, CSV records, our JSON), and zip entries past 512 KB are inflated in fflate's worker threads: a 10 MB
// upload never holds the server's event loop for more than a few milliseconds at a time.
import {
  codePointLength,
  type ImportFormat,
  type ImportReason,
  isValidRating,
  nonBlankText,
  text as storableText,
  TEXT_MAX,
  WATCH_STATUSES,
} from "@moviepedia/contract";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parse as csvParser } from "csv-parse";
import { parse } from "csv-parse/sync";
import { type Unzipped, unzip } from "fflate";
import { ApiError } from "../../http/errors.js";
import { parseJsonYielding } from "../../lib/json-yielding.js";

/** The film a line names, by whatever the source knows of it. */
export interface MovieRef {
  title: string;
  original_title?: string | null;
  year: number | null;
  tmdb_id?: number | null;
  imdb_id?: string | null;
  /** Our catalogue key (our own export): stable across instances that share a catalogue. */
  key?: string | null;
}

/** One line of a file: what it sets on the member's review of one film, or why it cannot. */
export interface ImportItem {
  file: string | null;
  line: number;
  movie: MovieRef;
  rating?: number;
  status?: string;
  content?: string;
  spoiler?: boolean;
  /** A line that is read but changes nothing by design (Letterboxd's watched.csv: no rating). */
  skip?: true;
  /** Why the line cannot be applied; its rating (converted) is kept for the report. */
  error?: ImportReason;
  reportRating?: number | null;
}

export interface ImportCollection {
  line: number;
  title: string;
  overview: string | null;
  movies: MovieRef[];
}

/** What our export says the member liked: the keys of its `likes` object. */
export const LIKE_TARGETS = ["review", "reply", "collection", "collection_comment", "person"] as const;
export type LikeTarget = (typeof LIKE_TARGETS)[number];

/**
 * One of our export's marks on other things (docs/imports.md): 관심없어요 on a film, a follow or block of a member, a
 * like, a reply. `file` names its list, `line` its position there; `error` when it cannot be applied at all.
 */
export type ImportMark = { file: string; line: number; error?: ImportReason } & (
  | { kind: "dismissal"; movie: MovieRef }
  | { kind: "follow" | "block"; userId: number; username: string }
  | { kind: "like"; target: LikeTarget; targetId: number; label: string }
  | { kind: "reply"; reviewId: number; reviewAuthor: string; movie: MovieRef | null; content: string }
  | { kind: "comment"; collectionId: number; collectionTitle: string; content: string }
);

export interface ParsedImport {
  items: ImportItem[];
  collections: ImportCollection[];
  marks: ImportMark[];
}

/** What the request handler keeps for the background job: checked already, parsed there. */
export interface ImportSource {
  format: ImportFormat;
  files: Array<{ name: string | null; kind: CsvKind; text: string; badUtf8: boolean }>;
  json?: unknown;
}

export type CsvKind = "lb_ratings" | "lb_reviews" | "lb_watchlist" | "lb_watched" | "imdb_ratings" | "imdb_watchlist";

export const invalidFile = (detail: string) => new ApiError("INVALID_IMPORT_FILE", detail);

/** Bytes decoded between two yields to the event loop (a few milliseconds of work). */
export const DECODE_SLICE = 64 * 1024;

async function decodeSlices(bytes: Uint8Array, fatal: boolean): Promise<string> {
  const decoder = new TextDecoder("utf-8", { fatal, ignoreBOM: true });
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += DECODE_SLICE) {
    if (at > 0) await nextTurn();
    parts.push(decoder.decode(bytes.subarray(at, at + DECODE_SLICE), { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join("");
}

/** UTF-8 text without its BOM; `badUtf8` when some bytes were not UTF-8 (their lines are reported, not applied). */
export async function decodeText(bytes: Uint8Array): Promise<{ text: string; badUtf8: boolean }> {
  let text: string;
  let badUtf8 = false;
  try {
    text = await decodeSlices(bytes, true);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    text = await decodeSlices(bytes, false);
    badUtf8 = true;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { text, badUtf8 };
}

// ---------------------------------------------------------------------------------------------------- CSV records

export interface CsvRecord {
  line: number;
  fields: string[];
}

export interface CsvResult {
  header: string[];
  records: CsvRecord[];
  /** Lines csv-parse refused (an unclosed or stray quote): parsing goes on at the next line. */
  broken: number[];
  /** First line left unread after too many broken lines, if any. */
  unreadFrom: number | null;
  lineCount: number;
}

/** Broken lines after which the rest of a file is left unread (each one re-reads the rest of the file). */
const MAX_RESTARTS = 50;

/** Characters of CSV handed to the parser between two yields to the event loop. */
export const CSV_SLICE = 8 * 1024;

/** Where each line starts, found a slice at a time with yields to the event loop between slices. */
async function lineStarts(text: string): Promise<number[]> {
  const starts = [0];
  let sliceEnd = CSV_SLICE * 16;
  for (let i = text.indexOf("\n"); i !== -1 && i + 1 < text.length; i = text.indexOf("\n", i + 1)) {
    starts.push(i + 1);
    if (i > sliceEnd) {
      sliceEnd = i + CSV_SLICE * 16;
      await nextTurn();
    }
  }
  return starts;
}

/**
 * Parses `text` with csv-parse's stream parser, a slice at a time, yielding to the event loop between slices;
 * `onRecord` gets each record and the count of lines read so far. Rejects with csv-parse's error at a line it
 * cannot read.
 */
async function parseSlices(text: string, onRecord: (record: string[], lines: number) => void): Promise<void> {
  const parser = csvParser({
    relax_column_count: true,
    skip_empty_lines: true,
    on_record: (record: string[], context: { lines: number }) => {
      onRecord(record, context.lines);
      return null;
    },
  });
  let failure: Error | undefined;
  const settled = new Promise<void>((resolve) => {
    parser.once("error", (error) => {
      failure = error;
      resolve();
    });
    parser.once("end", () => resolve());
  });
  // Records are handed to onRecord, none are pushed: the readable side only has to flow for "end" to come.
  parser.resume();
  for (let at = 0; at < text.length && failure === undefined;) {
    let end = Math.min(text.length, at + CSV_SLICE);
    // Never between the two halves of a surrogate pair (the slice is encoded to UTF-8 on its own).
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    parser.write(text.slice(at, end));
    at = end;
    await nextTurn();
  }
  if (failure === undefined) parser.end();
  await settled;
  if (failure !== undefined) throw failure;
}

/**
 * Every record with the physical line it starts on. A line csv-parse cannot read (a quote never closed, a quote in
 * the middle of a field) is reported and reading starts again on the next line, so one bad line costs one line.
 */
export async function parseCsv(text: string): Promise<CsvResult> {
  const starts = await lineStarts(text);
  const lineText = (n: number) => text.slice(starts[n - 1], n < starts.length ? starts[n] : text.length);
  const nextNonBlank = (n: number) => {
    while (n <= starts.length && lineText(n).trim() === "") n++;
    return n;
  };
  const all: CsvRecord[] = [];
  const broken: number[] = [];
  let unreadFrom: number | null = null;
  let from = 1;
  let restarts = 0;
  while (from <= starts.length) {
    let lastEnd = from - 1;
    const base = from - 1;
    try {
      await parseSlices(text.slice(starts[from - 1]), (record, lines) => {
        all.push({ line: nextNonBlank(lastEnd + 1), fields: record });
        lastEnd = base + lines;
      });
      break;
    } catch {
      const bad = nextNonBlank(lastEnd + 1);
      if (bad > starts.length) break;
      broken.push(bad);
      from = bad + 1;
      if (++restarts >= MAX_RESTARTS && from <= starts.length) {
        unreadFrom = nextNonBlank(from);
        break;
      }
    }
  }
  const head = all[0];
  return {
    header: (head?.fields ?? []).map((h) => h.trim()),
    records: head && head.line === 1 ? all.slice(1) : all,
    broken,
    unreadFrom: unreadFrom !== null && unreadFrom <= starts.length ? unreadFrom : null,
    lineCount: starts.length,
  };
}

// ------------------------------------------------------------------------------------------------ format checks

const LB_BASE = ["Name", "Year"];
const LB_FILES: Record<string, CsvKind> = {
  "ratings.csv": "lb_ratings",
  "reviews.csv": "lb_reviews",
  "watchlist.csv": "lb_watchlist",
  "watched.csv": "lb_watched",
};
/** Letterboxd export folders whose CSVs are not the member's current data. */
const LB_SKIPPED_DIRS = ["deleted/", "orphaned/", "likes/", "lists/"];

/** Characters a header is looked for in: no export's header line comes near. */
const HEADER_WINDOW = 64 * 1024;

/** The first record's fields, trimmed (none when it cannot be read). */
function headerOf(text: string): string[] {
  try {
    const [record] = parse(text.slice(0, HEADER_WINDOW), {
      relax_column_count: true,
      skip_empty_lines: true,
      to: 1,
    }) as string[][];
    return (record ?? []).map((h) => h.trim());
  } catch {
    return [];
  }
}

function missing(header: string[], wanted: string[]): string[] {
  return wanted.filter((w) => !header.includes(w));
}

/** Which Letterboxd file a CSV is: by its name when known, else by its columns (no rating → watchlist). */
function letterboxdKind(header: string[], name: string | null): CsvKind {
  const lacking = missing(header, LB_BASE);
  if (lacking.length > 0) {
    throw invalidFile(`File is not a Letterboxd export: missing column(s) ${lacking.map((c) => `'${c}'`).join(", ")}.`);
  }
  const base = (name ?? "").toLowerCase().split("/").pop() ?? "";
  if (base.includes("watchlist")) return "lb_watchlist";
  if (base.includes("watched")) return "lb_watched";
  if (header.includes("Review")) return "lb_reviews";
  if (header.includes("Rating")) return "lb_ratings";
  return "lb_watchlist";
}

function imdbKind(header: string[]): CsvKind {
  if (!header.includes("Const")) throw invalidFile("File is not an IMDb export: missing column 'Const'.");
  if (header.includes("Your Rating")) return "imdb_ratings";
  if (header.includes("Position")) return "imdb_watchlist";
  throw invalidFile("File is not an IMDb ratings or watchlist export: missing column 'Your Rating'.");
}

function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * Unpacked bytes a zip may hold in the files we read: the sizes its directory declares are added up before anything
 * is inflated, and an entry never inflates past the size it declared (fflate writes into a buffer of that size).
 */
const ZIP_MAX_UNPACKED = 64 * 1024 * 1024;

/**
 * The Letterboxd files of a zip, by name. fflate reads the directory at once and inflates entries past 512 KB in
 * worker threads (smaller ones right away, a few milliseconds), so the event loop is never held by a large one.
 */
async function unzipLetterboxd(body: Uint8Array): Promise<Unzipped> {
  let unpacked = 0;
  let tooLarge = false;
  const files = await new Promise<Unzipped>((resolve, reject) => {
    let stop: () => void = () => undefined;
    try {
      stop = unzip(
        body,
        {
          filter: (file) => {
            const lower = file.name.toLowerCase();
            const base = lower.split("/").pop() ?? "";
            const depth = lower.split("/").length - 1;
            const wanted = base in LB_FILES && depth <= 1 && !LB_SKIPPED_DIRS.some((d) => lower.includes(d));
            if (wanted) unpacked += file.originalSize;
            if (unpacked > ZIP_MAX_UNPACKED) tooLarge = true;
            return wanted && !tooLarge;
          },
        },
        (error, data) => (error ? reject(error) : resolve(data)),
      );
    } catch (error) {
      reject(error as Error);
    }
    // The filter saw every entry before unzip returned: nothing of a zip past the limit is inflated any further.
    if (tooLarge) {
      stop();
      resolve({});
    }
  }).catch(() => {
    throw invalidFile("File is not a readable zip archive.");
  });
  if (tooLarge) throw invalidFile("The zip unpacks to more than 64 MB.");
  return files;
}

/**
 * Checks the file against its format and keeps what the job needs. 400 INVALID_IMPORT_FILE when it is not that
 * format at all (no recognisable header, not a zip, not our export); everything finer is reported per line later.
 */
export async function prepareSource(
  format: ImportFormat,
  contentType: string,
  body: Buffer,
  name: string | null,
): Promise<ImportSource> {
  if (body.length === 0) throw invalidFile("The file is empty.");
  if (format === "moviepedia") {
    const { text, badUtf8 } = await decodeText(body);
    if (badUtf8) throw invalidFile("File is not a Moviepedia export: it is not valid UTF-8.");
    let json: unknown;
    try {
      json = await parseJsonYielding(text);
    } catch {
      throw invalidFile("File is not a Moviepedia export: it is not valid JSON.");
    }
    if (!json || typeof json !== "object" || (json as { format?: unknown }).format !== "moviepedia") {
      throw invalidFile("File is not a Moviepedia export: 'format' is not \"moviepedia\".");
    }
    return { format, files: [], json };
  }
  if (contentType === "application/zip") {
    if (!isZip(body)) throw invalidFile("File is not a zip archive.");
    const entries = await unzipLetterboxd(body);
    const files: ImportSource["files"] = [];
    // Ratings first, then texts, then the rest: a film in several files ends as the richest line left it.
    for (const [file, kind] of Object.entries(LB_FILES)) {
      const entry = Object.entries(entries).find(([n]) => n.toLowerCase().split("/").pop() === file);
      if (!entry) continue;
      const { text, badUtf8 } = await decodeText(entry[1]);
      const lacking = missing(headerOf(text), LB_BASE);
      if (lacking.length > 0) throw invalidFile(`${file} in the zip is not a Letterboxd export file.`);
      files.push({ name: file, kind, text, badUtf8 });
    }
    if (files.length === 0) {
      throw invalidFile("The zip holds none of ratings.csv, reviews.csv, watchlist.csv or watched.csv.");
    }
    return { format, files };
  }
  const { text, badUtf8 } = await decodeText(body);
  const header = headerOf(text);
  const kind = format === "imdb" ? imdbKind(header) : letterboxdKind(header, name);
  return { format, files: [{ name: null, kind, text, badUtf8 }] };
}

// --------------------------------------------------------------------------------------------------- CSV → items

const REVIEW_TEXT = storableText(TEXT_MAX);
const REPLY_TEXT = nonBlankText(TEXT_MAX);

/**
 * Why a text cannot be stored as the endpoint writing it would refuse it (contract fields: at most 10,000 code
 * points, no NUL, no lone surrogates, no bidi controls; replies not blank), or null when it can.
 */
function textProblem(value: string, reply = false): ImportReason | null {
  if ((reply ? REPLY_TEXT : REVIEW_TEXT).safeParse(value).success) return null;
  return codePointLength(value) > TEXT_MAX ? "text_too_long" : "invalid_text";
}

function yearOf(value: string | undefined): number | null {
  const year = Number.parseInt((value ?? "").trim(), 10);
  return Number.isInteger(year) && year >= 1870 && year <= 2200 ? year : null;
}

/** Letterboxd's 0.5–5 stars are ours; empty = no rating (undefined), anything else out of range = null. */
function letterboxdRating(value: string | undefined): number | null | undefined {
  const text = (value ?? "").trim();
  if (text === "") return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 && isValidRating(n) ? n : null;
}

/** IMDb's 1–10 → half stars: /2 rounded half up (7 → 3.5); out of range = null. */
export function imdbRating(value: string | undefined): number | null | undefined {
  const text = (value ?? "").trim();
  if (text === "") return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 1 || n > 10) return null;
  return Math.floor(n + 0.5) / 2;
}

/** Records turned into items between two yields to the event loop. */
const ITEMS_SLICE = 500;

async function csvItems(file: ImportSource["files"][number], zipped: boolean): Promise<ImportItem[]> {
  const csv = await parseCsv(file.text);
  const fileName = zipped ? file.name : null;
  const col = (name: string) => csv.header.indexOf(name);
  const items: ImportItem[] = [];
  const brokenItem = (line: number, error: ImportReason): ImportItem => ({
    file: fileName,
    line,
    movie: { title: "", year: null },
    error,
    reportRating: null,
  });
  // Items in line order: the broken lines (found in order) merged in among the records (in order too).
  let nextBroken = 0;
  const brokenBefore = (line: number) => {
    while (nextBroken < csv.broken.length && csv.broken[nextBroken]! < line) {
      items.push(brokenItem(csv.broken[nextBroken++]!, "broken_line"));
    }
  };
  const imdb = file.kind === "imdb_ratings" || file.kind === "imdb_watchlist";
  const titleCol = col(imdb ? "Title" : "Name");
  const originalCol = col("Original Title");
  const yearCol = col("Year");
  const constCol = col("Const");
  const ratingCol = col(imdb ? "Your Rating" : "Rating");
  const reviewCol = col("Review");
  for (const [index, record] of csv.records.entries()) {
    if (index > 0 && index % ITEMS_SLICE === 0) await nextTurn();
    brokenBefore(record.line);
    const f = record.fields;
    const title = (titleCol >= 0 ? (f[titleCol] ?? "") : "").trim();
    const imdbId = constCol >= 0 ? (f[constCol] ?? "").trim() : "";
    const movie: MovieRef = {
      title,
      original_title: originalCol >= 0 ? (f[originalCol] ?? "").trim() || null : null,
      year: yearCol >= 0 ? yearOf(f[yearCol]) : null,
      imdb_id: /^tt[0-9]{5,10}$/.test(imdbId) ? imdbId : null,
    };
    const item: ImportItem = { file: fileName, line: record.line, movie };
    const rating = ratingCol >= 0 ? (imdb ? imdbRating(f[ratingCol]) : letterboxdRating(f[ratingCol])) : undefined;
    item.reportRating = rating ?? null;
    if (file.badUtf8 && f.some((v) => v.includes("\uFFFD"))) item.error = "invalid_utf8";
    else if (f.length !== csv.header.length) item.error = "column_count";
    else if (title === "" && !movie.imdb_id) item.error = "missing_title";
    else if (rating === null) item.error = "invalid_rating";
    else {
      switch (file.kind) {
        case "lb_ratings":
        case "imdb_ratings":
          if (rating === undefined) item.error = "invalid_rating";
          else item.rating = rating;
          break;
        case "lb_reviews": {
          if (rating !== undefined) item.rating = rating;
          const text = reviewCol >= 0 ? (f[reviewCol] ?? "") : "";
          const problem = textProblem(text);
          if (problem) item.error = problem;
          else if (text.trim() !== "") {
            item.content = text;
            item.spoiler = false;
          }
          if (item.rating === undefined && item.content === undefined && !item.error) item.skip = true;
          break;
        }
        case "lb_watchlist":
        case "imdb_watchlist":
          item.status = "WatchList";
          break;
        case "lb_watched":
          item.skip = true;
          break;
      }
    }
    items.push(item);
  }
  brokenBefore(Number.POSITIVE_INFINITY);
  if (csv.unreadFrom !== null) {
    for (let line = csv.unreadFrom; line <= csv.lineCount; line++) items.push(brokenItem(line, "not_read"));
  }
  return items;
}

// ---------------------------------------------------------------------------------------------- our JSON export

function str(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}
function int(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

function movieRefOf(value: unknown): MovieRef | null {
  if (!value || typeof value !== "object") return null;
  const m = value as Record<string, unknown>;
  const title = str(m.title) ?? "";
  const ref: MovieRef = {
    title,
    original_title: str(m.original_title),
    year: int(m.year),
    tmdb_id: int(m.tmdb_id),
    imdb_id: str(m.imdb_id),
    key: str(m.key),
  };
  return title !== "" || ref.tmdb_id || ref.imdb_id || ref.key ? ref : null;
}

async function jsonItems(json: unknown): Promise<ParsedImport> {
  const root = json as Record<string, unknown>;
  const items: ImportItem[] = [];
  const reviews = Array.isArray(root.reviews) ? root.reviews : [];
  for (const [index, value] of (reviews as unknown[]).entries()) {
    if (index > 0 && index % ITEMS_SLICE === 0) await nextTurn();
    const line = index + 1;
    const r = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
    const movie = movieRefOf(r.movie);
    const rating = typeof r.rating === "number" ? r.rating : 0;
    const item: ImportItem = { file: "reviews", line, movie: movie ?? { title: "", year: null }, reportRating: null };
    if (!movie) item.error = "missing_title";
    else if (!isValidRating(rating)) item.error = "invalid_rating";
    else {
      item.reportRating = rating > 0 ? rating : null;
      if (rating > 0) item.rating = rating;
      const status = str(r.status) ?? "";
      if (status !== "" && (WATCH_STATUSES as readonly string[]).includes(status)) item.status = status;
      const content = str(r.content) ?? "";
      const problem = textProblem(content);
      if (problem) item.error = problem;
      else if (content.trim() !== "") {
        item.content = content;
        item.spoiler = r.spoiler === true;
      }
      if (item.rating === undefined && item.status === undefined && item.content === undefined && !item.error) {
        item.skip = true;
      }
    }
    items.push(item);
  }
  const collections: ImportCollection[] = [];
  const lists = Array.isArray(root.collections) ? root.collections : [];
  lists.forEach((value: unknown, index) => {
    const c = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
    const title = (str(c.title) ?? "").trim();
    if (title === "") return;
    const movies = (Array.isArray(c.movies) ? c.movies : [])
      .map((m: unknown) => movieRefOf(m && typeof m === "object" && "movie" in m ? (m as { movie: unknown }).movie : m))
      .filter((m): m is MovieRef => m !== null);
    collections.push({ line: index + 1, title, overview: str(c.overview), movies });
  });
  return { items, collections, marks: await jsonMarks(root) };
}

/** The entries of one list of our export, as objects (anything else reads as an empty object). */
function entries(value: unknown): Array<Record<string, unknown>> {
  return (Array.isArray(value) ? value : []).map((v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {},
  );
}

/** Our export's dismissals, replies, collection comments, likes, follows and blocks, in that order. */
async function jsonMarks(root: Record<string, unknown>): Promise<ImportMark[]> {
  const marks: ImportMark[] = [];
  const add = async (mark: ImportMark) => {
    marks.push(mark);
    if (marks.length % ITEMS_SLICE === 0) await nextTurn();
  };
  for (const [index, d] of entries(root.dismissals).entries()) {
    const movie = movieRefOf(d.movie);
    const mark: ImportMark = { kind: "dismissal", file: "dismissals", line: index + 1, movie: movie ?? EMPTY_MOVIE };
    await add(movie ? mark : { ...mark, error: "missing_title" });
  }
  for (const [index, p] of entries(root.replies).entries()) {
    const content = str(p.content) ?? "";
    const reviewId = int(p.review_id);
    const mark: ImportMark = {
      kind: "reply",
      file: "replies",
      line: index + 1,
      reviewId: reviewId ?? 0,
      reviewAuthor: str(p.review_author) ?? "",
      movie: movieRefOf(p.movie),
      content,
    };
    const problem = reviewId === null ? "target_not_found" : textProblem(content, true);
    await add(problem ? { ...mark, error: problem } : mark);
  }
  for (const [index, k] of entries(root.collection_comments).entries()) {
    const content = str(k.content) ?? "";
    const collectionId = int(k.collection_id);
    const mark: ImportMark = {
      kind: "comment",
      file: "collection_comments",
      line: index + 1,
      collectionId: collectionId ?? 0,
      collectionTitle: str(k.collection_title) ?? "",
      content,
    };
    const problem = collectionId === null ? "target_not_found" : textProblem(content, true);
    await add(problem ? { ...mark, error: problem } : mark);
  }
  const likes = (root.likes && typeof root.likes === "object" ? root.likes : {}) as Record<string, unknown>;
  for (const target of LIKE_TARGETS) {
    for (const [index, l] of entries(likes[target]).entries()) {
      const targetId = int(l.target_id);
      const mark: ImportMark = {
        kind: "like",
        file: `likes.${target}`,
        line: index + 1,
        target,
        targetId: targetId ?? 0,
        label: str(l.label) ?? "",
      };
      await add(targetId === null ? { ...mark, error: "target_not_found" } : mark);
    }
  }
  for (const kind of ["follow", "block"] as const) {
    for (const [index, f] of entries(root[`${kind}s`]).entries()) {
      const userId = int(f.user_id);
      const mark: ImportMark = {
        kind,
        file: `${kind}s`,
        line: index + 1,
        userId: userId ?? 0,
        username: str(f.username) ?? "",
      };
      await add(userId === null || mark.username === "" ? { ...mark, error: "member_not_found" } : mark);
    }
  }
  return marks;
}

const EMPTY_MOVIE: MovieRef = { title: "", year: null };

/** What a report says a mark was about: the film (title, year), the member's name, or what was liked. */
export function markSubject(mark: ImportMark): { title: string; year: number | null } {
  switch (mark.kind) {
    case "dismissal":
      return { title: mark.movie.title, year: mark.movie.year };
    case "reply":
      return { title: mark.movie?.title ?? "", year: mark.movie?.year ?? null };
    case "like":
      return { title: [...mark.label].slice(0, 100).join(""), year: null };
    case "comment":
      return { title: mark.collectionTitle, year: null };
    case "follow":
    case "block":
      return { title: mark.username, year: null };
  }
}

/** Every item (and, for our export, collection) of a checked source. */
export async function readSource(source: ImportSource): Promise<ParsedImport> {
  if (source.format === "moviepedia") return await jsonItems(source.json);
  const zipped = source.files.length > 1 || source.files[0]?.name !== null;
  let items: ImportItem[] = [];
  for (const file of source.files) items = items.concat(await csvItems(file, zipped));
  return { items, collections: [], marks: [] };
}
