// SQL over the searchable records: each row comes with its popularity keys and its stored texts (joined by computed
// document id), either for the records an index lookup found or as a page of a popularity scan (the *_search_rank
// indexes of migration 0003 give that order without sorting).
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../../db/types.js";
import type { DocIds } from "./candidates.js";
import { containsText, inIds, isPostgres, unmatchable } from "./dialect.js";
import { documentId, FIELDS_PER_RECORD, type SearchKind } from "../documents.js";
import { type MatchText, matchText, type SearchQuery } from "../matcher.js";

type Db = Kysely<Database>;

/** A condition for a query's WHERE (the searched record is `t`). */
export type Clause = RawBuilder<unknown>;

/** The tables whose records are searched. */
export type RecordTable = "movies" | "people" | "collections" | "users";

export interface KindSpec {
  kind: SearchKind;
  table: RecordTable;
  /** Searchable fields per record (document field 0 … fields − 1). */
  fields: number;
  /** Popularity after the tier: both descending, then id ascending (API.md §4.10). */
  popularity: readonly [string, string];
}

export const KINDS: Record<SearchKind, KindSpec> = {
  movie: { kind: "movie", table: "movies", fields: 2, popularity: ["ratings_count", "reviews_count"] },
  person: { kind: "person", table: "people", fields: 1, popularity: ["credits_count", "likes_count"] },
  collection: { kind: "collection", table: "collections", fields: 1, popularity: ["likes_count", "movie_count"] },
  user: { kind: "user", table: "users", fields: 1, popularity: ["follower_count", "review_count"] },
};

export interface RecordRow {
  id: number;
  /** Popularity keys in ascending form: [−first, −second, id]. */
  order: number[];
  texts: MatchText[];
}

/** SQL for document `field` of the record whose id is in `refColumn`. */
export function documentIdOf(kind: SearchKind, field: number, refColumn: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`${sql.lit(documentId(kind, 0, field))} + cast(${refColumn} as bigint) * ${sql.lit(FIELDS_PER_RECORD)}`;
}

/** SQL for the record id of candidate document `c.id` of `kind`. */
export function recordOfCandidate(kind: SearchKind): RawBuilder<number> {
  return sql<number>`(c.id - ${sql.lit(documentId(kind, 0, 0))}) / ${sql.lit(FIELDS_PER_RECORD)}`;
}

/** About how many records each kind has: the largest id stands in for the row count (one index probe per table). */
export async function tableSizes(db: Db): Promise<(kind: SearchKind) => number> {
  const kinds = Object.keys(KINDS) as SearchKind[];
  const { rows } = await sql<Record<SearchKind, number | null>>`select ${sql.join(
    kinds.map((kind) => sql`(select max(id) from ${sql.table(KINDS[kind].table)}) as ${sql.ref(kind)}`),
  )}`.execute(db);
  const sizes = new Map(kinds.map((kind) => [kind, Number(rows[0]?.[kind] ?? 0)]));
  return (kind) => sizes.get(kind)!;
}

export interface Filters {
  /** Users the caller blocked are left out (user search). */
  callerId?: number | null;
  /** Only movies of this genre. */
  genreId?: number;
}

export function filterClauses(filters: Filters): RawBuilder<unknown>[] {
  const clauses: RawBuilder<unknown>[] = [];
  if (filters.callerId !== undefined && filters.callerId !== null) {
    clauses.push(sql`not exists (select 1 from blocks b where b.user_id = ${filters.callerId} and b.target_id = t.id)`);
  }
  if (filters.genreId !== undefined) {
    clauses.push(
      sql`exists (select 1 from movie_genres g where g.movie_id = t.id and g.genre_id = ${filters.genreId})`,
    );
  }
  return clauses;
}

/** Records with a text containing one of `needles` (plain text, no index): a cheap test per scanned row. */
export function containingAny(
  db: Db,
  spec: KindSpec,
  column: SearchQuery["column"],
  needles: readonly string[],
): RawBuilder<unknown> {
  const usable = needles.filter((needle) => !unmatchable(db, needle));
  if (usable.length === 0) return sql`1 = 0`;
  const tests = Array.from({ length: spec.fields }, (_, f) =>
    usable.map((needle) => containsText(db, sql.ref(`d${f}.${column}`), needle)),
  ).flat();
  return sql`(${sql.join(tests, sql` or `)})`;
}

/** A record's texts among the candidate documents (only the fields an index lookup found). */
export interface CandidateTexts {
  id: number;
  texts: MatchText[];
  /** Popularity keys (ascending form), when read with the texts. */
  order?: number[];
}

/**
 * The texts of candidate documents grouped by record, or null when there are more than `max` documents: one read
 * of the documents alone (the lookup runs once, and records are only probed later for the few that match). With
 * `records`, each document is joined with its record instead, which brings the popularity keys in the same read
 * and leaves out records the filters reject: for lookups whose candidates nearly all match (tiers 0–2), where a
 * second read of the same records by id would cost about as much again.
 */
