// A member's signals — which films they rated, marked or wrote about, with the star, the status and whether there is
// text — are read whole whenever their data_version moved: the recommender's fold-in (modules/recommend), the
// 평가하기 exclusions (modules/rating) and the taste analysis. Through the (user_id, movie_id) unique index each visible
// row was a lookup in the reviews table for its rating, status and text (~200 µs for a member with 80 reviews on
// the bench:api dataset, after every star they give). This partial index holds exactly the visible rows with those
// columns, `content <> ''` as an expression (a review's text itself stays out), so those reads use it alone (~50 µs
// on SQLite, where the statements name the same expression). PostgreSQL gets the same index for the same plans.
// Frozen in time: never import application code here.
import { type Kysely, sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create index reviews_member_signals on reviews (user_id, movie_id, rating, status, (content <> ''))
    where rating > 0 or status <> '' or content <> ''`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists reviews_member_signals`.execute(db);
}
