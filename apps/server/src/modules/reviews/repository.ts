// SQL for reviews and the counters that hang off them; callers pass the db-or-transaction handle. `lock` adds
// FOR UPDATE on PostgreSQL (SQLite serialises whole transactions and has no row locks).
import { type Kysely, sql } from "kysely";
import { idListValue, inIdList } from "../../db/id-list.js";
import { jsonRows } from "../../db/json-rows.js";
import { prepared, preparedByShape, preparedKept, type Params } from "../../db/prepared.js";
import type { Database, ReviewRow, ReviewsTable } from "../../db/types.js";
import type { ReviewSort } from "@moviepedia/contract";
import { notBlockedBy } from "../shared/index.js";
import type { MovieCounterDelta, ReviewState } from "./state.js";

type Db = Kysely<Database>;

/**
 * "An empty review is hidden, and keeps its id" (API.md §4.5): a row shows and counts only while it holds a rating,
 * a status or text. Written out literally (never with parameters): the partial indexes of migration 0007 serve
 * queries whose WHERE carries exactly this term, and PostgreSQL proves it against them too.
 */
export function visibleReview(alias: string) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`(${column("rating")} > 0 or ${column("status")} <> '' or ${column("content")} <> '')`;
}

/** A review row with its author's current username and stored avatar. */
export type ReviewWithAuthor = ReviewRow & { author_name: string; author_profile_url: string | null };

// Kept with the other per-request facts until the next write (a review window's key: read on every window request).
const listVersion = preparedKept("review-list-version", (db, p: Params<{ scope: "movie" | "user"; id: number }>) =>
  db.selectFrom("review_list_versions").select("version").where("scope", "=", p.scope).where("scope_id", "=", p.id),
);

/**
 * The version of the reviews listed under a film or a member (triggers of migration 0019 renew it with every change
 * of such a review, and when the film or member is deleted); "0" before the first change.
 */
export async function reviewListVersion(db: Db, scope: "movie" | "user", id: number): Promise<string> {
  return (await listVersion(db, { scope, id })).rows[0]?.version ?? "0";
}

const movieById = prepared((db, p: Params<{ id: number }>) =>
  db.selectFrom("movies").select("id").where("id", "=", p.id),
);

export async function movieExists(db: Db, movieId: number): Promise<boolean> {
  return (await movieById(db, { id: movieId })).rows.length > 0;
}

export function findReviewById(db: Db, id: number, lock = false): Promise<ReviewRow | undefined> {
  return db
    .selectFrom("reviews")
    .selectAll()
    .where("id", "=", id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

type ReviewValues = {
  userId: number;
  movieId: number;
  content: string;
  rating: number;
  status: string;
  spoiler: number;
  now: string;
};

const insertReviewRow = prepared((db, p: Params<ReviewValues>) =>
  db
    .insertInto("reviews")
    .values({
      user_id: p.userId,
      movie_id: p.movieId,
      content: p.content,
      rating: p.rating,
      status: p.status,
      spoiler: p.spoiler,
      created_at: p.now,
      updated_at: p.now,
    })
    .onConflict((oc) => oc.columns(["user_id", "movie_id"]).doNothing())
    .returningAll(),
);

/** Inserts unless (user, movie) already has a row: undefined then, never a constraint error (no 500 on races). */
export async function insertReview(
  db: Db,
  values: { userId: number; movieId: number; state: ReviewState; now: string },
): Promise<ReviewRow | undefined> {
  const { state } = values;
  const { rows } = await insertReviewRow(db, {
    userId: values.userId,
    movieId: values.movieId,
    content: state.content,
    rating: state.rating,
    status: state.status,
    spoiler: state.spoiler ? 1 : 0,
    now: values.now,
  });
  return rows[0];
}

const updateReviewRow = prepared(
  (db, p: Params<{ id: number; content: string; rating: number; status: string; spoiler: number; now: string }>) =>
    db
      .updateTable("reviews")
      .set({ content: p.content, rating: p.rating, status: p.status, spoiler: p.spoiler, updated_at: p.now })
      .where("id", "=", p.id),
);

export async function updateReview(db: Db, id: number, state: ReviewState, now: string): Promise<void> {
  const { content, rating, status } = state;
  await updateReviewRow(db, { id, content, rating, status, spoiler: state.spoiler ? 1 : 0, now });
}

/** Members who lose a like when the review goes: their liked_reviews_count drops by one. */
export async function releaseReviewLikes(db: Db, reviewId: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ liked_reviews_count: sql`liked_reviews_count - 1` })
    .where("id", "in", (eb) => eb.selectFrom("review_likes").select("user_id").where("target_id", "=", reviewId))
    .execute();
}