export async function candidateTexts(
  db: Db,
  docs: NonNullable<DocIds>,
  max: number,
  records?: { spec: KindSpec; filters: Filters },
): Promise<CandidateTexts[] | null> {
  let rows: { ref_id: number; norm: string; chosung: string; p1?: number; p2?: number }[];
  if (records) {
    const [p1, p2] = records.spec.popularity.map((c) => sql.ref(`t.${c}`));
    const where = [sql`d.id in (${docs})`, ...filterClauses(records.filters)];
    ({ rows } = await sql<{ ref_id: number; norm: string; chosung: string; p1: number; p2: number }>`select
        d.ref_id, d.norm, d.chosung, ${p1} as p1, ${p2} as p2
      from search_documents d join ${sql.table(records.spec.table)} t on t.id = d.ref_id
      where ${sql.join(where, sql` and `)} limit ${max + 1}`.execute(db));
  } else {
    ({ rows } = await sql<{ ref_id: number; norm: string; chosung: string }>`select d.ref_id, d.norm, d.chosung
      from search_documents d where d.id in (${docs}) limit ${max + 1}`.execute(db));
  }
  if (rows.length > max) return null;
  const byRecord = new Map<number, CandidateTexts>();
  for (const row of rows) {
    const id = Number(row.ref_id);
    let record = byRecord.get(id);
    if (!record) {
      record = { id, texts: [] };
      if (records) record.order = [-Number(row.p1), -Number(row.p2), id];
      byRecord.set(id, record);
    }
    record.texts.push(matchText(row.norm, row.chosung));
  }
  return [...byRecord.values()];
}

/** Popularity keys (ascending form) of existing records among `ids` that pass the filters. */
export async function recordOrders(
  db: Db,
  spec: KindSpec,
  ids: readonly number[],
  filters: Filters = {},
): Promise<Map<number, number[]>> {
  const orders = new Map<number, number[]>();
  if (ids.length === 0) return orders;
  const [p1, p2] = spec.popularity.map((c) => sql.ref(`t.${c}`));
  const where = [inIds(db, sql.ref("t.id"), ids), ...filterClauses(filters)];
  const { rows } = await sql<{ id: number; p1: number; p2: number }>`select t.id, ${p1} as p1, ${p2} as p2
    from ${sql.table(spec.table)} t where ${sql.join(where, sql` and `)}`.execute(db);
  for (const row of rows) orders.set(Number(row.id), [-Number(row.p1), -Number(row.p2), Number(row.id)]);
  return orders;
}

/** Membership in the records of candidate documents, tested while reading the rank index. */
export function inCandidates(db: Db, kind: SearchKind, docs: NonNullable<DocIds>): RawBuilder<unknown> {
  // SQLite: the unary plus makes it test membership while reading the rank index rather than read every
  // candidate; PostgreSQL hashes the candidates either way, unless the plus hides the join from it.
  const id = isPostgres(db) ? sql`t.id` : sql`+t.id`;
  return sql`${id} in (select ${recordOfCandidate(kind)} from (${docs}) c)`;
}

/** A page of a popularity scan: the next `limit` records after `after` (the order keys of the last one read). */
export interface Page {
  after: readonly number[] | null;
  limit: number;
}

/**
 * Records strictly after `after` in popularity order, written so that the rank index seeks to it (keyset paging:
 * a later page does not read the earlier ones again, as OFFSET would).
 */
function afterClause(spec: KindSpec, after: readonly number[]): RawBuilder<unknown> {
  const [p1, p2] = spec.popularity.map((c) => sql.ref(`t.${c}`));
  const [a1, a2, id] = [-after[0]!, -after[1]!, after[2]!];
  return sql`${p1} <= ${a1} and (${p1} < ${a1} or ${p2} < ${a2} or (${p2} = ${a2} and t.id > ${id}))`;
}

/**
 * Records passing every clause, with popularity keys and texts; with `page`, in popularity order (the rank index)
 * and windowed. `from` replaces the plain table when another index should drive the read (it must name it t).
 * `textFree`: no clause reads the texts (d0, d1, …), so a page is picked from the records alone and only its rows
 * have their texts read — not every row the scan passes over.
 */
export async function selectRecords(
  db: Db,
  spec: KindSpec,
  where: RawBuilder<unknown>[],
  page?: Page,
  from: RawBuilder<unknown> = sql`${sql.table(spec.table)} t`,
  textFree = false,
): Promise<RecordRow[]> {
  const fields = Array.from({ length: spec.fields }, (_, f) => f);
  const [p1, p2] = spec.popularity.map((c) => sql.ref(`t.${c}`));
  const clauses = page?.after ? [afterClause(spec, page.after), ...where] : where;
  const filter = clauses.length ? sql`where ${sql.join(clauses, sql` and `)}` : sql``;
  const texts = sql.join(
    fields.map(
      (f) => sql`${sql.ref(`d${f}.norm`)} as ${sql.ref(`n${f}`)}, ${sql.ref(`d${f}.chosung`)} as ${sql.ref(`c${f}`)}`,
    ),
  );
  const joinTexts = sql.join(
    fields.map(
      (f) => sql`left join search_documents ${sql.ref(`d${f}`)}
        on ${sql.ref(`d${f}.id`)} = ${documentIdOf(spec.kind, f, sql`t.id`)}`,
    ),
    sql` `,
  );
  const order = sql`order by ${p1} desc, ${p2} desc, t.id`;
  const { rows } =
    page && textFree
      ? await sql<Record<string, string | number | null>>`select t.id, t.p1, t.p2, ${texts}
          from (select t.id, ${p1} as p1, ${p2} as p2 from ${from} ${filter} ${order} limit ${page.limit}) t
          ${joinTexts} order by t.p1 desc, t.p2 desc, t.id`.execute(db)
      : await sql<Record<string, string | number | null>>`select t.id, ${p1} as p1, ${p2} as p2, ${texts}
          from ${from} ${joinTexts} ${filter} ${page ? sql`${order} limit ${page.limit}` : sql``}`.execute(db);
  return rows.map((row) => {
    const texts: MatchText[] = [];
    for (const f of fields) {
      const norm = row[`n${f}`];
      if (typeof norm === "string") texts.push(matchText(norm, String(row[`c${f}`])));
    }
    const id = Number(row.id);
    return { id, order: [-Number(row.p1), -Number(row.p2), id], texts };
  });
}
