// Writes of the search documents and their full-text indexes (search_trigrams and search_grams on SQLite; one
// table with a token array on PostgreSQL).
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/types.js";
import type { SearchDocument } from "../documents.js";
import { isPostgres } from "./dialect.js";

type Db = Kysely<Database>;

/** 6 parameters per row at most: 4000 rows stay under SQLite's 32766 bound parameters. */
const ROWS_PER_STATEMENT = 4000;

/** Inserts documents and their index entries (the caller has removed older versions). */
export async function insertDocuments(db: Db, docs: readonly SearchDocument[]): Promise<void> {
  const postgres = isPostgres(db);
  for (let start = 0; start < docs.length; start += ROWS_PER_STATEMENT) {
    const chunk = docs.slice(start, start + ROWS_PER_STATEMENT);
    if (postgres) {
      const column = <T>(pick: (d: SearchDocument) => T): T[] => chunk.map(pick);
      await sql`insert into search_documents (id, kind, ref_id, field, norm, chosung, grams)
        select id, kind, ref_id, field, norm, chosung, string_to_array(tokens, ' ')
        from unnest(${column((d) => d.id)}::bigint[], ${column((d) => d.kind)}::smallint[],
          ${column((d) => d.ref_id)}::integer[], ${column((d) => d.field)}::smallint[], ${column((d) => d.norm)}::text[],
          ${column((d) => d.chosung)}::text[], ${column((d) => d.tokens)}::text[])
          as v(id, kind, ref_id, field, norm, chosung, tokens)`.execute(db);
      continue;
    }
    const values = (pick: (d: SearchDocument) => unknown[]) => sql.join(chunk.map((d) => sql`(${sql.join(pick(d))})`));
    await sql`insert into search_documents (id, kind, ref_id, field, norm, chosung)
      values ${values((d) => [d.id, d.kind, d.ref_id, d.field, d.norm, d.chosung])}`.execute(db);
    await sql`insert into search_trigrams (rowid, norm, chosung)
      values ${values((d) => [d.id, d.norm, d.chosung])}`.execute(db);
    await sql`insert into search_grams (rowid, grams) values ${values((d) => [d.id, d.tokens])}`.execute(db);
  }
}

/** Removes the documents with these ids and their index entries. */
export async function deleteDocuments(db: Db, ids: readonly number[]): Promise<void> {
  await sql`delete from search_documents where id in (${sql.join(ids)})`.execute(db);
  if (isPostgres(db)) return;
  await sql`delete from search_trigrams where rowid in (${sql.join(ids)})`.execute(db);
  await sql`delete from search_grams where rowid in (${sql.join(ids)})`.execute(db);
}

/** Removes every document and index entry. */
export async function clearDocuments(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await sql`truncate search_documents`.execute(db);
    return;
  }
  await sql`delete from search_documents`.execute(db);
  await sql`insert into search_trigrams(search_trigrams) values ('delete-all')`.execute(db);
  await sql`insert into search_grams(search_grams) values ('delete-all')`.execute(db);
}

/** After a bulk write: fresh planner statistics on PostgreSQL; on SQLite, the full-text segments merged. */
export async function compactDocuments(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await sql`analyze search_documents`.execute(db);
  } else {
    // Merge the full-text segments written page by page: fewer b-trees for every later lookup.
    await sql`insert into search_trigrams(search_trigrams) values ('optimize')`.execute(db);
    await sql`insert into search_grams(search_grams) values ('optimize')`.execute(db);
  }
}
