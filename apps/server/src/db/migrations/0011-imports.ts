// Imports of a member's ratings from Letterboxd, IMDb or our own export (issue #19, docs/imports.md): one row per
// import with its progress counters and the report of lines that were not applied. At most one import per member is
// queued or running (a partial unique index, so two concurrent requests cannot both start one). A member's rows go
// with the account (the foreign key cascades).
// Frozen in time: never import application code here.
import { type Kysely, PostgresAdapter, sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("imports")
    .addColumn("id", "integer", (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("overwrite", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("processed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("matched", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("skipped", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unmatched_total", "integer", (c) => c.notNull().defaultTo(0))
    // JSON array of {file, line, title, year, reason, rating}, at most IMPORT_UNMATCHED_MAX entries.
    .addColumn("unmatched", "text", (c) => c.notNull().defaultTo("[]"))
    // Why a failed import stopped (logged detail, never shown).
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    // Moved after every batch: an import whose process died stops blocking its member once this is old.
    .addColumn("heartbeat_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("imports_user_order").on("imports").columns(["user_id", "id"]).execute();
  await sql`create unique index imports_one_active on imports (user_id) where status in ('queued', 'running')`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("imports").ifExists().execute();
}
