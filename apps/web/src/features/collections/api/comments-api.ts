// Collection comments of API.md §4.8. Writes answer the full comment, which replaces the shown one in the cache.
import { type CollectionComment, endpoints } from "@moviepedia/contract";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { api } from "../../../shared/lib/api";
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
    return await api(endpoints.collectionComments.list, {
      params: { collection_id: collectionId },
      query: { begin, end },
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    console.error(LIST_LOG, error);
    return null;
  }
}

export function postComment(collectionId: number, content: string): Promise<CollectionComment> {
  return api(endpoints.collectionComments.create, { params: { collection_id: collectionId }, body: { content } });
}

export function editComment(commentId: number, content: string): Promise<CollectionComment> {
  return api(endpoints.collectionComments.edit, { params: { comment_id: commentId }, body: { content } });
}

export function deleteComment(commentId: number): Promise<void> {
  return api(endpoints.collectionComments.remove, { params: { comment_id: commentId } });
}

export function toggleCommentLike(commentId: number): Promise<CollectionComment> {
  return api(endpoints.collectionComments.like, { params: { comment_id: commentId } });
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