/** Deletes the review's replies and the likes of both (explicitly, whatever the FK pragmas say). */
async function deleteReviewDependents(db: Db, reviewId: number): Promise<void> {
  await db
    .deleteFrom("reply_likes")
    .where("target_id", "in", (eb) => eb.selectFrom("replies").select("id").where("review_id", "=", reviewId))
    .execute();
  await db.deleteFrom("replies").where("review_id", "=", reviewId).execute();
  await db.deleteFrom("review_likes").where("target_id", "=", reviewId).execute();
}

/** Deletes the review with its replies and the likes of both. */
export async function deleteReviewCascade(db: Db, reviewId: number): Promise<void> {
  await deleteReviewDependents(db, reviewId);
  await db.deleteFrom("reviews").where("id", "=", reviewId).execute();
}

/**
 * Empties the review but keeps its row and id (API.md §4.5): its replies and the likes of both go, its counters
 * drop to 0 and the row holds the empty state until its owner writes to it again.
 */
export async function hideReviewCascade(db: Db, reviewId: number, now: string): Promise<void> {
  await deleteReviewDependents(db, reviewId);
  await db
    .updateTable("reviews")
    .set({ content: "", rating: 0, status: "", spoiler: 0, likes_count: 0, comments_count: 0, updated_at: now })
    .where("id", "=", reviewId)
    .execute();
}

const movieCounters = prepared(
  (db, p: Params<{ movieId: number; ratingSum: number; ratingsCount: number; reviewsCount: number }>) =>
    db
      .updateTable("movies")
      .set({
        rating_sum: sql`rating_sum + ${p.ratingSum}`,
        ratings_count: sql`ratings_count + ${p.ratingsCount}`,
        reviews_count: sql`reviews_count + ${p.reviewsCount}`,
      })
      .where("id", "=", p.movieId),
);

export async function adjustMovieCounters(db: Db, movieId: number, d: MovieCounterDelta): Promise<void> {
  await movieCounters(db, {
    movieId,
    ratingSum: d.ratingSum,
    ratingsCount: d.ratingsCount,
    reviewsCount: d.reviewsCount,
  });
}

/**
 * The member's review total moves by `rowDelta`, and their data_version when the write changed what it stands for
 * (`movesMemberData`: recommendations, 평가하기 exclusions and analyses key on it). A column that does not move is left
 * out of the statement, and no statement runs when neither does: an update of the total is a change of the member's
 * public profile to the read cache's `tables` rule (migration 0017), whatever the value.
 */
const memberReviews = preparedByShape(
  (db, shape: { counts: boolean; data: boolean }, p: Params<{ userId: number; rowDelta: number }>) =>
    db
      .updateTable("users")
      .set({
        ...(shape.counts ? { review_count: sql<number>`review_count + ${p.rowDelta}` } : {}),
        ...(shape.data ? { data_version: sql<number>`data_version + 1` } : {}),
      })
      .where("id", "=", p.userId),
);

export async function touchMemberReviews(db: Db, userId: number, rowDelta: number, dataMoved: boolean): Promise<void> {
  if (rowDelta === 0 && !dataMoved) return;
  await memberReviews(db, { counts: rowDelta !== 0, data: dataMoved }, { userId, rowDelta });
}

// ------------------------------------------------------------------------------- set-wise writes (imports)
// One member's rows for many films, written in a few statements whatever their number (db/json-rows.ts). The
// UPDATE … FROM statements also name their ids as a list, so the planner walks the primary key whatever it guesses
// of the JSON rows (it guesses 100: against a table it believes small, it would scan the whole of it).

