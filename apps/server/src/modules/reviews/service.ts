// Review writes (API.md §4.5): create, edit, upsert, delete and like. Every write runs in one transaction that also
// moves the movie's rating_sum / ratings_count / reviews_count, the author's review_count and data_version (when
// the write changes a star, a status, whether there is text, or the row's visibility: `movesMemberData`), with
// relative updates computed from the row before and after, so counters equal a recount under concurrency.
// Lock order everywhere: the review row first, then the movie, then member rows (no crossing waits).
import type { Review, ReviewWrite } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Dialect } from "../../db/connection.js";
import type { Database, ReviewRow } from "../../db/types.js";
import { ApiError, notFound, notOwner } from "../../http/errors.js";
import { type Clock, toTimestamp } from "../../lib/time.js";
import { inTransaction } from "../../lib/transaction.js";
import { toggleLikeCounted } from "../shared/index.js";
import { findUserById } from "../users/index.js";
import { reviewHidden } from "../notifications/index.js";
import { emptyReview, toReview } from "./mapper.js";
import { createReviewQueries } from "./queries.js";
import * as repo from "./repository.js";
import type { ReviewForCaller } from "./repository.js";
import {
  EMPTY_STATE,
  isEmptyState,
  isVisible,
  isZeroDelta,
  type MovieCounterDelta,
  mergeWrite,
  movieDelta,
  movesMemberData,
  type ReviewState,
  sameState,
  stateOf,
} from "./state.js";

export interface ReviewsDeps {
  db: Kysely<Database>;
  clock: Clock;
  dialect: Dialect;
}

/** A write's answer: 201 when a row was created, else 200 (the empty object included). */
export interface ReviewWriteResult {
  status: 200 | 201;
  review: Review;
}

/** One entry of a set-wise upsert: the film's state before and after it (null = no visible row). */
export interface BulkWriteResult {
  before: ReviewState | null;
  after: ReviewState | null;
  /** The film is not in the catalogue: nothing was written. */
  missing: boolean;
}

const alreadyExists = () => new ApiError("REVIEW_ALREADY_EXISTS", "You have already reviewed this movie.");

