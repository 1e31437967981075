// 관심없어요 (not interested): one row per (member, movie) the member dismissed. The rating queue and every
// recommendation list leave these films out; the recommender may read them as an implicit signal. A member's rows go
// with the account (account deletion deletes them; the foreign keys cascade as a second guard), a film's with the film.
// Frozen in time: never import application code here.
import { type Kysely, PostgresAdapter } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("movie_dismissals")
    .addColumn("id", "integer", (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("movie_id", "integer", (c) => c.notNull().references("movies.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("movie_dismissals_pair", ["user_id", "movie_id"])
    .execute();
  // The settings list (newest first) and the recommender's reads go by member; a film's deletion by film.
  await db.schema
    .createIndex("movie_dismissals_user_order")
    .on("movie_dismissals")
    .columns(["user_id", "id"])
    .execute();
  await db.schema.createIndex("movie_dismissals_movie").on("movie_dismissals").column("movie_id").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("movie_dismissals").ifExists().execute();
}
