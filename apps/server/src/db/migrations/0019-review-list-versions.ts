// A version per film and per member of the reviews listed under them (the read cache's review windows, modules/reviews):
// a trigger sets ('movie', film) and ('user', author) to a fresh random value after every insert, update and delete of
// a review row — a new, edited, emptied or deleted review, a like or a reply (they move the row's counters) — and
// after a film or a member is deleted, so a kept window of one film stays kept while other films' reviews change.
// Random, not +1: a value a rolled-back transaction showed never comes back. On both databases: a like takes the lock
// of its film's row here, as it does the review's.
// Frozen in time: never import application code here.
import { type Kysely, PostgresAdapter, sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create table review_list_versions (
    scope text not null,
    scope_id integer not null,
    version text not null,
    primary key (scope, scope_id)
  )`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function bump_review_list_version(kind text, id integer) returns void language sql as $$
      insert into review_list_versions (scope, scope_id, version) values (kind, id, md5(random()::text))
      on conflict (scope, scope_id) do update set version = excluded.version
    $$`.execute(db);
    await sql`create function reviews_list_versions() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          perform bump_review_list_version('movie', old.movie_id);
          perform bump_review_list_version('user', old.user_id);
        end if;
        if tg_op <> 'DELETE' then
          perform bump_review_list_version('movie', new.movie_id);
          perform bump_review_list_version('user', new.user_id);
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger reviews_list_versions after insert or update or delete on reviews
      for each row execute function reviews_list_versions()`.execute(db);
    for (const [table, scope] of [
      ["movies", "movie"],
      ["users", "user"],
    ] as const) {
      await sql`create function ${sql.id(`${table}_list_versions`)}() returns trigger language plpgsql as $$
        begin
          perform bump_review_list_version(${sql.lit(scope)}, old.id);
          return null;
        end $$`.execute(db);
      await sql`create trigger ${sql.id(`${table}_list_versions`)} after delete on ${sql.table(table)}
        for each row execute function ${sql.id(`${table}_list_versions`)}()`.execute(db);
    }
    return;
  }
  const bump = (scope: string, id: string) =>
    sql.raw(`insert into review_list_versions (scope, scope_id, version) values ('${scope}', ${id}, hex(randomblob(8)))
      on conflict (scope, scope_id) do update set version = excluded.version;`);
  await sql`create trigger reviews_list_versions_insert after insert on reviews begin
    ${bump("movie", "new.movie_id")} ${bump("user", "new.user_id")}
  end`.execute(db);
  await sql`create trigger reviews_list_versions_update after update on reviews begin
    ${bump("movie", "old.movie_id")} ${bump("user", "old.user_id")}
    ${bump("movie", "new.movie_id")} ${bump("user", "new.user_id")}
  end`.execute(db);
  await sql`create trigger reviews_list_versions_delete after delete on reviews begin
    ${bump("movie", "old.movie_id")} ${bump("user", "old.user_id")}
  end`.execute(db);
  await sql`create trigger movies_list_versions_delete after delete on movies begin
    ${bump("movie", "old.id")}
  end`.execute(db);
  await sql`create trigger users_list_versions_delete after delete on users begin
    ${bump("user", "old.id")}
  end`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists reviews_list_versions on reviews`.execute(db);
    await sql`drop trigger if exists movies_list_versions on movies`.execute(db);
    await sql`drop trigger if exists users_list_versions on users`.execute(db);
    await sql`drop function if exists reviews_list_versions()`.execute(db);
    await sql`drop function if exists movies_list_versions()`.execute(db);
    await sql`drop function if exists users_list_versions()`.execute(db);
    await sql`drop function if exists bump_review_list_version(text, integer)`.execute(db);
  } else {
    for (const name of [
      "reviews_list_versions_insert",
      "reviews_list_versions_update",
      "reviews_list_versions_delete",
      "movies_list_versions_delete",
      "users_list_versions_delete",
    ]) {
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    }
  }
  await sql`drop table if exists review_list_versions`.execute(db);
}
