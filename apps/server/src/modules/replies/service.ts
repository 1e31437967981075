// Replies to a review (API.md §4.6). The review's comments_count moves in the same transaction as the reply.
// Lock order as in reviews: the review row before its replies, so a reply delete never crosses a review delete.
import type { Reply } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Dialect } from "../../db/connection.js";
import type { Database, ReplyRow } from "../../db/types.js";
import { notFound, notOwner } from "../../http/errors.js";
import type { Window } from "../../http/window.js";
import { type Clock, toTimestamp } from "../../lib/time.js";
import { inTransaction } from "../../lib/transaction.js";
import { replied } from "../notifications/index.js";
import { likedSet, toggleLike } from "../shared/index.js";
import { adjustCommentsCount, findReviewById } from "../reviews/index.js";
import { isVisible, stateOf } from "../reviews/index.js";
import { toReply } from "./mapper.js";
import * as repo from "./repository.js";

export interface RepliesDeps {
  db: Kysely<Database>;
  clock: Clock;
  dialect: Dialect;
}

export function createRepliesService(deps: RepliesDeps) {
  const { db, clock } = deps;
  const lock = deps.dialect === "postgres";

  async function answer(trx: Kysely<Database>, replyId: number, like: boolean): Promise<Reply> {
    const row = await repo.findReplyWithAuthor(trx, replyId);
    if (!row) throw new Error(`reply ${replyId} vanished inside its own transaction`);
    return toReply(row, like);
  }

  async function callerLikes(trx: Kysely<Database>, callerId: number, replyId: number): Promise<boolean> {
    return (await likedSet(trx, "reply_likes", callerId, [replyId])).has(replyId);
  }

  async function reviewOr404(trx: Kysely<Database>, reviewId: number | null, withLock: boolean) {
    const review = reviewId === null ? undefined : await findReviewById(trx, reviewId, withLock && lock);
    // A hidden (emptied) review takes no replies and shows none (API.md §4.5).
    if (!review || !isVisible(stateOf(review))) throw notFound("REVIEW_NOT_FOUND");
    return review;
  }

  async function replyOr404(trx: Kysely<Database>, replyId: number | null): Promise<ReplyRow> {
    const reply = replyId === null ? undefined : await repo.findReplyById(trx, replyId, lock);
    if (!reply) throw notFound("REPLY_NOT_FOUND");
    return reply;
  }

  async function create(callerId: number, reviewId: number | null, content: string): Promise<Reply> {
    return inTransaction(db, async (trx) => {
      const review = await reviewOr404(trx, reviewId, true);
      const reply = await repo.insertReply(trx, {
        reviewId: review.id,
        userId: callerId,
        content,
        now: toTimestamp(clock.now()),
      });
      await adjustCommentsCount(trx, review.id, 1);
      await replied(trx, { id: reply.id, review_id: review.id, user_id: callerId }, review.user_id, clock.now());
      return answer(trx, reply.id, false);
    });
  }

  async function edit(callerId: number, replyId: number | null, content: string): Promise<Reply> {
    return inTransaction(db, async (trx) => {
      const reply = await replyOr404(trx, replyId);
      if (reply.user_id !== callerId) throw notOwner();
      if (reply.content !== content) await repo.updateReplyContent(trx, reply.id, content);
      return answer(trx, reply.id, await callerLikes(trx, callerId, reply.id));
    });
  }

  async function remove(callerId: number, replyId: number | null): Promise<void> {
    await inTransaction(db, async (trx) => {
      const seen = replyId === null ? undefined : await repo.findReplyById(trx, replyId);
      // Lock the review before the reply (the order a review delete takes), then re-read the reply under lock.
      const review = seen ? await findReviewById(trx, seen.review_id, lock) : undefined;
      const reply = review && seen ? await replyOr404(trx, seen.id) : undefined;
      if (!reply) throw notFound("REPLY_NOT_FOUND");
      if (reply.user_id !== callerId) throw notOwner();
      await repo.deleteReplyCascade(trx, reply.id);
      await adjustCommentsCount(trx, reply.review_id, -1);
    });
  }

  /**
   * A reply restored by an import, inside the import's transaction: on a visible review (locked, as create locks it),
   * counted in its comments_count, once — the same text by the same member on the same review is there already —
   * and without notifying the review's author (a restored reply is no news). `missing` when the review is not
   * there or hidden.
   */
  async function restoreIn(
    trx: Kysely<Database>,
    callerId: number,
    reviewId: number,
    content: string,
  ): Promise<"created" | "exists" | "missing"> {
    const review = await findReviewById(trx, reviewId, lock);
    if (!review || !isVisible(stateOf(review))) return "missing";
    if (await repo.hasSameReply(trx, review.id, callerId, content)) return "exists";
    await repo.insertReply(trx, { reviewId: review.id, userId: callerId, content, now: toTimestamp(clock.now()) });
    await adjustCommentsCount(trx, review.id, 1);
    return "created";
  }

  async function toggleReplyLike(callerId: number, replyId: number | null): Promise<Reply> {
    return inTransaction(db, async (trx) => {
      const reply = await replyOr404(trx, replyId);
      const liked = await toggleLike(trx, "reply_likes", callerId, reply.id, clock.now());
      return answer(trx, reply.id, liked);
    });
  }

  /** A review's replies, oldest first; a member's view hides authors they blocked (API.md §1.9). */
  async function list(callerId: number | null, reviewId: number | null, window: Window): Promise<Reply[]> {
    const review = await reviewOr404(db, reviewId, false);
    if (window.limit === 0) return [];
    const rows = await repo.listReplies(db, { reviewId: review.id, hideBlockedBy: callerId, ...window });
    const liked = await likedSet(
      db,
      "reply_likes",
      callerId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toReply(r, liked.has(r.id)));
  }

  return { create, edit, remove, restoreIn, toggleLike: toggleReplyLike, list };
}

export type RepliesService = ReturnType<typeof createRepliesService>;
