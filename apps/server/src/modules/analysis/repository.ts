// SQL of the taste analysis: a few set-based queries per member, whatever their number of reviews.
import { CAST_KINDS, DIRECTOR_KIND } from "@moviepedia/contract";
import { type Kysely, sql } from "kysely";
import { prepared, type Params } from "../../db/prepared.js";
import type { Database } from "../../db/types.js";
import { visibleReview } from "../reviews/index.js";

type Db = Kysely<Database>;

export type EntityCategory = "actor" | "director" | "genre" | "country";

export interface EntityTotals {
  id: number;
  name: string;
  /** Distinct movies with this entity the member rated > 0, and the sum of those ratings. */
  rated: number;
  ratingTotal: number;
  /** The member's unrated review rows (status or comment only) on movies with this entity. */
  unrated: number;
}

const SOURCES: Record<EntityCategory, { link: string; column: string; names: string; kinds?: readonly string[] }> = {
  actor: { link: "credits", column: "person_id", names: "people", kinds: CAST_KINDS },
  director: { link: "credits", column: "person_id", names: "people", kinds: [DIRECTOR_KIND] },
  genre: { link: "movie_genres", column: "genre_id", names: "genres" },
  country: { link: "movie_countries", column: "country_id", names: "countries" },
};

const memberVersion = prepared((db, p: Params<{ userId: number }>) =>
  db.selectFrom("users").select(["id", "data_version"]).where("id", "=", p.userId),
);

export async function findMemberVersion(db: Db, userId: number) {
  return (await memberVersion(db, { userId })).rows[0];
}

/** Count of the member's ratings > 0 per rating value. */
export function ratingCounts(db: Db, userId: number) {
  return db
    .selectFrom("reviews")
    .select(["rating", (eb) => eb.fn.countAll<number>().as("n")])
    .where("user_id", "=", userId)
    .where("rating", ">", 0)
    .groupBy("rating")
    .execute();
}

/** Σ running time (minutes; unknown = 0) of the movies the member rated > 0. */
export async function ratedMinutes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("reviews")
    .innerJoin("movies", "movies.id", "reviews.movie_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("movies.running_time"), sql<number>`0`).as("minutes"))
    .where("reviews.user_id", "=", userId)
    .where("reviews.rating", ">", 0)
    .executeTakeFirst();
  return Number(row?.minutes ?? 0);
}

/**
 * Per entity reachable from the member's visible review rows (a hidden, empty one is no review): rated/unrated counts over distinct movies (a person credited
 * twice on one film counts once) and the rating total. One grouped query per category.
 */
export async function entityTotals(db: Db, userId: number, category: EntityCategory): Promise<EntityTotals[]> {
  const source = SOURCES[category];
  const kindFilter = source.kinds ? sql`and l.kind in (${sql.join(source.kinds.map((k) => sql`${k}`))})` : sql``;
  const { rows } = await sql<{ id: number; name: string; rated: number; rating_total: number; unrated: number }>`
    select e.id, e.name,
      sum(case when x.rating > 0 then 1 else 0 end) as rated,
      sum(case when x.rating > 0 then x.rating else 0 end) as rating_total,
      sum(case when x.rating > 0 then 0 else 1 end) as unrated
    from (
      select distinct l.${sql.ref(source.column)} as entity_id, r.movie_id, r.rating
      from reviews r
      join ${sql.table(source.link)} l on l.movie_id = r.movie_id
      where r.user_id = ${userId} and ${visibleReview("r")} ${kindFilter}
    ) x
    join ${sql.table(source.names)} e on e.id = x.entity_id
    group by e.id, e.name`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    rated: Number(r.rated),
    ratingTotal: Number(r.rating_total),
    unrated: Number(r.unrated),
  }));
}
