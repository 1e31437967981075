// The HOT ranking (watcha10) reads the last days of review likes by time; this index keeps that a range scan.
// Frozen in time: never import application code here.
import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex("review_likes_created").on("review_likes").column("created_at").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("review_likes_created").execute();
}
