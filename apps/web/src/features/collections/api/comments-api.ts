// Collection comments of API.md §4.8. Writes answer the full comment, which replaces the shown one in the cache.
import type { CollectionComment } from "@moviepedia/contract";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../shared/lib/api";
import { collectionQueries } from "./collections-api";

const LIST_LOG = "Failed to fetch collection comments";

/** A window of comments, oldest first (blocked authors removed for the caller); null when it failed (logged). */
export async function fetchCommentWindow(
  collectionId: number,
  begin: number,
  end: number,
  signal: AbortSignal,
): Promise<CollectionComment[] | null> {
  try {
    return await apiFetch<CollectionComment[]>(`/api/collection_comments/${collectionId}/list`, {
      signal,
      query: { begin, end },
    });
  } catch (error) {
    if (signal.aborted) throw error;
    console.error(LIST_LOG, error);
    return null;
  }
}

export function postComment(collectionId: number, content: string): Promise<CollectionComment> {
  return apiFetch<CollectionComment>(`/api/collection_comments/${collectionId}`, {
    method: "POST",
    auth: "required",
    body: { content },
  });
}

export function editComment(commentId: number, content: string): Promise<CollectionComment> {
  return apiFetch<CollectionComment>(`/api/collection_comments/${commentId}`, {
    method: "PATCH",
    auth: "required",
    body: { content },
  });
}

export function deleteComment(commentId: number): Promise<void> {
  return apiFetch<void>(`/api/collection_comments/${commentId}`, { method: "DELETE", auth: "required" });
}

export function toggleCommentLike(commentId: number): Promise<CollectionComment> {
  return apiFetch<CollectionComment>(`/api/collection_comments/like/${commentId}`, {
    method: "PATCH",
    auth: "required",
  });
}

type CommentPages = InfiniteData<CollectionComment[], number>;

/** Puts the server's answer in place of the shown comment (like toggles and edits). */
export function replaceCachedComment(client: QueryClient, updated: CollectionComment): void {
  client.setQueryData<CommentPages>(collectionQueries.comments(updated.collection_id), (data) =>
    data ? { ...data, pages: data.pages.map((page) => page.map((c) => (c.id === updated.id ? updated : c))) } : data,
  );
}

export function removeCachedComment(client: QueryClient, collectionId: number, commentId: number): void {
  client.setQueryData<CommentPages>(collectionQueries.comments(collectionId), (data) =>
    data ? { ...data, pages: data.pages.map((page) => page.filter((c) => c.id !== commentId)) } : data,
  );
}
