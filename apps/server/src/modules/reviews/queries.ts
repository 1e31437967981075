// Review reads (API.md §4.5): single reviews, "my review" of a movie and the four windowed lists.
import { Review, type UserReviewCounts } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/types.js";
import { defineRegion, keepsWindow } from "../../cache/index.js";
import { notFound } from "../../http/errors.js";
import { type Clock, systemClock, toTimestamp } from "../../lib/time.js";
import { blocksAnyone, hasBlocked } from "../shared/index.js";
import { likedSet } from "../shared/index.js";
import { findUserById } from "../users/index.js";
import type { ReviewListOptions } from "./list-query.js";
import { emptyReview, toReview, toReviews } from "./mapper.js";
import * as repo from "./repository.js";
import { isVisible, stateOf } from "./state.js";

const ReviewList = z.array(Review);

interface KeptWindow {
  ids: number[];
  /** Each row as sent to a reader who does not like it, and to one who does. */
  plain: string[];
  liked: string[];
  /** The whole window for a reader who likes none of its rows (the usual answer), UTF-8 encoded once. */
  unliked: Buffer;
}

/** A window that is not kept (beyond the first pages): only what this answer needs is encoded. */
interface PassingWindow {
  ids: number[];
  plain: string[];
  rows: repo.ReviewWithAuthor[];
}

const stringsSize = (list: readonly string[]) => list.reduce((n, s) => n + s.length * 2 + 16, 0);

// The most read lists — a popular film's first pages — are the same for every visitor and every member who blocked
// nobody: their rows' JSON is kept per film (or member) and that scope's review-list version, which triggers renew
// with every change of a review listed there (new, edited, emptied, deleted, liked, replied to) and when the film or
// member is deleted (migration 0019), until the authors' public columns change (a rename, a new picture). So a like
// on one film's review leaves every other film's windows kept. A kept window also proves its film or member existed
// at that version. Likes are the caller's own, looked up per read; the answer is put together from each row's JSON,
// kept with and without the caller's like.
const windowsRegion = defineRegion<KeptWindow | PassingWindow>({
  name: "review-windows",
  share: 0.07,
  stale: { token: "tables", tables: ["user_names"] },
  keeps: "a review list's window (first pages only): each row's JSON with and without the reader's like",
  // Only KeptWindows are kept (a PassingWindow is built with keep: false).
  sizeOf: (w) =>
    "rows" in w ? 2 ** 40 : w.ids.length * 8 + stringsSize(w.plain) + stringsSize(w.liked) + w.unliked.byteLength,
});
// Windows that differ per member (they block someone, or ask for the people they follow): their answers as sent.
const personalWindowsRegion = defineRegion<string>({
  name: "review-windows-personal",
  share: 0.03,
  stale: { token: "database-free" },
  keeps: "a review list's window as sent to a member who blocks someone or filters by follows",
});
const mineRegion = defineRegion<string | Review>({
  name: "review-mine",
  share: 0.03,
  stale: { token: "database-free" },
  keeps: "a member's own review of a film as sent (or the empty review, stamped when sent)",
  sizeOf: (v) => (typeof v === "string" ? v.length * 2 : 512),
});

const encodeList = (reviews: Review[]) => JSON.stringify(z.encode(ReviewList, reviews));
const encodeEach = (rows: readonly repo.ReviewWithAuthor[], like: boolean) =>
  rows.map((r) => JSON.stringify(z.encode(Review, toReview(r, like))));

