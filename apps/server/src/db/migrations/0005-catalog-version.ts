// A catalog version in app_state that changes (to a fresh random token) whenever what a Movie shows besides its
// own row changes: credits, genre and country links, genre/country names, people's names and images. Servers cache
// those parts per movie and drop the cache when the token they read with the movie rows differs, so imports from
// another process (or any direct SQL) are seen at once. Frozen in time: never import application code here.
import { type Kysely, PostgresAdapter, sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const KEY = "catalog_version";
/** [table, events]: every change of links; only renames (and image changes) of the named rows. */
const WATCHED: Array<[string, string[]]> = [
  ["credits", ["insert", "update", "delete"]],
  ["movie_genres", ["insert", "update", "delete"]],
  ["movie_countries", ["insert", "update", "delete"]],
  ["genres", ["update of name", "delete"]],
  ["countries", ["update of name", "delete"]],
  ["people", ["update of name, profile_url", "delete"]],
];

export async function up(db: AnyDb): Promise<void> {
  await db.insertInto("app_state").values({ key: KEY, value: "initial" }).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function bump_catalog_version() returns trigger language plpgsql as $$
      begin
        update app_state set value = md5(random()::text || clock_timestamp()::text) where key = 'catalog_version';
        return null;
      end $$`.execute(db);
    for (const [table, events] of WATCHED) {
      await sql`create trigger ${sql.id(`${table}_catalog_version`)} after ${sql.raw(events.join(" or "))}
        on ${sql.table(table)} for each statement execute function bump_catalog_version()`.execute(db);
    }
    return;
  }
  for (const [table, events] of WATCHED) {
    for (const event of events) {
      const name = `${table}_catalog_version_${event.split(" ")[0]}`;
      await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.table(table)} begin
        update app_state set value = lower(hex(randomblob(8))) where key = 'catalog_version';
      end`.execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table, events] of WATCHED) {
    const names = postgres
      ? [`${table}_catalog_version`]
      : events.map((e) => `${table}_catalog_version_${e.split(" ")[0]}`);
    for (const name of names) {
      await sql`drop trigger if exists ${sql.id(name)}${postgres ? sql` on ${sql.table(table)}` : sql``}`.execute(db);
    }
  }
  if (postgres) await sql`drop function if exists bump_catalog_version()`.execute(db);
  await db.deleteFrom("app_state").where("key", "=", KEY).execute();
}
