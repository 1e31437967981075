// A collection's comments: the post box, then the comments oldest first in windows of 10 with infinite scroll. A
// link to one comment (`#comment-{id}`, as notifications give) loads windows until that comment is there, then
// scrolls to it and marks it.
import { MSG, PAGE_SIZE } from "@moviepedia/contract";
import { type Ref, useEffect } from "react";
import { useLocation } from "react-router";
import { useInfiniteWindow } from "../../../shared/hooks";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { InfiniteFooter } from "../../../shared/ui/infinite-footer";
import { Loading } from "../../../shared/ui/loading";
import { collectionQueries } from "../api/collections-api";
import { fetchCommentWindow } from "../api/comments-api";
import { COLLECTIONS } from "../strings";
import { CommentForm } from "./comment-form";
import { CommentItem } from "./comment-item";

export interface CollectionCommentsProps {
  collectionId: number;
  count: number;
  /** The section heading, focused by "댓글로 이동". */
  headingRef: Ref<HTMLHeadingElement>;
}

/** Windows loaded at most while looking for a linked comment (a deleted one is simply not found). */
const MAX_WINDOWS_FOR_ANCHOR = 30;

export function CollectionComments({ collectionId, count, headingRef }: CollectionCommentsProps) {
  const list = useInfiniteWindow({
    queryKey: collectionQueries.comments(collectionId),
    fetchWindow: (begin, end, signal) => fetchCommentWindow(collectionId, begin, end, signal),
    pageSize: PAGE_SIZE.collectionComments,
  });
  const targetId = Number(/^#comment-(\d+)$/.exec(useLocation().hash)?.[1] ?? NaN);
  const found = list.items.some((comment) => comment.id === targetId);
  const { hasMore, isLoadingMore, isLoading, loadMore } = list;
  const windows = Math.ceil(list.items.length / PAGE_SIZE.collectionComments);
  useEffect(() => {
    if (!Number.isFinite(targetId) || isLoading) return;
    if (found) document.getElementById(`comment-${targetId}`)?.scrollIntoView({ block: "center" });
    else if (hasMore && !isLoadingMore && windows < MAX_WINDOWS_FOR_ANCHOR) loadMore();
  }, [targetId, found, hasMore, isLoadingMore, isLoading, loadMore, windows]);
  return (
    <section aria-labelledby="collection-comments" className="scroll-mt-16 pt-8">
      <div className="px-4">
        <h2
          id="collection-comments"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-bold text-gray-900 outline-none"
        >
          {COLLECTIONS.commentsHeading} <span className="text-gray-500">{count}</span>
        </h2>
        <CommentForm collectionId={collectionId} />
      </div>
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <ErrorText className="px-4 py-8 text-center">{MSG.listFailed}</ErrorText>
      ) : list.isEmpty ? (
        <EmptyState message={COLLECTIONS.commentsEmpty} className="py-10" />
      ) : (
        <ul className="mt-2 divide-y divide-gray-100 border-t border-gray-100">
          {list.items.map((comment) => (
            <li
              key={comment.id}
              id={`comment-${comment.id}`}
              className={comment.id === targetId ? "scroll-mt-20 bg-amber-50" : "scroll-mt-20"}
              aria-current={comment.id === targetId ? "true" : undefined}
            >
              <CommentItem comment={comment} />
            </li>
          ))}
        </ul>
      )}
      <InfiniteFooter list={list} />
    </section>
  );
}
