// Review reads (API.md §4.5): single reviews, "my review" of a movie and the four windowed lists.
import type { Review } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { databaseVersion } from "../../db/data-version.js";
import { notFound } from "../../http/errors.js";
import { LruCache } from "../../lib/lru.js";
import { blocksAnyone, hasBlocked } from "../shared/blocks.js";
import { findUserById } from "../users/repository.js";
import type { ReviewListOptions } from "./list-query.js";
import { toReview, toReviews } from "./mapper.js";
import * as repo from "./repository.js";

/** Review windows kept (each up to a window's rows). */
const WINDOWS_KEPT = 5000;

export function createReviewQueries(db: Kysely<Database>) {
  // The most read lists — a popular film's first pages — are the same for every visitor and every member who blocked
  // nobody: their rows are kept under the database's version token (db/data-version.ts), so any committed write, here
  // or on another instance, makes the next read fetch them again. Likes are the caller's own and looked up per read.
  const windows = new LruCache<string, { version: string; rows: repo.ReviewWithAuthor[] }>(WINDOWS_KEPT);

  async function windowRows(filter: repo.ReviewListFilter): Promise<repo.ReviewWithAuthor[]> {
    if (filter.followedBy !== null) return repo.listReviews(db, filter);
    if (filter.hideBlockedBy !== null && (await blocksAnyone(db, filter.hideBlockedBy))) {
      return repo.listReviews(db, filter);
    }
    const key = [filter.movieId, filter.userId, filter.hasContent, filter.sort, filter.offset, filter.limit].join();
    const version = await databaseVersion(db);
    const hit = windows.get(key);
    if (hit?.version === version) return hit.rows;
    const rows = await repo.listReviews(db, { ...filter, hideBlockedBy: null });
    windows.set(key, { version, rows });
    return rows;
  }

  async function movieOr404(movieId: number | null): Promise<number> {
    if (movieId === null || !(await repo.movieExists(db, movieId))) throw notFound("MOVIE_NOT_FOUND");
    return movieId;
  }

  async function list(
    callerId: number | null,
    scope: { movieId?: number; userId?: number; hideBlocked: boolean },
    options: ReviewListOptions,
  ): Promise<Review[]> {
    if (options.window.limit === 0) return [];
    const rows = await windowRows({
      movieId: scope.movieId,
      userId: scope.userId,
      hideBlockedBy: scope.hideBlocked ? callerId : null,
      hasContent: options.hasContent,
      followedBy: options.following ? callerId : null,
      sort: options.sort,
      offset: options.window.offset,
      limit: options.window.limit,
    });
    return toReviews(db, rows, callerId);
  }

  /** One review with the caller's like: one query. */
  async function getReview(reviewId: number | null, callerId: number | null): Promise<Review> {
    const row = reviewId === null ? undefined : await repo.findReviewForCaller(db, { id: reviewId }, callerId);
    if (!row) throw notFound("REVIEW_NOT_FOUND");
    return toReview(row, row.liked);
  }

  /** The caller's review of a movie: one query when it exists; which 404 it is costs one more when not. */
  async function getMine(callerId: number, movieId: number | null): Promise<Review> {
    const own =
      movieId === null ? undefined : await repo.findReviewForCaller(db, { userId: callerId, movieId }, callerId);
    if (!own) {
      await movieOr404(movieId);
      throw notFound("REVIEW_NOT_FOUND");
    }
    return toReview(own, own.liked);
  }

  /** A movie's reviews; a member's view hides authors they blocked (API.md §1.9). */
  async function listForMovie(callerId: number | null, movieId: number | null, options: ReviewListOptions) {
    const id = await movieOr404(movieId);
    return list(callerId, { movieId: id, hideBlocked: true }, options);
  }

  async function listForUser(callerId: number | null, userId: number | null, options: ReviewListOptions) {
    const user = userId === null ? undefined : await findUserById(db, userId);
    if (!user) throw notFound("USER_NOT_FOUND");
    if (await hasBlocked(db, callerId, user.id)) return [];
    return list(callerId, { userId: user.id, hideBlocked: false }, options);
  }

  async function listMine(callerId: number, options: ReviewListOptions) {
    return list(callerId, { userId: callerId, hideBlocked: false }, options);
  }

  return { getReview, getMine, listForMovie, listForUser, listMine };
}
