// SQL for reviews and the counters that hang off them; callers pass the db-or-transaction handle. `lock` adds
// FOR UPDATE on PostgreSQL (SQLite serialises whole transactions and has no row locks).
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { Database, ReviewRow } from "../../db/types.js";
import type { ReviewSort } from "@moviepedia/contract";
import { notBlockedBy } from "../shared/blocks.js";
import type { MovieCounterDelta, ReviewState } from "./state.js";

type Db = Kysely<Database>;

/** A review row with its author's current username and stored avatar. */
export type ReviewWithAuthor = ReviewRow & { author_name: string; author_profile_url: string | null };

export async function movieExists(db: Db, movieId: number): Promise<boolean> {
  const row = await db.selectFrom("movies").select("id").where("id", "=", movieId).executeTakeFirst();
  return row !== undefined;
}

export function findReviewById(db: Db, id: number, lock = false): Promise<ReviewRow | undefined> {
  return db
    .selectFrom("reviews")
    .selectAll()
    .where("id", "=", id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export function findOwnReview(db: Db, userId: number, movieId: number, lock = false): Promise<ReviewRow | undefined> {
  return db
    .selectFrom("reviews")
    .selectAll()
    .where("user_id", "=", userId)
    .where("movie_id", "=", movieId)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** Inserts unless (user, movie) already has a row: undefined then, never a constraint error (no 500 on races). */
export function insertReview(
  db: Db,
  values: { userId: number; movieId: number; state: ReviewState; now: string },
): Promise<ReviewRow | undefined> {
  const { state } = values;
  return db
    .insertInto("reviews")
    .values({
      user_id: values.userId,
      movie_id: values.movieId,
      content: state.content,
      rating: state.rating,
      status: state.status,
      spoiler: state.spoiler ? 1 : 0,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((oc) => oc.columns(["user_id", "movie_id"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateReview(db: Db, id: number, state: ReviewState, now: string): Promise<void> {
  await db
    .updateTable("reviews")
    .set({
      content: state.content,
      rating: state.rating,
      status: state.status,
      spoiler: state.spoiler ? 1 : 0,
      updated_at: now,
    })
    .where("id", "=", id)
    .execute();
}

/** Members who lose a like when the review goes: their liked_reviews_count drops by one. */
export async function releaseReviewLikes(db: Db, reviewId: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ liked_reviews_count: sql`liked_reviews_count - 1` })
    .where("id", "in", (eb) => eb.selectFrom("review_likes").select("user_id").where("target_id", "=", reviewId))
    .execute();
}

/** Deletes the review with its replies and the likes of both (explicitly, whatever the FK pragmas say). */
export async function deleteReviewCascade(db: Db, reviewId: number): Promise<void> {
  await db
    .deleteFrom("reply_likes")
    .where("target_id", "in", (eb) => eb.selectFrom("replies").select("id").where("review_id", "=", reviewId))
    .execute();
  await db.deleteFrom("replies").where("review_id", "=", reviewId).execute();
  await db.deleteFrom("review_likes").where("target_id", "=", reviewId).execute();
  await db.deleteFrom("reviews").where("id", "=", reviewId).execute();
}

export async function adjustMovieCounters(db: Db, movieId: number, d: MovieCounterDelta): Promise<void> {
  await db
    .updateTable("movies")
    .set({
      rating_sum: sql`rating_sum + ${d.ratingSum}`,
      ratings_count: sql`ratings_count + ${d.ratingsCount}`,
      reviews_count: sql`reviews_count + ${d.reviewsCount}`,
    })
    .where("id", "=", movieId)
    .execute();
}

/** The member's review total moves by `rowDelta`; data_version always moves (the analysis caches key on it). */
export async function touchMemberReviews(db: Db, userId: number, rowDelta: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ review_count: sql`review_count + ${rowDelta}`, data_version: sql`data_version + 1` })
    .where("id", "=", userId)
    .execute();
}

export async function adjustCommentsCount(db: Db, reviewId: number, delta: number): Promise<void> {
  await db
    .updateTable("reviews")
    .set({ comments_count: sql`comments_count + ${delta}` })
    .where("id", "=", reviewId)
    .execute();
}

function withAuthor(db: Db) {
  return db
    .selectFrom("reviews")
    .innerJoin("users", "users.id", "reviews.user_id")
    .selectAll("reviews")
    .select(["users.username as author_name", "users.profile_url as author_profile_url"]);
}

export function findReviewWithAuthor(db: Db, id: number): Promise<ReviewWithAuthor | undefined> {
  return withAuthor(db).where("reviews.id", "=", id).executeTakeFirst();
}

/** The member's review of a movie with its author's name and avatar (the unique (user_id, movie_id) pair). */
export function findOwnReviewWithAuthor(
  db: Db,
  userId: number,
  movieId: number,
): Promise<ReviewWithAuthor | undefined> {
  return withAuthor(db)
    .where("reviews.user_id", "=", userId)
    .where("reviews.movie_id", "=", movieId)
    .executeTakeFirst();
}

export function findReviewsWithAuthor(db: Db, ids: readonly number[]): Promise<ReviewWithAuthor[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return withAuthor(db)
    .where("reviews.id", "in", [...new Set(ids)])
    .execute();
}

export interface ReviewListFilter {
  movieId?: number;
  userId?: number;
  /** Hide authors this member blocked (API.md §1.9); null = unfiltered. */
  hideBlockedBy: number | null;
  hasContent: boolean;
  /** Keep only authors this member follows; null = no filter. */
  followedBy: number | null;
  sort: ReviewSort;
  offset: number;
  limit: number;
}

function ordered<O>(qb: SelectQueryBuilder<Database, "reviews" | "users", O>, sort: ReviewSort) {
  if (sort === "recent") return qb.orderBy("reviews.id", "desc");
  if (sort === "likes") return qb.orderBy("reviews.likes_count", "desc").orderBy("reviews.id", "asc");
  return qb.orderBy("reviews.id", "asc");
}

/** One windowed page: filters and ordering first, then limit/offset in SQL. */
export function listReviews(db: Db, f: ReviewListFilter): Promise<ReviewWithAuthor[]> {
  const { movieId, userId, followedBy } = f;
  let query = withAuthor(db).where(notBlockedBy(f.hideBlockedBy, "reviews.user_id"));
  if (movieId !== undefined) query = query.where("reviews.movie_id", "=", movieId);
  if (userId !== undefined) query = query.where("reviews.user_id", "=", userId);
  // Literal, not a parameter: the partial indexes on written reviews (migration 0006) serve only this exact term.
  if (f.hasContent) query = query.where(sql<boolean>`reviews.content <> ''`);
  if (followedBy !== null) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("follows")
          .select("follows.id")
          .where("follows.user_id", "=", followedBy)
          .whereRef("follows.target_id", "=", "reviews.user_id"),
      ),
    );
  }
  return ordered(query, f.sort).limit(f.limit).offset(f.offset).execute();
}
