// Rebuilds every search document from the base tables: after a bulk seed or import, and in tests that insert rows
// with factories. Reads each table in id order, a page at a time, so memory stays flat at any size.
import { inTransaction } from "../../lib/transaction.js";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { buildDocuments, type SearchDocument, type SearchKind } from "./documents.js";
import {
  clearDocuments,
  compactDocuments,
  countRows,
  insertDocuments,
  isPostgres,
  lockIndexBuild,
  readIndexVersion,
  type RecordTable,
  rowsAfter,
  writeIndexVersion,
} from "./repository/index.js";

const PAGE = 5000;
const INDEX_VERSION = "2";

interface Source {
  kind: SearchKind;
  table: RecordTable;
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

export async function rebuildSearchIndex(
  db: Kysely<Database>,
  onProgress?: (progress: RebuildProgress) => void,
): Promise<RebuildResult> {
  const started = performance.now();
  let documents = 0;
  await clearDocuments(db);
  for (const source of SOURCES) {
    const total = await countRows(db, source.table);
    let done = 0;
    let after = 0;
    onProgress?.({ kind: source.kind, done, total });
    for (;;) {
      const rows = await rowsAfter(db, source.table, source.columns, after, PAGE);
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
  await compactDocuments(db);
  await writeIndexVersion(db, INDEX_VERSION);
  return { documents, milliseconds: Math.round(performance.now() - started) };
}

/** Whether the stored index was built for this version (read-only instances check it instead of building). */
export async function searchIndexIsCurrent(db: Kysely<Database>): Promise<boolean> {
  return (await readIndexVersion(db)) === INDEX_VERSION;
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
    await lockIndexBuild(trx);
    return (await searchIndexIsCurrent(trx)) ? null : rebuildSearchIndex(trx);
  });
}
