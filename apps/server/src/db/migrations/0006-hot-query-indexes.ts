// Indexes for the hot reads bench:api measures, so each is a range of an index in the order it is served:
// - a member's likes, follows and blocks, oldest first: (user_id, id) — the unique (user_id, target_id) pairs only
//   find them, and a sort of every row followed;
// - a film's reviews, written (the web app's lists send has_content=true: partial indexes on content <> '', which
//   queries must say literally to use them) or all, oldest/newest and by likes: each index ends with user_id, so a
//   window's ids are picked — blocked and followed authors filtered — from the index alone, however far the offset
//   (reviews_movie of 0001 becomes reviews_movie_author, the same prefix);
// - a person's credit kinds (Person.roles): (person_id, kind) answers them from the index alone.
// The catalog version (0005) also moves when a film's own displayed fields change (not its counters), so caches
// built from films' titles, years and images can key on it too.
// Frozen in time: never import application code here.
import { type Kysely, PostgresAdapter, sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const MEMBER_LISTS = [
  "review_likes",
  "reply_likes",
  "collection_likes",
  "collection_comment_likes",
  "person_likes",
  "follows",
  "blocks",
];

/** Columns of a film that something other than its counters shows. */
const MOVIE_FIELDS = "title, original_title, year, running_time, grade, synopsis, poster_url, backdrop_url";

export async function up(db: AnyDb): Promise<void> {
  for (const table of MEMBER_LISTS) {
    await db.schema.createIndex(`${table}_user_order`).on(table).columns(["user_id", "id"]).execute();
  }
  // The partial indexes come after the full ones: SQLite then prefers them when its estimates tie (no statistics).
  await db.schema.createIndex("reviews_movie_author").on("reviews").columns(["movie_id", "id", "user_id"]).execute();
  await db.schema.dropIndex("reviews_movie").execute();
  await db.schema
    .createIndex("reviews_movie_likes")
    .on("reviews")
    .columns(["movie_id", "likes_count desc", "id", "user_id"])
    .execute();
  await sql`create index reviews_movie_written on reviews (movie_id, id, user_id) where content <> ''`.execute(db);
  await sql`create index reviews_movie_written_likes on reviews (movie_id, likes_count desc, id, user_id)
    where content <> ''`.execute(db);
  await db.schema.createIndex("credits_person_kind").on("credits").columns(["person_id", "kind"]).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create trigger movies_catalog_version after insert or delete or update of ${sql.raw(MOVIE_FIELDS)}
      on movies for each statement execute function bump_catalog_version()`.execute(db);
    return;
  }
  for (const event of ["insert", "delete", `update of ${MOVIE_FIELDS}`]) {
    const name = `movies_catalog_version_${event.split(" ")[0]}`;
    await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on movies begin
      update app_state set value = lower(hex(randomblob(8))) where key = 'catalog_version';
    end`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists movies_catalog_version on movies`.execute(db);
  } else {
    for (const name of ["insert", "delete", "update"]) {
      await sql`drop trigger if exists ${sql.id(`movies_catalog_version_${name}`)}`.execute(db);
    }
  }
  await db.schema.createIndex("reviews_movie").ifNotExists().on("reviews").columns(["movie_id", "id"]).execute();
  for (const name of [
    "credits_person_kind",
    "reviews_movie_author",
    "reviews_movie_likes",
    "reviews_movie_written_likes",
    "reviews_movie_written",
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  for (const table of MEMBER_LISTS) await db.schema.dropIndex(`${table}_user_order`).ifExists().execute();
}