export function createReviewsService(deps: ReviewsDeps) {
  const { db, clock } = deps;
  const lock = deps.dialect === "postgres";
  const queries = createReviewQueries(db, clock);

  async function movieOr404(trx: Kysely<Database>, movieId: number | null): Promise<number> {
    if (movieId === null || !(await repo.movieExists(trx, movieId))) throw notFound("MOVIE_NOT_FOUND");
    return movieId;
  }

  /**
   * The caller's own review by id, locked. A hidden (emptied) review exists only for its owner, who may revive or
   * delete it: to everyone else it is unknown (404), never someone else's (403).
   */
  async function ownedOr404(trx: Kysely<Database>, callerId: number, reviewId: number | null) {
    const row = reviewId === null ? undefined : await repo.findReviewForCaller(trx, { id: reviewId }, callerId, lock);
    if (!row || (row.user_id !== callerId && !isVisible(stateOf(row)))) throw notFound("REVIEW_NOT_FOUND");
    if (row.user_id !== callerId) throw notOwner();
    return row;
  }

  /** Movie counters, then the author's totals: the bookkeeping of one row going from `before` to `after`. */
  async function account(trx: Kysely<Database>, row: ReviewRow, before: ReviewState | null, after: ReviewState | null) {
    const delta = movieDelta(before, after);
    if (!isZeroDelta(delta)) await repo.adjustMovieCounters(trx, row.movie_id, delta);
    const rowDelta = (isVisible(after) ? 1 : 0) - (isVisible(before) ? 1 : 0);
    await repo.touchMemberReviews(trx, row.user_id, rowDelta, movesMemberData(before, after));
  }

  async function answer(trx: Kysely<Database>, reviewId: number, like: boolean): Promise<Review> {
    const row = await repo.findReviewWithAuthor(trx, reviewId);
    if (!row) throw new Error(`review ${reviewId} vanished inside its own transaction`);
    return toReview(row, like);
  }

  /** The answer to a write that leaves no visible review: `kept` is the hidden row (read with its author), if any. */
  async function emptyAnswer(trx: Kysely<Database>, userId: number, movieId: number, kept: ReviewForCaller | null) {
    if (kept) {
      const author = { id: kept.user_id, username: kept.author_name, profile_url: kept.author_profile_url };
      return emptyReview(author, movieId, kept, toTimestamp(clock.now()));
    }
    const author = await findUserById(trx, userId);
    if (!author) throw notFound("USER_NOT_FOUND");
    return emptyReview(author, movieId, null, toTimestamp(clock.now()));
  }

  async function removeRow(trx: Kysely<Database>, row: ReviewRow): Promise<void> {
    await account(trx, row, stateOf(row), null);
    await repo.releaseReviewLikes(trx, row.id);
    await repo.deleteReviewCascade(trx, row.id);
  }

  /**
   * Applies `next` to an existing (locked) row: update it, or hide it when it became empty (its replies and likes
   * go, the row and its id stay for its owner to revive). The answer is the row read with its author and the
   * caller's like, with the new state: nothing else of it can change inside this transaction.
   */
  async function applyTo(trx: Kysely<Database>, callerId: number, row: ReviewForCaller, next: ReviewState) {
    const before = stateOf(row);
    if (isEmptyState(next)) {
      if (isVisible(before)) {
        await account(trx, row, before, EMPTY_STATE);
        await repo.releaseReviewLikes(trx, row.id);
        await repo.hideReviewCascade(trx, row.id, toTimestamp(clock.now()));
        await reviewHidden(trx, row.id);
      }
      return emptyAnswer(trx, callerId, row.movie_id, row);
    }
    if (!sameState(before, next)) {
      await repo.updateReview(trx, row.id, next, toTimestamp(clock.now()));
      await account(trx, row, before, next);
    }
    const { content, rating, status } = next;
    return toReview({ ...row, content, rating, status, spoiler: next.spoiler ? 1 : 0 }, row.liked);
  }

  async function insertNew(trx: Kysely<Database>, userId: number, movieId: number, state: ReviewState) {
    const row = await repo.insertReview(trx, { userId, movieId, state, now: toTimestamp(clock.now()) });
    if (row) await account(trx, row, null, state);
    return row;
  }

  /**
   * POST: 201 with a new review, or with the caller's hidden one revived under its id; 409 when a visible one
   * exists; an empty write creates nothing (200, the empty object).
   */
  async function create(callerId: number, movieId: number | null, write: ReviewWrite): Promise<ReviewWriteResult> {
    return inTransaction(db, async (trx) => {
      const id = await movieOr404(trx, movieId);
      const state = mergeWrite(EMPTY_STATE, write);
      // A lost insert race (ON CONFLICT DO NOTHING: the loser waits for the winner's commit) or a hidden row sends
      // us to the existing row; a row deleted in between back to the insert. Three rounds settle any interleaving.
      for (let round = 0; round < 3; round++) {
        if (isVisible(state)) {
          const row = await insertNew(trx, callerId, id, state);
          if (row) return { status: 201, review: await answer(trx, row.id, false) };
        }
        const existing = await repo.findReviewForCaller(trx, { userId: callerId, movieId: id }, callerId, lock);
        if (!existing) {
          if (isVisible(state)) continue;
          return { status: 200, review: await emptyAnswer(trx, callerId, id, null) };
        }
        if (isVisible(stateOf(existing))) throw alreadyExists();
        const review = await applyTo(trx, callerId, existing, state);
        return { status: isVisible(state) ? 201 : 200, review };
      }
      throw new Error("review create did not settle");
    });
  }

  async function edit(callerId: number, reviewId: number | null, write: ReviewWrite): Promise<Review> {
    return inTransaction(db, async (trx) => {
      const row = await ownedOr404(trx, callerId, reviewId);
      return applyTo(trx, callerId, row, mergeWrite(stateOf(row), write));
    });
  }

  /** PUT …/mine: partial upsert keyed by (caller, movie); never 409, concurrent PUTs end in one row. */
  async function upsertMine(callerId: number, movieId: number | null, write: ReviewWrite): Promise<ReviewWriteResult> {
    return inTransaction(db, (trx) => upsertMineIn(trx, callerId, movieId, write));
  }

  /**
   * The upsert inside the caller's transaction (imports write a batch of reviews in one): the same bookkeeping as
   * PUT …/mine, so counters, analyses and the member's data_version move exactly as for a write from the web app.
   */
  async function upsertMineIn(
    trx: Kysely<Database>,
    callerId: number,
    movieId: number | null,
    write: ReviewWrite,
  ): Promise<ReviewWriteResult> {
    if (movieId === null) throw notFound("MOVIE_NOT_FOUND");
    const id = movieId;
    // A lost insert race means the row now exists (the loser waited for the winner's commit): go round once more
    // and update it. A row deleted in between sends us back to the insert; three rounds settle any interleaving.
    // An existing review proves the movie exists (foreign key): only a missing one needs the movie checked.
    // A hidden row is updated like any other: the write revives it under its id (200).
    let movieChecked = false;
    for (let round = 0; round < 3; round++) {
      const existing = await repo.findReviewForCaller(trx, { userId: callerId, movieId: id }, callerId, lock);
      if (existing) {
        const review = await applyTo(trx, callerId, existing, mergeWrite(stateOf(existing), write));
        return { status: 200, review };
      }
      if (!movieChecked) {
        await movieOr404(trx, id);
        movieChecked = true;
      }
      const state = mergeWrite(EMPTY_STATE, write);
      if (isEmptyState(state)) return { status: 200, review: await emptyAnswer(trx, callerId, id, null) };
      const row = await insertNew(trx, callerId, id, state);
      if (row) return { status: 201, review: await answer(trx, row.id, false) };
    }
    throw new Error("review upsert did not settle");
  }

  /**
   * Many writes of one member, to many films, inside the caller's transaction (imports write a batch of lines in
   * one): the rule of PUT …/mine for each — each write is merged in order into the film's row (a hidden row is
   * revived), `write` sees the state the entries before it left — and the same bookkeeping (movie counters, the
   * member's review_count, data_version), but in a few set statements instead of a round of statements per write.
   * Rows are locked first (PostgreSQL), then the films' counters, then the member: the order of every review write.
   * Answers, per entry, the film's state before and after it (null = no visible row); `missing` when the film is
   * not in the catalogue (nothing written for it).
   */
  async function upsertManyIn(
    trx: Kysely<Database>,
    userId: number,
    entries: ReadonlyArray<{ movieId: number; write: (current: ReviewState) => ReviewWrite }>,
  ): Promise<BulkWriteResult[]> {
    const results: BulkWriteResult[] = entries.map(() => ({ before: null, after: null, missing: false }));
    const deltas = new Map<number, MovieCounterDelta>();
    let rowDelta = 0;
    let moved = false;
    let pending = [...new Set(entries.map((e) => e.movieId))];
    const at = toTimestamp(clock.now());
    // A film whose insert lost to a concurrent write of the same member goes round again, as an existing row.
    for (let round = 0; round < 3 && pending.length > 0; round++) {
      const rows = new Map((await repo.ownReviewRows(trx, userId, pending, lock)).map((r) => [r.movie_id, r]));
      const unknown = pending.filter((id) => !rows.has(id));
      const exists = await repo.existingMovieIds(trx, unknown);
      const stored = new Map<number, ReviewState | null>();
      const current = new Map<number, ReviewState>();
      for (const id of pending) {
        const row = rows.get(id);
        stored.set(id, row ? stateOf(row) : null);
        if (row || exists.has(id)) current.set(id, row ? stateOf(row) : EMPTY_STATE);
      }
      entries.forEach((entry, index) => {
        if (!stored.has(entry.movieId)) return;
        const state = current.get(entry.movieId);
        if (state === undefined) {
          results[index] = { before: null, after: null, missing: true };
          return;
        }
        const next = mergeWrite(state, entry.write(state));
        results[index] = {
          before: isVisible(state) ? state : null,
          after: isVisible(next) ? next : null,
          missing: false,
        };
        current.set(entry.movieId, next);
      });
      const inserts: Array<{ movieId: number; state: ReviewState }> = [];
      const updates: Array<{ id: number; state: ReviewState }> = [];
      for (const [movieId, next] of current) {
        const row = rows.get(movieId);
        if (row && !sameState(stateOf(row), next)) updates.push({ id: row.id, state: next });
        else if (!row && isVisible(next)) inserts.push({ movieId, state: next });
      }
      await repo.updateReviews(trx, updates, at);
      const inserted = new Set((await repo.insertReviews(trx, userId, inserts, at)).map((r) => r.movie_id));
      const settled = [...current.keys()].filter((id) => rows.has(id) || inserted.has(id));
      for (const movieId of settled) {
        const before = stored.get(movieId) ?? null;
        const after = current.get(movieId)!;
        if (before !== null && sameState(before, after)) continue;
        if (before === null && !isVisible(after)) continue;
        moved ||= movesMemberData(before, after);
        rowDelta += (isVisible(after) ? 1 : 0) - (isVisible(before) ? 1 : 0);
        deltas.set(movieId, movieDelta(before, after));
      }
      pending = inserts.map((i) => i.movieId).filter((id) => !inserted.has(id));
    }
    if (pending.length > 0) throw new Error("review upserts did not settle");
    await repo.adjustManyMovieCounters(
      trx,
      [...deltas].filter(([, delta]) => !isZeroDelta(delta)).map(([movieId, delta]) => ({ movieId, delta })),
    );
    await repo.touchMemberReviews(trx, userId, rowDelta, moved);
    return results;
  }

  async function remove(callerId: number, reviewId: number | null): Promise<void> {
    await inTransaction(db, async (trx) => removeRow(trx, await ownedOr404(trx, callerId, reviewId)));
  }

  async function toggleReviewLike(callerId: number, reviewId: number | null): Promise<Review> {
    return inTransaction(db, async (trx) => {
      // Locking the review first orders this after (or before) a concurrent delete: never a dangling like. The lock
      // also keeps its likes_count still but for this toggle's own move.
      const row = reviewId === null ? undefined : await repo.findReviewForCaller(trx, { id: reviewId }, callerId, lock);
      if (!row || !isVisible(stateOf(row))) throw notFound("REVIEW_NOT_FOUND");
      const { liked, delta } = await toggleLikeCounted(trx, "review_likes", callerId, row.id, clock.now());
      return toReview({ ...row, likes_count: row.likes_count + delta }, liked);
    });
  }

  return { create, edit, upsertMine, upsertMineIn, upsertManyIn, remove, toggleLike: toggleReviewLike, ...queries };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