/** The member's rows for these films (hidden ones included), locked on PostgreSQL. */
export async function ownReviewRows(db: Db, userId: number, movieIds: readonly number[], lock: boolean) {
  if (movieIds.length === 0) return [];
  return db
    .selectFrom("reviews")
    .selectAll()
    .where("user_id", "=", userId)
    .where((eb) => inIdList(db, eb.ref("movie_id"), eb.val(idListValue(db, [...new Set(movieIds)]))))
    .orderBy("id")
    .$if(lock, (qb) => qb.forUpdate())
    .execute();
}

/** Which of these films exist. */
export async function existingMovieIds(db: Db, movieIds: readonly number[]): Promise<Set<number>> {
  if (movieIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("movies")
    .select("id")
    .where((eb) => inIdList(db, eb.ref("id"), eb.val(idListValue(db, [...new Set(movieIds)]))))
    .execute();
  return new Set(rows.map((r) => r.id));
}

const STATE_COLUMNS = { content: "text", rating: "real", status: "text", spoiler: "integer" } as const;

/**
 * New rows of one member; a film that has a row already (a concurrent write won) is left out, never a constraint
 * error: the answer lists the rows inserted.
 */
export async function insertReviews(
  db: Db,
  userId: number,
  rows: ReadonlyArray<{ movieId: number; state: ReviewState }>,
  now: string,
): Promise<ReviewRow[]> {
  if (rows.length === 0) return [];
  const values = jsonRows(
    db,
    "v",
    { movie_id: "integer", ...STATE_COLUMNS },
    rows.map(({ movieId, state }) => ({ movie_id: movieId, ...stateValues(state) })),
  );
  // `where true` keeps SQLite from reading ON CONFLICT as a join constraint of the SELECT.
  const { rows: inserted } = await sql<ReviewRow>`
    insert into reviews (user_id, movie_id, content, rating, status, spoiler, created_at, updated_at)
    select cast(${userId} as integer), v.movie_id, v.content, v.rating, v.status, v.spoiler,
      cast(${now} as text), cast(${now} as text)
    from ${values} where true
    on conflict (user_id, movie_id) do nothing
    returning *`.execute(db);
  return inserted;
}

/** Existing rows (by id) take these states. */
export async function updateReviews(
  db: Db,
  rows: ReadonlyArray<{ id: number; state: ReviewState }>,
  now: string,
): Promise<void> {
  if (rows.length === 0) return;
  const values = jsonRows(
    db,
    "v",
    { id: "integer", ...STATE_COLUMNS },
    rows.map(({ id, state }) => ({ id, ...stateValues(state) })),
  );
  const ids = sql.val(
    idListValue(
      db,
      rows.map((r) => r.id),
    ),
  );
  await sql`
    update reviews set content = v.content, rating = v.rating, status = v.status, spoiler = v.spoiler,
      updated_at = cast(${now} as text)
    from ${values}
    where ${inIdList(db, sql.ref("reviews.id"), ids)} and reviews.id = v.id`.execute(db);
}

function stateValues(state: ReviewState) {
  return { content: state.content, rating: state.rating, status: state.status, spoiler: state.spoiler ? 1 : 0 };
}

/** Movie counters of many films moved at once (one delta per film, in film order). */
export async function adjustManyMovieCounters(
  db: Db,
  deltas: ReadonlyArray<{ movieId: number; delta: MovieCounterDelta }>,
): Promise<void> {
  if (deltas.length === 0) return;
  const sorted = [...deltas].sort((a, b) => a.movieId - b.movieId);
  const values = jsonRows(
    db,
    "d",
    { movie_id: "integer", d_sum: "integer", d_ratings: "integer", d_reviews: "integer" },
    sorted.map(({ movieId, delta }) => ({
      movie_id: movieId,
      d_sum: delta.ratingSum,
      d_ratings: delta.ratingsCount,
      d_reviews: delta.reviewsCount,
    })),
  );
  const ids = sql.val(
    idListValue(
      db,
      sorted.map((d) => d.movieId),
    ),
  );
  await sql`
    update movies set rating_sum = rating_sum + d.d_sum, ratings_count = ratings_count + d.d_ratings,
      reviews_count = reviews_count + d.d_reviews
    from ${values}
    where ${inIdList(db, sql.ref("movies.id"), ids)} and movies.id = d.movie_id`.execute(db);
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

/** A review with its author and whether `callerId` likes it: everything its wire form needs, in one query. */
export type ReviewForCaller = ReviewWithAuthor & { liked: boolean };

/**
 * One review — by id, or the caller's own of a movie — with its author and the caller's like. `lock` takes the
 * review row FOR UPDATE on PostgreSQL (not the author's: member rows are locked last, by their own updates).
 */
export async function findReviewForCaller(
  db: Db,
  key: { id: number } | { userId: number; movieId: number },
  callerId: number | null,
  lock = false,
): Promise<ReviewForCaller | undefined> {
  const byId = "id" in key;
  const { rows } = await reviewForCaller(
    db,
    { byId, lock },
    {
      id: byId ? key.id : 0,
      userId: byId ? 0 : key.userId,
      movieId: byId ? 0 : key.movieId,
      // Ids start at 1, so caller 0 likes nothing.
      callerId: callerId ?? 0,
    },
  );
  const row = rows[0];
  // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
  return row && { ...row, liked: callerId !== null && Boolean(row.liked) };
}

const reviewForCaller = preparedByShape(
  (
    db,
    shape: { byId: boolean; lock: boolean },
    p: Params<{ id: number; userId: number; movieId: number; callerId: number }>,
  ) => {
    const query = withAuthor(db).select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("review_likes")
            .select("review_likes.id")
            .where("review_likes.user_id", "=", p.callerId)
            .whereRef("review_likes.target_id", "=", "reviews.id"),
        )
        .as("liked"),
    );
    const keyed = shape.byId
      ? query.where("reviews.id", "=", p.id)
      : query.where("reviews.user_id", "=", p.userId).where("reviews.movie_id", "=", p.movieId);
    return keyed.$if(shape.lock, (qb) => qb.forUpdate("reviews"));
  },
);

