// People not yet linked to TMDB (the seed's), found by their lower-cased original (Latin) name: the catalog sync links
// a TMDB person to such a row instead of adding a second 황정민 when a new film credits a seed person before any of
// their seed films was linked. A partial index, so it holds only the unlinked few, however large the catalog grows.
// Frozen in time: never import application code here.
import { type Kysely, sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create index people_unlinked_original_name on people (lower(original_name))
    where tmdb_id is null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index people_unlinked_original_name`.execute(db);
}
