// Contract revision 2 (API.md §4.5): an emptied review keeps its row and id but is hidden — rating 0, status ""
// and content "" — from every list and count. A film's windows over all its reviews (the web app's lists send
// has_content=true, which the written-review indexes of 0006 already serve: text makes a review visible) pick their
// ids from partial indexes on visible rows, ending with user_id as in 0006, so hidden rows are skipped inside the
// index however far the offset. Queries must carry the predicate literally, exactly as written here.
// reviews_movie_likes (0006) served only those windows: its visible twin replaces it. reviews_movie_author stays,
// the index of every other lookup of a film's rows. SQLite may also use a visible index for written reviews (text
// implies visible) and, without statistics, prefers the newest of equally rated indexes: the written ones are
// created again after the visible ones, so each window keeps its own index.
// No data changes: the previous version deleted emptied reviews, so no stored row is empty.
// Frozen in time: never import application code here.
import { type Kysely, sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create index reviews_movie_visible on reviews (movie_id, id, user_id)
    where (rating > 0 or status <> '' or content <> '')`.execute(db);
  await sql`create index reviews_movie_visible_likes on reviews (movie_id, likes_count desc, id, user_id)
    where (rating > 0 or status <> '' or content <> '')`.execute(db);
  await db.schema.dropIndex("reviews_movie_likes").execute();
  await recreateWrittenIndexes(db);
}

async function recreateWrittenIndexes(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("reviews_movie_written").execute();
  await db.schema.dropIndex("reviews_movie_written_likes").execute();
  await sql`create index reviews_movie_written on reviews (movie_id, id, user_id) where content <> ''`.execute(db);
  await sql`create index reviews_movie_written_likes on reviews (movie_id, likes_count desc, id, user_id)
    where content <> ''`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("reviews_movie_likes")
    .ifNotExists()
    .on("reviews")
    .columns(["movie_id", "likes_count desc", "id", "user_id"])
    .execute();
  await db.schema.dropIndex("reviews_movie_visible_likes").ifExists().execute();
  await db.schema.dropIndex("reviews_movie_visible").ifExists().execute();
}