/** The visible reviews among `ids` (hidden, empty ones are skipped like unknown ids). */
export function findReviewsWithAuthor(db: Db, ids: readonly number[]): Promise<ReviewWithAuthor[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return withAuthor(db)
    .where("reviews.id", "in", [...new Set(ids)])
    .where(visibleReview("reviews"))
    .execute();
}

/** A member's visible review rows by kind (the profile's tabs): one pass over their rows (index on user_id). */
export async function countUserReviews(db: Db, userId: number) {
  const row = await db
    .selectFrom("reviews")
    .select([
      sql<number>`count(*)`.as("total"),
      sql<number>`coalesce(sum(case when rating > 0 then 1 else 0 end), 0)`.as("rated"),
      sql<number>`coalesce(sum(case when content <> '' then 1 else 0 end), 0)`.as("commented"),
      sql<number>`coalesce(sum(case when status = 'WatchList' then 1 else 0 end), 0)`.as("watch_list"),
      sql<number>`coalesce(sum(case when status = 'Watching' then 1 else 0 end), 0)`.as("watching"),
    ])
    .where("user_id", "=", userId)
    .where(visibleReview("reviews"))
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    rated: Number(row.rated),
    commented: Number(row.commented),
    watch_list: Number(row.watch_list),
    watching: Number(row.watching),
  };
}

export interface ReviewListFilter {
  movieId?: number;
  userId?: number;
  /** Hide authors this member blocked (API.md §1.9); null = unfiltered. */
  hideBlockedBy: number | null;
  hasContent: boolean;
  /** Keep only authors this member follows; null = no filter. */
  followedBy: number | null;
  /** Keep only this watch status (`status` [EXT] of a member's list); null = no filter. */
  status: string | null;
  /** Keep only rated rows (`rated=true` [EXT] of a member's list). */
  rated?: boolean;
  sort: ReviewSort;
  offset: number;
  limit: number;
}

