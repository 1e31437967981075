// A version of what search ranks films by (API.md §4.10: tier, then ratings_count, then reviews_count), beside the
// table versions of migration 0017: `table_versions` row 'movie_ranks' moves when a film is added or removed, or
// when its ratings_count or reviews_count changes — not when only its rating sum does. A member who changes a star
// moves the film's average (every card showing it is stale: the `movies` version) but not its place in a search, so
// search rankings kept under 'movie_ranks' stay kept. Random values, as in 0017.
//
// PostgreSQL gets nothing here, as in 0017 (the read cache's `tables` rule falls back to the database version).
//
// Frozen in time: never import application code here.
import { type Kysely, PostgresAdapter, sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const bump = sql`begin update table_versions set version = random() where name = 'movie_ranks'; end`;

export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`insert into table_versions (name, version) values ('movie_ranks', random())`.execute(db);
  await sql`create trigger movie_ranks_table_version_insert after insert on movies ${bump}`.execute(db);
  await sql`create trigger movie_ranks_table_version_delete after delete on movies ${bump}`.execute(db);
  await sql`create trigger movie_ranks_table_version_update after update of ratings_count, reviews_count on movies
    when old.ratings_count is not new.ratings_count or old.reviews_count is not new.reviews_count ${bump}`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const event of ["insert", "update", "delete"]) {
    await sql`drop trigger if exists ${sql.id(`movie_ranks_table_version_${event}`)}`.execute(db);
  }
  await sql`delete from table_versions where name = 'movie_ranks'`.execute(db);
}
