// Replies to a review (API.md §4.6): the list as a SPEC §8 fetch helper, writes throwing ApiError.
import { endpoints, LOG, type Reply } from "@moviepedia/contract";
import { api, orNull } from "../../../shared/lib/api";

export function fetchReplies(
  reviewId: number,
  window: { begin: number; end: number },
  signal?: AbortSignal,
): Promise<Reply[] | null> {
  return orNull(api(endpoints.replies.list, { params: { review_id: reviewId }, query: window, signal }), LOG.replyList);
}

export function createReply(reviewId: number, content: string): Promise<Reply> {
  return api(endpoints.replies.create, { params: { review_id: reviewId }, body: { content } });
}

export function editReply(replyId: number, content: string): Promise<Reply> {
  return api(endpoints.replies.edit, { params: { reply_id: replyId }, body: { content } });
}

export function deleteReply(replyId: number): Promise<void> {
  return api(endpoints.replies.remove, { params: { reply_id: replyId } });
}

export function toggleReplyLike(replyId: number): Promise<Reply> {
  return api(endpoints.replies.like, { params: { reply_id: replyId } });
}

export const replyQueries = {
  all: ["replies"] as const,
  list: (reviewId: number) => [...replyQueries.all, reviewId] as const,
};
