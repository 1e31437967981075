// The feed (modules/feed) reads what followed members did between two times: films added to their collections and
// their new collections. Without these indexes each source read every row of every followed member's collections and
// kept the recent ones: 1.6 ms and 0.5 ms of the ~4.5 ms of SQL of a feed for a member following 200 active members
// (the feed was a third of the SQL of bench:api's write-heavy mix). With them each reads only its time range.
// Frozen in time: never import application code here.
import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("collection_movies_added")
    .on("collection_movies")
    .columns(["collection_id", "added_at"])
    .execute();
  await db.schema
    .createIndex("collections_user_created")
    .on("collections")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("collections_user_created").execute();
  await db.schema.dropIndex("collection_movies_added").execute();
}
