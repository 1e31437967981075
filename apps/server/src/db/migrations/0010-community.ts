// Community (issue #21): notifications with their actors, single-use stream tickets, the time a film was added to a
// collection (the feed's "collection additions"), and the index the feed reads a followed member's reviews by.
// Each notification points at what it is about through nullable foreign keys that cascade, so a deleted review,
// reply, collection or collection comment takes its notifications with it on both databases without any write path
// having to remember. `seq` orders notifications by their latest change (a PostgreSQL sequence; on SQLite, whose
// writers are serialised, max + 1). Frozen in time: never import application code here.
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

const TARGETS: Array<[string, string]> = [
  ["review_id", "reviews"],
  ["reply_id", "replies"],
  ["collection_id", "collections"],
  ["collection_comment_id", "collection_comments"],
];

export async function up(db: AnyDb): Promise<void> {
  let table = withId(db, db.schema.createTable("notifications"))
    .addColumn("recipient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    // What groups likes: the liked row's id (follow: the follower's id).
    .addColumn("target_id", "integer", (c) => c.notNull());
  for (const [column, target] of TARGETS) {
    table = table.addColumn(column, "integer", (c) => c.references(`${target}.id`).onDelete("cascade"));
  }
  await table
    .addColumn("actor_count", "integer", (c) => c.notNull())
    .addColumn("read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("seq", "bigint", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("notifications_recipient_seq")
    .on("notifications")
    .columns(["recipient_id", "seq"])
    .execute();
  await sql`create index notifications_unread on notifications (recipient_id) where read = 0`.execute(db);
  await db.schema
    .createIndex("notifications_target")
    .on("notifications")
    .columns(["type", "target_id", "created_at"])
    .execute();
  await db.schema.createIndex("notifications_seq").on("notifications").column("seq").execute();
  await db.schema.createIndex("notifications_updated").on("notifications").column("updated_at").execute();
  // Cascades look children up by these columns: without an index every review delete would scan notifications.
  for (const [column] of TARGETS) {
    await sql`create index ${sql.id(`notifications_${column}`)} on notifications (${sql.ref(column)})
      where ${sql.ref(column)} is not null`.execute(db);
  }

  await db.schema
    .createTable("notification_actors")
    .addColumn("notification_id", "integer", (c) => c.notNull().references("notifications.id").onDelete("cascade"))
    .addColumn("actor_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_actors_pk", ["notification_id", "actor_id"])
    .execute();
  await db.schema.createIndex("notification_actors_actor").on("notification_actors").column("actor_id").execute();

  await db.schema
    .createTable("notification_tickets")
    .addColumn("hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("session_id", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notification_tickets_expiry").on("notification_tickets").column("expires_at").execute();

  if (isPostgres(db)) await sql`create sequence notification_seq`.execute(db);

  // Films added by an edit (null: part of the collection since it was created, or added before this migration).
  await db.schema.alterTable("collection_movies").addColumn("added_at", "text").execute();
  await db.schema.createIndex("reviews_user_updated").on("reviews").columns(["user_id", "updated_at"]).execute();
}
