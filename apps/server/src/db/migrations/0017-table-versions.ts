// Per-table versions on SQLite, for the read cache's `tables` staleness rule (apps/server/src/cache, docs/architecture.md
// "The read cache"): an answer that reads only some tables is kept until one of THOSE changes, instead of until any
// write at all. One row per watched table in `table_versions`; a trigger sets it to a fresh random value after every
// insert, update and delete of the table (random, not +1: a value a rolled-back transaction showed never comes back,
// so nothing kept under it can be served later). On `users` only the columns a public profile shows count — a member's
// private counters and data_version move with every like and rating — and `user_names` is the part a review or a
// comment shows of its author.
//
// PostgreSQL gets nothing here: there the rule falls back to the database version (a hot row every write updates
// would serialise writers behind its lock).
//
// Frozen in time: never import application code here.
import { type Kysely, PostgresAdapter, sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * [version name, table, the columns whose updates count (all when absent)]. `users` twice: what a public profile
 * shows, and what a review or a comment shows of its author (name and picture).
 */
const WATCHED: Array<[string, string, string[]?]> = [
  ["movies", "movies"],
  ["people", "people"],
  ["credits", "credits"],
  ["genres", "genres"],
  ["countries", "countries"],
  ["movie_genres", "movie_genres"],
  ["movie_countries", "movie_countries"],
  ["movie_watch_providers", "movie_watch_providers"],
  ["chart_entries", "chart_entries"],
  ["app_state", "app_state"],
  ["collections", "collections"],
  ["collection_movies", "collection_movies"],
  [
    "users",
    "users",
    [
      "username",
      "profile_url",
      "status_message",
      "follower_count",
      "following_count",
      "review_count",
      "collection_count",
    ],
  ],
  ["user_names", "users", ["username", "profile_url"]],
  ["follows", "follows"],
  ["blocks", "blocks"],
  ["search_documents", "search_documents"],
];

export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create table table_versions (name text primary key, version integer not null) without rowid`.execute(db);
  for (const [version, table, columns] of WATCHED) {
    await sql`insert into table_versions (name, version) values (${version}, random())`.execute(db);
    const events = ["insert", columns ? `update of ${columns.join(", ")}` : "update", "delete"];
    for (const event of events) {
      const name = `${version}_table_version_${event.split(" ")[0]}`;
      await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.table(table)} begin
        update table_versions set version = random() where name = ${sql.lit(version)};
      end`.execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const [version] of WATCHED) {
    for (const event of ["insert", "update", "delete"]) {
      await sql`drop trigger if exists ${sql.id(`${version}_table_version_${event}`)}`.execute(db);
    }
  }
  await sql`drop table if exists table_versions`.execute(db);
}
