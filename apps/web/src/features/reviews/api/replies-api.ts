// Replies to a review (API.md §4.6): the list as a SPEC §8 fetch helper, writes throwing ApiError.
import { LOG, type Reply } from "@moviepedia/contract";
import { apiFetch, fetchOrNull } from "../../../shared/lib/api";

export function fetchReplies(
  reviewId: number,
  window: { begin: number; end: number },
  signal?: AbortSignal,
): Promise<Reply[] | null> {
  return fetchOrNull<Reply[]>(`/api/comments/review/${reviewId}`, LOG.replyList, { signal, query: window });
}

export function createReply(reviewId: number, content: string): Promise<Reply> {
  return apiFetch<Reply>(`/api/comments/${reviewId}`, { method: "POST", auth: "required", body: { content } });
}

export function editReply(replyId: number, content: string): Promise<Reply> {
  return apiFetch<Reply>(`/api/comments/${replyId}`, { method: "PATCH", auth: "required", body: { content } });
}

export function deleteReply(replyId: number): Promise<void> {
  return apiFetch<void>(`/api/comments/${replyId}`, { method: "DELETE", auth: "required" });
}

export function toggleReplyLike(replyId: number): Promise<Reply> {
  return apiFetch<Reply>(`/api/comments/like/${replyId}`, { method: "PATCH", auth: "required" });
}

export const replyQueries = {
  all: ["replies"] as const,
  list: (reviewId: number) => [...replyQueries.all, reviewId] as const,
};