export function createReviewQueries(db: Kysely<Database>, clock: Clock = systemClock) {
  async function movieOr404(movieId: number | null): Promise<number> {
    if (movieId === null || !(await repo.movieExists(db, movieId))) throw notFound("MOVIE_NOT_FOUND");
    return movieId;
  }

  /**
   * One window of a list as JSON. `ensureScope` throws the list's 404 (its film or member is gone); it runs unless a
   * window kept at the current version shows the scope existed.
   */
  async function listJson(
    callerId: number | null,
    scope: { movieId?: number; userId?: number; hideBlocked: boolean },
    options: ReviewListOptions,
    ensureScope: () => Promise<unknown>,
  ): Promise<string | Buffer> {
    const filter: repo.ReviewListFilter = {
      movieId: scope.movieId,
      userId: scope.userId,
      hideBlockedBy: scope.hideBlocked ? callerId : null,
      hasContent: options.hasContent,
      followedBy: options.following ? callerId : null,
      status: options.status,
      rated: options.rated,
      sort: options.sort,
      offset: options.window.offset,
      limit: options.window.limit,
    };
    if (filter.limit === 0) {
      await ensureScope();
      return "[]";
    }
    const personal =
      filter.followedBy !== null || (filter.hideBlockedBy !== null && (await blocksAnyone(db, filter.hideBlockedBy)));
    const key = [
      filter.movieId,
      filter.userId,
      filter.hasContent,
      filter.status,
      filter.rated,
      filter.sort,
      filter.offset,
      filter.limit,
    ].join();
    const keep = { keep: keepsWindow(options.window) };
    if (personal) {
      const personalKey = `${callerId}:${filter.followedBy !== null}:${key}`;
      const build = async () => {
        await ensureScope();
        return encodeList(await toReviews(db, await repo.listReviews(db, filter), callerId));
      };
      return personalWindowsRegion.get(db, personalKey, build, keep);
    }
    const build = async (): Promise<KeptWindow | PassingWindow> => {
      await ensureScope();
      const rows = await repo.listReviews(db, { ...filter, hideBlockedBy: null });
      const ids = rows.map((r) => r.id);
      const plain = encodeEach(rows, false);
      if (!keep.keep) return { ids, plain, rows };
      return { ids, plain, liked: encodeEach(rows, true), unliked: Buffer.from(`[${plain.join(",")}]`) };
    };
    // The scope's review-list version, read before the rows, keys the shared window (personal ones are under the
    // database version already).
    const version =
      filter.movieId !== undefined
        ? await repo.reviewListVersion(db, "movie", filter.movieId)
        : await repo.reviewListVersion(db, "user", filter.userId!);
    const window = await windowsRegion.get(db, `${version}:${key}`, build, keep);
    const liked = await likedSet(db, "review_likes", callerId, window.ids);
    if ("rows" in window) {
      const { rows, plain } = window;
      if (liked.size === 0) return `[${plain.join(",")}]`;
      return `[${rows.map((r, i) => (liked.has(r.id) ? encodeEach([r], true)[0] : plain[i])).join(",")}]`;
    }
    if (liked.size === 0) return window.unliked;
    return `[${window.ids.map((id, i) => (liked.has(id) ? window.liked[i] : window.plain[i])).join(",")}]`;
  }

  /** One review with the caller's like: one query. A hidden (emptied) review is unknown to everyone (§4.5). */
  async function getReview(reviewId: number | null, callerId: number | null): Promise<Review> {
    const row = reviewId === null ? undefined : await repo.findReviewForCaller(db, { id: reviewId }, callerId);
    if (!row || !isVisible(stateOf(row))) throw notFound("REVIEW_NOT_FOUND");
    return toReview(row, row.liked);
  }

  /**
   * The caller's review of a movie, serialised (a movie page asks for it on every visit): one query when it exists,
   * kept until the next write. With none, or only a hidden one, the empty object (API.md §4.5: the hidden row's id
   * and created_at, else id 0 and the time of the request); only an unknown movie is a 404.
   */
  async function getMineJson(callerId: number, movieId: number | null): Promise<string> {
    if (movieId === null) throw notFound("MOVIE_NOT_FOUND");
    const kept = await mineRegion.get(db, `${callerId}:${movieId}`, async (): Promise<string | Review> => {
      const own = await repo.findReviewForCaller(db, { userId: callerId, movieId }, callerId);
      if (own && isVisible(stateOf(own))) return JSON.stringify(z.encode(Review, toReview(own, own.liked)));
      if (own) {
        const author = { id: own.user_id, username: own.author_name, profile_url: own.author_profile_url };
        return JSON.stringify(z.encode(Review, emptyReview(author, movieId, own, own.created_at)));
      }
      await movieOr404(movieId);
      const author = await findUserById(db, callerId);
      if (!author) throw notFound("USER_NOT_FOUND");
      // Kept without its time: each answer is stamped when it is sent.
      return emptyReview(author, movieId, null, "");
    });
    if (typeof kept === "string") return kept;
    return JSON.stringify(z.encode(Review, { ...kept, created_at: toTimestamp(clock.now()) }));
  }

  /** A movie's reviews, serialised; a member's view hides authors they blocked (API.md §1.9). */
  async function listForMovie(callerId: number | null, movieId: number | null, options: ReviewListOptions) {
    if (movieId === null) throw notFound("MOVIE_NOT_FOUND");
    return listJson(callerId, { movieId, hideBlocked: true }, options, () => movieOr404(movieId));
  }

  /** A member's reviews, serialised: none for a caller who blocked them. */
  async function listForUser(callerId: number | null, userId: number | null, options: ReviewListOptions) {
    if (userId === null) throw notFound("USER_NOT_FOUND");
    // A block row names an existing member (deleting one deletes their blocks), so this answer needs no 404 check.
    if (await hasBlocked(db, callerId, userId)) return "[]";
    return listJson(callerId, { userId, hideBlocked: false }, options, async () => {
      if (!(await findUserById(db, userId))) throw notFound("USER_NOT_FOUND");
    });
  }

  /**
   * [EXT] A member's visible rows by kind (the profile's tabs); all zero for a caller who blocked them, as their list
   * is empty for that caller.
   */
  async function countsForUser(callerId: number | null, userId: number | null): Promise<UserReviewCounts> {
    if (userId === null || !(await findUserById(db, userId))) throw notFound("USER_NOT_FOUND");
    if (await hasBlocked(db, callerId, userId)) {
      return { user_id: userId, total: 0, rated: 0, commented: 0, watch_list: 0, watching: 0 };
    }
    return { user_id: userId, ...(await repo.countUserReviews(db, userId)) };
  }

  /** The caller's own reviews, serialised. */
  async function listMine(callerId: number, options: ReviewListOptions) {
    return listJson(callerId, { userId: callerId, hideBlocked: false }, options, async () => {});
  }

  return { getReview, getMineJson, listForMovie, listForUser, listMine, countsForUser };
}
