// SQL of imports: the `imports` table (migration 0011), the catalogue lookups matching uses, and what the marks of
// our own export (likes, replies) point at.
import type { ImportUnmatched } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database, ImportsTable } from "../../db/types.js";
import { visibleReview } from "../reviews/index.js";

type Db = Kysely<Database>;

export type ImportRow = ImportsTable & { id: number };

export async function insertImport(
  db: Db,
  values: { userId: number; format: string; overwrite: boolean; now: string },
): Promise<number> {
  const row = await db
    .insertInto("imports")
    .values({
      user_id: values.userId,
      format: values.format,
      status: "queued",
      overwrite: values.overwrite ? 1 : 0,
      total: 0,
      processed: 0,
      matched: 0,
      created: 0,
      updated: 0,
      skipped: 0,
      unmatched_total: 0,
      unmatched: "[]",
      error: null,
      created_at: values.now,
      heartbeat_at: values.now,
      finished_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findImport(db: Db, id: number): Promise<ImportRow | undefined> {
  return db.selectFrom("imports").selectAll().where("id", "=", id).executeTakeFirst() as Promise<ImportRow | undefined>;
}

/** Imports of this member still queued or running whose heartbeat is older than `before` fail: their process died. */
export async function failStaleImports(db: Db, userId: number, before: string, now: string): Promise<void> {
  await db
    .updateTable("imports")
    .set({ status: "failed", error: "interrupted", finished_at: now })
    .where("user_id", "=", userId)
    .where("status", "in", ["queued", "running"])
    .where("heartbeat_at", "<", before)
    .execute();
}

export interface ImportProgress {
  status?: ImportsTable["status"];
  total?: number;
  processed: number;
  matched: number;
  created: number;
  updated: number;
  skipped: number;
  unmatchedCount: number;
  /** The list of unmatched lines; left as saved when absent. */
  unmatched?: ImportUnmatched[];
  error?: string | null;
  finishedAt?: string | null;
}

export async function saveProgress(db: Db, id: number, p: ImportProgress, now: string): Promise<void> {
  await db
    .updateTable("imports")
    .set({
      ...(p.status ? { status: p.status } : {}),
      ...(p.total !== undefined ? { total: p.total } : {}),
      processed: p.processed,
      matched: p.matched,
      created: p.created,
      updated: p.updated,
      skipped: p.skipped,
      unmatched_total: p.unmatchedCount,
      ...(p.unmatched !== undefined ? { unmatched: JSON.stringify(p.unmatched) } : {}),
      ...(p.error !== undefined ? { error: p.error } : {}),
      ...(p.finishedAt !== undefined ? { finished_at: p.finishedAt } : {}),
      heartbeat_at: now,
    })
    .where("id", "=", id)
    .execute();
}

// ------------------------------------------------------------------------------------------------------- matching

export interface CatalogMovie {
  id: number;
  key: string;
  title: string;
  original_title: string;
  english_title: string | null;
  year: number;
  tmdb_id: number | null;
  imdb_id: string | null;
  ratings_count: number;
}

const movieColumns = [
  "id",
  "key",
  "title",
  "original_title",
  "english_title",
  "year",
  "tmdb_id",
  "imdb_id",
  "ratings_count",
] as const;

function chunks<T>(values: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

export async function moviesBy(
  db: Db,
  column: "id" | "key" | "tmdb_id" | "imdb_id",
  values: ReadonlyArray<string | number>,
): Promise<CatalogMovie[]> {
  const out: CatalogMovie[] = [];
  for (const part of chunks([...new Set(values)])) {
    if (part.length === 0) continue;
    out.push(
      ...((await db
        .selectFrom("movies")
        .select(movieColumns)
        .where(column, "in", part as never[])
        .execute()) as CatalogMovie[]),
    );
  }
  return out;
}

/** Films whose title, original or English title is exactly one of these (films not in the search index included). */
export async function moviesByExactTitles(db: Db, titles: readonly string[]): Promise<CatalogMovie[]> {
  const out: CatalogMovie[] = [];
  for (const part of chunks([...new Set(titles.filter((t) => t !== "" && !t.includes("\u0000")))], 300)) {
    if (part.length === 0) continue;
    out.push(
      ...((await db
        .selectFrom("movies")
        .select(movieColumns)
        .where((eb) =>
          eb.or([eb("title", "in", part), eb("original_title", "in", part), eb("english_title", "in", part)]),
        )
        .execute()) as CatalogMovie[]),
    );
  }
  return out;
}

// ------------------------------------------------------------------------------------------------ collections

export async function ownCollectionsByTitle(db: Db, userId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("collections")
    .select(["id", "title"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  const out = new Map<string, number>();
  for (const row of rows) if (!out.has(row.title)) out.set(row.title, row.id);
  return out;
}

export async function collectionMovieIds(db: Db, collectionId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom("collection_movies")
    .select("movie_id")
    .where("collection_id", "=", collectionId)
    .execute();
  return new Set(rows.map((r) => r.movie_id));
}

// ---------------------------------------------------------------------------------------------- marks (our JSON)

export type LikeTargetKind = "review" | "reply" | "collection" | "collection_comment" | "person";

/** Each likeable kind but reviews (whose label is their film's title): its table and the column its label is. */
const LABELLED = {
  reply: { table: "replies", column: "content" },
  collection: { table: "collections", column: "title" },
  collection_comment: { table: "collection_comments", column: "content" },
  person: { table: "people", column: "name" },
} as const satisfies Record<Exclude<LikeTargetKind, "review">, { table: keyof Database; column: string }>;

/**
 * Whether the liked thing of an export is here: the row with that id whose label (the film's title, the reply's or
 * comment's text, the collection's title, the person's name) is the export's — an id alone could name anything on
 * another site — and, for a review, visible. Locked on PostgreSQL, as a like toggle locks its target.
 */
export async function likeTargetHere(
  db: Db,
  kind: LikeTargetKind,
  id: number,
  label: string,
  lock: boolean,
): Promise<boolean> {
  if (kind === "review") {
    const review = await db
      .selectFrom("reviews as r")
      .innerJoin("movies as m", "m.id", "r.movie_id")
      .select("r.id")
      .where("r.id", "=", id)
      .where("m.title", "=", label)
      .where(visibleReview("r"))
      .$if(lock, (qb) => qb.forUpdate("r"))
      .executeTakeFirst();
    return review !== undefined;
  }
  const { table, column } = LABELLED[kind];
  const found = await db
    .selectFrom(table)
    .select("id")
    .where("id", "=", id)
    .where(column, "=", label)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  return found !== undefined;
}

/** Whether the review an exported reply answered is here: that id, by the member of that name, on that film. */
export async function repliedReviewHere(
  db: Db,
  reviewId: number,
  author: string,
  movieKey: string | null,
): Promise<boolean> {
  const row = await db
    .selectFrom("reviews as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .innerJoin("movies as m", "m.id", "r.movie_id")
    .select("r.id")
    .where("r.id", "=", reviewId)
    .where("u.username", "=", author)
    .$if(movieKey !== null, (qb) => qb.where("m.key", "=", movieKey!))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the collection an exported comment was on is here: that id under that title. */
export async function collectionTitled(db: Db, collectionId: number, title: string): Promise<boolean> {
  const row = await db
    .selectFrom("collections")
    .select("id")
    .where("id", "=", collectionId)
    .where("title", "=", title)
    .executeTakeFirst();
  return row !== undefined;
}
