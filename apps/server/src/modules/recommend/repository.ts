// SQL of the recommender: ratings and implicit marks for training, movie rating totals, the caller's reviews and
// dismissals, models, co-ratings.
import { type Kysely, sql } from "kysely";
import { prepared, preparedKept, type Params } from "../../db/prepared.js";
import type { Database } from "../../db/types.js";
import { visibleReview } from "../reviews/index.js";

type Db = Kysely<Database>;

/**
 * `content` is not empty (1/0 on SQLite, a boolean on PostgreSQL; the text itself is never read): the very
 * expression migration 0022's index holds, so SQLite reads a member's signals from that index alone.
 */
const hasText = sql<number | boolean>`(content <> '')`;

/**
 * One page of review rows that carry a signal (a rating, a watch status or a text; hidden rows do not) in primary-key
 * order, for training: signals.ts reads each.
 */
export function signalsPage(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom("reviews")
    .select(["id", "user_id", "movie_id", "rating", "status", hasText.as("has_text")])
    .where("id", ">", afterId)
    .where(visibleReview("reviews"))
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Rating changes (created or updated review rows) since `since`, served by the `reviews_updated` index. */
export async function countReviewChangesSince(db: Db, since: string): Promise<number> {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("updated_at", ">=", since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page of rated movies' totals in id order. */
export function ratedMoviesPage(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom("movies")
    .select(["id", "ratings_count", "rating_sum"])
    .where("id", ">", afterId)
    .where("ratings_count", ">", 0)
    .orderBy("id")
    .limit(limit)
    .execute();
}

const movieTotals = preparedKept("recommend.movieTotals", (db, p: Params<{ movieId: number }>) =>
  db.selectFrom("movies").select(["id", "ratings_count", "rating_sum"]).where("id", "=", p.movieId),
);

export async function findMovieTotals(db: Db, movieId: number) {
  return (await movieTotals(db, { movieId })).rows[0];
}

const versionOfMember = preparedKept("recommend.versionOfMember", (db, p: Params<{ userId: number }>) =>
  db.selectFrom("users").select("data_version").where("id", "=", p.userId),
);

/** The member's `data_version`: every write of their reviews that changes a signal bumps it in the same transaction. */
export async function memberVersion(db: Db, userId: number): Promise<number | undefined> {
  const row = (await versionOfMember(db, { userId })).rows[0];
  return row === undefined ? undefined : Number(row.data_version);
}

/** `data_version` of each of the given members. */
export function memberVersions(db: Db, userIds: number[]) {
  return db.selectFrom("users").select(["id", "data_version"]).where("id", "in", userIds).execute();
}

/**
 * Every visible review row of the member (rated, marked or commented), movie id order. A hidden row (rating 0,
 * status "", content "": API.md §4.5) is no signal and no exclusion: the movie is unseen again.
 */
const memberReviewRows = prepared((db, p: Params<{ userId: number }>) =>
  db
    .selectFrom("reviews")
    .select(["movie_id", "rating", "status", hasText.as("has_text")])
    .where("user_id", "=", p.userId)
    .where(visibleReview("reviews"))
    .orderBy("movie_id"),
);

export async function memberReviews(db: Db, userId: number) {
  return (await memberReviewRows(db, { userId })).rows;
}

/** The member's dismissed films (관심없어요, migration 0009): never recommended, and a signal of taste (signals.ts). */
const memberDismissalRows = prepared((db, p: Params<{ userId: number }>) =>
  db.selectFrom("movie_dismissals").select("movie_id").where("user_id", "=", p.userId),
);

export async function memberDismissals(db: Db, userId: number) {
  return (await memberDismissalRows(db, { userId })).rows;
}

/**
 * One page of all dismissals (member, movie) in id order, for training — leaving out films whose visible review row of
 * the same member carries a signal already (that row's rating or mark says more; memberSignals does the same).
 */
export function dismissalsPage(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom("movie_dismissals as d")
    .select(["d.id", "d.user_id", "d.movie_id"])
    .where("d.id", ">", afterId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("reviews")
            .select("reviews.id")
            .whereRef("reviews.user_id", "=", "d.user_id")
            .whereRef("reviews.movie_id", "=", "d.movie_id")
            .where(visibleReview("reviews")),
        ),
      ),
    )
    .orderBy("d.id")
    .limit(limit)
    .execute();
}

export function latestModelId(db: Db): Promise<number | null> {
  return db
    .selectFrom("recommender_models")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst()
    .then((row) => (row?.id === null || row?.id === undefined ? null : Number(row.id)));
}

export function latestModelHeader(db: Db) {
  return db
    .selectFrom("recommender_models")
    .select(["id", "trained_at", "ratings_seen", sql<string>`substr(payload, 1, 48)`.as("head")])
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function findModel(db: Db, id: number) {
  return db
    .selectFrom("recommender_models")
    .select(["id", "trained_at", "ratings_seen", "payload"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Stores a model and drops all but the newest `keep` (instances still loading the previous one can finish). */
export async function insertModel(
  db: Db,
  model: { trained_at: string; ratings_seen: number; payload: string },
  keep = 2,
): Promise<number> {
  const row = await db.insertInto("recommender_models").values(model).returning("id").executeTakeFirstOrThrow();
  await db
    .deleteFrom("recommender_models")
    .where("id", "<=", row.id - keep)
    .execute();
  return row.id;
}

/** Ratings > 0 of movies both members rated: (caller's, other's), movie id order. */
export function coRatings(db: Db, userId: number, otherId: number) {
  return db
    .selectFrom("reviews as a")
    .innerJoin("reviews as b", "b.movie_id", "a.movie_id")
    .select(["a.movie_id", "a.rating as mine", "b.rating as theirs"])
    .where("a.user_id", "=", userId)
    .where("b.user_id", "=", otherId)
    .where("a.rating", ">", 0)
    .where("b.rating", ">", 0)
    .orderBy("a.movie_id")
    .execute();
}

/** Mean rating > 0 of each of the given members. */
export function memberMeans(db: Db, userIds: number[]) {
  return db
    .selectFrom("reviews")
    .select(["user_id", (eb) => eb.fn.avg<number>("rating").as("mean")])
    .where("user_id", "in", userIds)
    .where("rating", ">", 0)
    .groupBy("user_id")
    .execute();
}
