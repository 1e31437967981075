// Rebuilds every search document from the base tables: after a bulk seed or import, and in tests that insert rows
// with factories. Reads each table in id order, a page at a time, so memory stays flat at any size.
import { inTransaction } from "../../lib/transaction.js";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";
import { isPostgres } from "./dialect.js";
import { buildDocuments, insertDocuments, type SearchDocument, type SearchKind } from "./documents.js";

const PAGE = 5000;
const INDEX_STATE_KEY = "search_index_version";
const INDEX_VERSION = "2";

interface Source {
  kind: SearchKind;
  table: "movies" | "people" | "collections" | "users";
  texts: (row: Record<string, unknown>) => (string | null)[];
  columns: string[];
}

const SOURCES: Source[] = [
  {
    kind: "movie",
    table: "movies",
    columns: ["title", "original_title"],
    texts: (r) => [r.title as string, r.original_title as string],
  },
  { kind: "person", table: "people", columns: ["name"], texts: (r) => [r.name as string] },
  { kind: "collection", table: "collections", columns: ["title"], texts: (r) => [r.title as string] },
  { kind: "user", table: "users", columns: ["username"], texts: (r) => [r.username as string] },
];

export interface RebuildProgress {
  kind: SearchKind;
  done: number;
  total: number;
}

export interface RebuildResult {
  documents: number;
  milliseconds: number;
}

async function clear(db: Kysely<Database>): Promise<void> {
  if (isPostgres(db)) {
    await sql`truncate search_documents`.execute(db);
    return;
  }
  await sql`delete from search_documents`.execute(db);
  await sql`insert into search_trigrams(search_trigrams) values ('delete-all')`.execute(db);
  await sql`insert into search_grams(search_grams) values ('delete-all')`.execute(db);
}

export async function rebuildSearchIndex(
  db: Kysely<Database>,
  onProgress?: (progress: RebuildProgress) => void,
): Promise<RebuildResult> {
  const started = performance.now();
  let documents = 0;
  await clear(db);
  for (const source of SOURCES) {
    const { rows: counted } = await sql<{ n: number }>`select count(*) as n from ${sql.table(source.table)}`.execute(
      db,
    );
    const total = Number(counted[0]?.n ?? 0);
    let done = 0;
    let after = 0;
    onProgress?.({ kind: source.kind, done, total });
    for (;;) {
      const { rows } = await sql<Record<string, unknown> & { id: number }>`select id, ${sql.join(
        source.columns.map((c) => sql.ref(c)),
      )} from ${sql.table(source.table)} where id > ${after} order by id limit ${PAGE}`.execute(db);
      if (rows.length === 0) break;
      const docs: SearchDocument[] = rows.flatMap((row) => buildDocuments(source.kind, row.id, source.texts(row)));
      if (db.isTransaction) await insertDocuments(db, docs);
      else await inTransaction(db, (trx) => insertDocuments(trx, docs));
      documents += docs.length;
      done += rows.length;
      after = rows[rows.length - 1]!.id;
      onProgress?.({ kind: source.kind, done, total });
    }
  }
  if (isPostgres(db)) {
    await sql`analyze search_documents`.execute(db);
  } else {
    // Merge the full-text segments written page by page: fewer b-trees for every later lookup.
    await sql`insert into search_trigrams(search_trigrams) values ('optimize')`.execute(db);
    await sql`insert into search_grams(search_grams) values ('optimize')`.execute(db);
  }
  await db
    .insertInto("app_state")
    .values({ key: INDEX_STATE_KEY, value: INDEX_VERSION })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: INDEX_VERSION }))
    .execute();
  return { documents, milliseconds: Math.round(performance.now() - started) };
}

/** Whether the stored index was built for this version (read-only instances check it instead of building). */
export async function searchIndexIsCurrent(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("app_state").select("value").where("key", "=", INDEX_STATE_KEY).executeTakeFirst();
  return row?.value === INDEX_VERSION;
}

/**
 * At boot: builds the index once for a database whose rows predate it (or were bulk-loaded without it). Write
 * paths keep it current afterwards; a change of INDEX_VERSION (new keys or tokens) rebuilds it on the next start.
 * On PostgreSQL one instance builds it (advisory lock, one transaction) while the others wait.
 */
export async function ensureSearchIndex(db: Kysely<Database>): Promise<RebuildResult | null> {
  if (await searchIndexIsCurrent(db)) return null;
  if (!isPostgres(db)) return rebuildSearchIndex(db);
  return inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('moviepedia:search-index'))`.execute(trx);
    return (await searchIndexIsCurrent(trx)) ? null : rebuildSearchIndex(trx);
  });
}
