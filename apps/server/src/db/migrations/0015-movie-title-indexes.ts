// A film by its exact title, original title or English title: imports match each line's title against all three
// (docs/imports.md, "Matching") — the search index holds the first two only, normalised, and Letterboxd names films by
// their English title — once per batch of 25 lines. Without these indexes each batch read the whole catalogue (14 ms a
// batch on PostgreSQL at 50,000 films, and on SQLite as long with the event loop held).
// Frozen in time: never import application code here.
import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const COLUMNS = ["title", "original_title", "english_title"];

export async function up(db: AnyDb): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.createIndex(`movies_${column}_exact`).on("movies").column(column).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of COLUMNS) await db.schema.dropIndex(`movies_${column}_exact`).execute();
}
