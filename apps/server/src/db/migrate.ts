import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from "kysely";
import * as m0001 from "./migrations/0001-initial.js";
import * as m0003 from "./migrations/0003-search.js";
import * as m0004 from "./migrations/0004-hot-ranking.js";
import * as m0005 from "./migrations/0005-catalog-version.js";
import * as m0006 from "./migrations/0006-hot-query-indexes.js";
import * as m0007 from "./migrations/0007-visible-review-indexes.js";
import * as m0008 from "./migrations/0008-tmdb-catalog.js";
import * as m0009 from "./migrations/0009-movie-dismissals.js";
import * as m0010 from "./migrations/0010-community.js";
import * as m0011 from "./migrations/0011-imports.js";
import * as m0014 from "./migrations/0014-unlinked-people.js";
import * as m0015 from "./migrations/0015-movie-title-indexes.js";
import * as m0016 from "./migrations/0016-feed-indexes.js";
import * as m0017 from "./migrations/0017-table-versions.js";
import * as m0018 from "./migrations/0018-feed-rating-index.js";
import * as m0019 from "./migrations/0019-review-list-versions.js";
import * as m0020 from "./migrations/0020-inbox-versions.js";
import * as m0021 from "./migrations/0021-movie-rank-version.js";
import * as m0022 from "./migrations/0022-member-signals-index.js";
import type { Database } from "./types.js";

// Listed by hand (not read from disk) so migrations run the same from source, tests and bundles.
const migrations: Record<string, Migration> = {
  "0001-initial": m0001,
  "0003-search": m0003,
  "0004-hot-ranking": m0004,
  "0005-catalog-version": m0005,
  "0006-hot-query-indexes": m0006,
  "0007-visible-review-indexes": m0007,
  "0008-tmdb-catalog": m0008,
  "0009-movie-dismissals": m0009,
  "0010-community": m0010,
  "0011-imports": m0011,
  "0014-unlinked-people": m0014,
  "0015-movie-title-indexes": m0015,
  "0016-feed-indexes": m0016,
  "0017-table-versions": m0017,
  "0018-feed-rating-index": m0018,
  "0019-review-list-versions": m0019,
  "0020-inbox-versions": m0020,
  "0021-movie-rank-version": m0021,
  "0022-member-signals-index": m0022,
};

async function postgresSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/**
 * Migration numbers are handed out to work in progress before it lands, so a later number may land (and run on a
 * deployed database) before an earlier one: each migration is independent, and Kysely runs the ones a database has not
 * run yet whatever their place in the list (`allowUnorderedMigrations`), instead of refusing to start.
 */
class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/**
 * `schema` (PostgreSQL only) keeps Kysely's bookkeeping tables in that schema; without it Kysely may find another
 * schema's tables through introspection (tests run each file in its own schema).
 */
export async function migrateToLatest(db: Kysely<Database>, options: { schema?: string } = {}): Promise<void> {
  // Without an explicit schema, PostgreSQL uses the connection's own (DATABASE_URL may set search_path), so a
  // server or CLI pointed at one schema of a shared database never mistakes another schema's bookkeeping for its own.
  const schema = options.schema ?? (await postgresSchema(db));
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(),
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, { cause: error });
  }
}

/**
 * Names of the migrations this build knows that the database has not run (read-only replicas check instead of
 * migrating). Only reads: Kysely's getMigrations() never creates its bookkeeping tables.
 */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const schema = await postgresSchema(db);
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(),
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}

/**
 * Runs the migrations up to and including `target` (a name of this build's list) and no further: tests build a
 * database as an earlier version left it, then open it with this one.
 */
export async function migrateTo(
  db: Kysely<Database>,
  target: string,
  options: { schema?: string } = {},
): Promise<void> {
  if (!(target in migrations)) throw new Error(`Unknown migration ${target}`);
  const schema = options.schema ?? (await postgresSchema(db));
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(),
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateTo(target);
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
}
