// The whole data model of SPEC §3. Frozen in time: never import application code here.
import { type Kysely, PostgresAdapter, type CreateTableBuilder, sql } from "kysely";

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

const likeTables: Array<[string, string]> = [
  ["review_likes", "reviews"],
  ["reply_likes", "replies"],
  ["collection_likes", "collections"],
  ["collection_comment_likes", "collection_comments"],
  ["person_likes", "people"],
];

export async function up(db: AnyDb): Promise<void> {
  const real = isPostgres(db) ? "double precision" : "real";

  await withId(db, db.schema.createTable("users"))
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("username_lower", "text", (c) => c.notNull().unique())
    .addColumn("login_id", "text")
    .addColumn("login_id_lower", "text", (c) => c.unique())
    .addColumn("password_hash", "text")
    .addColumn("login_type", "text", (c) => c.notNull())
    .addColumn("profile_url", "text")
    .addColumn("status_message", "text")
    .addColumn("follower_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("following_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("review_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("collection_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("liked_people_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("liked_collections_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("liked_reviews_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("data_version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("social_accounts"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_user_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("social_accounts_provider_uid", ["provider", "provider_user_id"])
    .execute();
  await db.schema.createIndex("social_accounts_user").on("social_accounts").column("user_id").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("revoked_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await withId(db, db.schema.createTable("refresh_tokens"))
    .addColumn("session_id", "text", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("rotated_at", "text")
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refresh_tokens_session").on("refresh_tokens").column("session_id").execute();

  await withId(db, db.schema.createTable("movies"))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("original_title", "text", (c) => c.notNull())
    .addColumn("english_title", "text")
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("running_time", "integer")
    .addColumn("grade", "text")
    .addColumn("synopsis", "text", (c) => c.notNull())
    .addColumn("poster_url", "text")
    .addColumn("backdrop_url", "text")
    .addColumn("rating_sum", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ratings_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reviews_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  for (const [table, link, fk] of [
    ["genres", "movie_genres", "genre_id"],
    ["countries", "movie_countries", "country_id"],
  ] as const) {
    await withId(db, db.schema.createTable(table))
      .addColumn("name", "text", (c) => c.notNull().unique())
      .execute();
    await db.schema
      .createTable(link)
      .addColumn("movie_id", "integer", (c) => c.notNull().references("movies.id").onDelete("cascade"))
      .addColumn(fk, "integer", (c) => c.notNull().references(`${table}.id`).onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint(`${link}_pk`, ["movie_id", fk])
      .execute();
    await db.schema.createIndex(`${link}_${fk}`).on(link).columns([fk, "movie_id"]).execute();
  }

  await withId(db, db.schema.createTable("people"))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("original_name", "text")
    .addColumn("biography", "text")
    .addColumn("profile_url", "text")
    .addColumn("likes_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("credits_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("credits"))
    .addColumn("movie_id", "integer", (c) => c.notNull().references("movies.id").onDelete("cascade"))
    .addColumn("person_id", "integer", (c) => c.notNull().references("people.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("character", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("credits_movie").on("credits").columns(["movie_id", "position"]).execute();
  await db.schema.createIndex("credits_person").on("credits").columns(["person_id", "movie_id"]).execute();

  await db.schema
    .createTable("chart_entries")
    .addColumn("chart_type", "text", (c) => c.notNull())
    .addColumn("rank", "integer", (c) => c.notNull())
    .addColumn("movie_id", "integer", (c) => c.notNull().references("movies.id").onDelete("cascade"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("chart_entries_pk", ["chart_type", "rank"])
    .execute();

  await withId(db, db.schema.createTable("reviews"))
    .addColumn("movie_id", "integer", (c) => c.notNull().references("movies.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("rating", sql.raw(real), (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("spoiler", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("likes_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("comments_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("reviews_user_movie", ["user_id", "movie_id"])
    .execute();
  await db.schema.createIndex("reviews_movie").on("reviews").columns(["movie_id", "id"]).execute();
  await db.schema.createIndex("reviews_user").on("reviews").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("reviews_updated").on("reviews").column("updated_at").execute();

  await withId(db, db.schema.createTable("replies"))
    .addColumn("review_id", "integer", (c) => c.notNull().references("reviews.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("likes_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("replies_review").on("replies").columns(["review_id", "id"]).execute();
  await db.schema.createIndex("replies_user").on("replies").column("user_id").execute();

  await withId(db, db.schema.createTable("collections"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("overview", "text")
    .addColumn("movie_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("likes_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("comments_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("collections_user").on("collections").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("collection_movies")
    .addColumn("collection_id", "integer", (c) => c.notNull().references("collections.id").onDelete("cascade"))
    .addColumn("movie_id", "integer", (c) => c.notNull().references("movies.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("collection_movies_pk", ["collection_id", "movie_id"])
    .execute();
  await db.schema
    .createIndex("collection_movies_order")
    .on("collection_movies")
    .columns(["collection_id", "position"])
    .execute();
  await db.schema.createIndex("collection_movies_movie").on("collection_movies").column("movie_id").execute();

  await withId(db, db.schema.createTable("collection_comments"))
    .addColumn("collection_id", "integer", (c) => c.notNull().references("collections.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("likes_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("collection_comments_collection")
    .on("collection_comments")
    .columns(["collection_id", "id"])
    .execute();
  await db.schema.createIndex("collection_comments_user").on("collection_comments").column("user_id").execute();

  for (const [table, target] of likeTables) {
    await withId(db, db.schema.createTable(table))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("target_id", "integer", (c) => c.notNull().references(`${target}.id`).onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addUniqueConstraint(`${table}_pair`, ["user_id", "target_id"])
      .execute();
    await db.schema.createIndex(`${table}_target`).on(table).columns(["target_id", "user_id"]).execute();
  }

  for (const table of ["follows", "blocks"]) {
    await withId(db, db.schema.createTable(table))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("target_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addUniqueConstraint(`${table}_pair`, ["user_id", "target_id"])
      .execute();
    await db.schema.createIndex(`${table}_target`).on(table).columns(["target_id", "id"]).execute();
  }

  await db.schema
    .createTable("job_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("recommender_models"))
    .addColumn("trained_at", "text", (c) => c.notNull())
    .addColumn("ratings_seen", "integer", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("app_state")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  const tables = [
    "app_state",
    "recommender_models",
    "job_leases",
    "blocks",
    "follows",
    ...likeTables.map(([t]) => t),
    "collection_comments",
    "collection_movies",
    "collections",
    "replies",
    "reviews",
    "chart_entries",
    "credits",
    "people",
    "movie_countries",
    "countries",
    "movie_genres",
    "genres",
    "movies",
    "refresh_tokens",
    "sessions",
    "social_accounts",
    "users",
  ];
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute();
}