/**
 * One windowed page in two steps of one statement: the window's ids are picked from an index that holds
 * everything the filters and the order need (migrations 0006, 0007: movie_id, the sort keys, id, user_id; written
 * reviews from the `content <> ''` partial ones, all visible ones from those on the visible-review term), so a
 * film's rows skipped by the offset are never read; only the page's rows are then fetched with their authors, and
 * put back in the window's order here. Hidden (emptied) reviews are in no window.
 */
export async function listReviews(db: Db, f: ReviewListFilter): Promise<ReviewWithAuthor[]> {
  const shape: ListShape = {
    byMovie: f.movieId !== undefined,
    byUser: f.userId !== undefined,
    hideBlocked: f.hideBlockedBy !== null,
    hasContent: f.hasContent,
    followed: f.followedBy !== null,
    byStatus: f.status !== null,
    rated: f.rated === true,
    recent: f.sort === "recent",
    likes: f.sort === "likes",
  };
  const { rows } = await listWindow(db, shape, {
    movieId: f.movieId ?? 0,
    userId: f.userId ?? 0,
    blocker: f.hideBlockedBy ?? 0,
    follower: f.followedBy ?? 0,
    status: f.status ?? "",
    limit: f.limit,
    offset: f.offset,
  });
  return rows.sort(WINDOW_ORDER[f.sort]);
}

interface ListParams extends Record<string, unknown> {
  movieId: number;
  userId: number;
  blocker: number;
  follower: number;
  status: string;
  limit: number;
  offset: number;
}

/** Which filters are on and the order (oldest unless `recent` or `likes`). */
interface ListShape {
  byMovie: boolean;
  byUser: boolean;
  hideBlocked: boolean;
  hasContent: boolean;
  followed: boolean;
  byStatus: boolean;
  rated: boolean;
  recent: boolean;
  likes: boolean;
}

/** Built once per combination of filters and order (db/prepared.ts), the parameters filled in per call. */
const listWindow = preparedByShape<ListShape, ListParams, ReviewWithAuthor>((db, f, p) => {
  let page = db
    .selectFrom("reviews as page")
    .select("page.id")
    .where(notBlockedBy<Database & { page: ReviewsTable }, "page">(f.hideBlocked ? p.blocker : null, "page.user_id"));
  if (f.byMovie) page = page.where("page.movie_id", "=", p.movieId);
  if (f.byUser) page = page.where("page.user_id", "=", p.userId);
  // Literal, not a parameter: the partial indexes on written reviews (migration 0006) serve only this exact term.
  // A written review is visible; otherwise hidden (empty) rows are left out with the term the partial indexes of
  // migration 0007 carry.
  if (f.hasContent) page = page.where(sql<boolean>`page.content <> ''`);
  else page = page.where(visibleReview("page"));
  if (f.byStatus) page = page.where("page.status", "=", p.status);
  if (f.rated) page = page.where("page.rating", ">", 0);
  if (f.followed) {
    page = page.where((eb) =>
      eb.exists(
        eb
          .selectFrom("follows")
          .select("follows.id")
          .where("follows.user_id", "=", p.follower)
          .whereRef("follows.target_id", "=", "page.user_id"),
      ),
    );
  }
  if (f.recent) page = page.orderBy("page.id", "desc");
  else if (f.likes) page = page.orderBy("page.likes_count", "desc").orderBy("page.id", "asc");
  else page = page.orderBy("page.id", "asc");
  return withAuthor(db).where("reviews.id", "in", page.limit(p.limit).offset(p.offset));
});

type ReviewOrder = (a: ReviewRow, b: ReviewRow) => number;

/** The lists' orders (API.md §4.5), the same as the SQL's: the page's rows are read in any order. */
const WINDOW_ORDER: Record<ReviewSort, ReviewOrder> = {
  oldest: (a, b) => a.id - b.id,
  recent: (a, b) => b.id - a.id,
  likes: (a, b) => b.likes_count - a.likes_count || a.id - b.id,
};
