// Search helper tables (API.md §4.10, DESIGN "Search engine"): one document per searchable text with its normalised
// and 초성 forms, candidate indexes for every query length, and popularity indexes for the ranked scans.
// Frozen in time: never import application code here.
import { type Kysely, PostgresAdapter, sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const POPULARITY_INDEXES = [
  ["movies_search_rank", "movies", "ratings_count desc, reviews_count desc, id"],
  ["people_search_rank", "people", "credits_count desc, likes_count desc, id"],
  ["users_search_rank", "users", "follower_count desc, review_count desc, id"],
  ["collections_search_rank", "collections", "likes_count desc, movie_count desc, id"],
] as const;

async function upPostgres(db: AnyDb): Promise<void> {
  // Parallel migrations (one schema per test file) must not race on the database-wide extension.
  await sql`select pg_advisory_xact_lock(hashtext('moviepedia:pg_trgm'))`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const opclass = sql.raw(`"${rows[0]!.schema.replaceAll('"', '""')}".gin_trgm_ops`);
  // Collation "C" orders by code point, so a prefix is one index range whatever the server's locale.
  await sql`create table search_documents (
    id bigint primary key,
    kind smallint not null,
    ref_id integer not null,
    field smallint not null,
    norm text collate "C" not null,
    chosung text collate "C" not null,
    grams text[] not null
  )`.execute(db);
  await sql`create index search_documents_norm_trgm on search_documents using gin (norm ${opclass})`.execute(db);
  await sql`create index search_documents_chosung_trgm on search_documents using gin (chosung ${opclass})`.execute(db);
  await sql`create index search_documents_grams on search_documents using gin (grams)`.execute(db);
}

async function upSqlite(db: AnyDb): Promise<void> {
  await sql`create table search_documents (
    id integer primary key,
    kind integer not null,
    ref_id integer not null,
    field integer not null,
    norm text not null,
    chosung text not null
  )`.execute(db);
  // Contentless: the texts live in search_documents; these hold only the index (rowid = document id).
  await sql`create virtual table search_trigrams using fts5(norm, chosung, content='', contentless_delete=1,
    tokenize='trigram')`.execute(db);
  await sql`create virtual table search_grams using fts5(grams, content='', contentless_delete=1, detail=none,
    tokenize='ascii')`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
  await sql`create index search_documents_exact on search_documents (kind, norm)`.execute(db);
  await sql`create index search_documents_exact_chosung on search_documents (kind, chosung)`.execute(db);
  for (const [name, table, columns] of POPULARITY_INDEXES) {
    await sql`create index ${sql.id(name)} on ${sql.table(table)} (${sql.raw(columns)})`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of POPULARITY_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await sql`drop table if exists search_grams`.execute(db);
  await sql`drop table if exists search_trigrams`.execute(db);
  await sql`drop table if exists search_documents`.execute(db);
}
