// Real films (issue #17): TMDB, IMDb and KOBIS identities of films and people, TMDB image paths, the KR watch
// providers of each film, an "edited by an operator import" marker that catalog:sync respects without --force, and
// the sync's resumable state (runs and their items). Image URLs stored in poster_url/backdrop_url/profile_url still
// win over TMDB paths. The catalog version (0005/0006) also moves when these displayed fields or providers change.
// Frozen in time: never import application code here.
import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

/** [trigger suffix, table, event]: what a Movie shows that 0005/0006 do not watch yet. */
const WATCHED: Array<[string, string, string]> = [
  ["movies_tmdb_catalog_version", "movies", "update of tmdb_id, imdb_id, kobis_code, poster_path, backdrop_path"],
  ["people_tmdb_catalog_version", "people", "update of profile_path"],
  ["movie_watch_providers_catalog_version_insert", "movie_watch_providers", "insert"],
  ["movie_watch_providers_catalog_version_update", "movie_watch_providers", "update"],
  ["movie_watch_providers_catalog_version_delete", "movie_watch_providers", "delete"],
];

export async function up(db: AnyDb): Promise<void> {
  for (const [column, type] of [
    ["tmdb_id", "integer"],
    ["imdb_id", "text"],
    ["kobis_code", "text"],
    ["poster_path", "text"],
    ["backdrop_path", "text"],
    ["operator_edited_at", "text"],
  ] as const) {
    await db.schema.alterTable("movies").addColumn(column, type).execute();
  }
  for (const [column, type] of [
    ["tmdb_id", "integer"],
    ["profile_path", "text"],
    ["operator_edited_at", "text"],
  ] as const) {
    await db.schema.alterTable("people").addColumn(column, type).execute();
  }
  // Unique but nullable: both databases allow any number of NULLs in a unique index.
  for (const column of ["tmdb_id", "imdb_id", "kobis_code"]) {
    await db.schema.createIndex(`movies_${column}`).unique().on("movies").column(column).execute();
  }
  await db.schema.createIndex("people_tmdb_id").unique().on("people").column("tmdb_id").execute();

  await db.schema
    .createTable("movie_watch_providers")
    .addColumn("movie_id", "integer", (c) => c.notNull().references("movies.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("provider_id", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("logo_path", "text")
    .addColumn("display_order", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("movie_watch_providers_pk", ["movie_id", "type", "provider_id"])
    .execute();

  // One row per sync run (catalog:sync, the background jobs); its items are the TMDB ids still to do, so a run
  // cut short by a crash or Ctrl-C is resumed where it stopped.
  await withId(db, db.schema.createTable("catalog_sync_runs"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("args", "text", (c) => c.notNull())
    .addColumn("force", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("changes_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema
    .createTable("catalog_sync_items")
    .addColumn("run_id", "integer", (c) => c.notNull().references("catalog_sync_runs.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("tmdb_id", "integer", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addPrimaryKeyConstraint("catalog_sync_items_pk", ["run_id", "position"])
    .execute();
  await db.schema
    .createIndex("catalog_sync_items_state")
    .on("catalog_sync_items")
    .columns(["run_id", "state"])
    .execute();

  if (isPostgres(db)) {
    for (const [name, table, event] of WATCHED) {
      await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.table(table)}
        for each statement execute function bump_catalog_version()`.execute(db);
    }
    return;
  }
  for (const [name, table, event] of WATCHED) {
    await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.table(table)} begin
      update app_state set value = lower(hex(randomblob(8))) where key = 'catalog_version';
    end`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  for (const [name, table] of WATCHED) {
    await sql`drop trigger if exists ${sql.id(name)}${postgres ? sql` on ${sql.table(table)}` : sql``}`.execute(db);
  }
  await db.schema.dropTable("catalog_sync_items").ifExists().execute();
  await db.schema.dropTable("catalog_sync_runs").ifExists().execute();
  await db.schema.dropTable("movie_watch_providers").ifExists().execute();
  for (const column of ["tmdb_id", "imdb_id", "kobis_code"]) {
    await db.schema.dropIndex(`movies_${column}`).ifExists().execute();
  }
  await db.schema.dropIndex("people_tmdb_id").ifExists().execute();
  for (const column of ["tmdb_id", "imdb_id", "kobis_code", "poster_path", "backdrop_path", "operator_edited_at"]) {
    await db.schema.alterTable("movies").dropColumn(column).execute();
  }
  for (const column of ["tmdb_id", "profile_path", "operator_edited_at"]) {
    await db.schema.alterTable("people").dropColumn(column).execute();
  }
}
