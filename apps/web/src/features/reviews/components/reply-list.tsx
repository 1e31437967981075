// A review's replies, oldest first, 10 at a time as the reader scrolls, with the reply form on top. The count is
// everyone's; replies of members the reader blocked are left out of the list, and its end says how many.
import { PAGE_SIZE } from "@moviepedia/contract";
import { useInfiniteWindow } from "../../../shared/hooks";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { InfiniteFooter } from "../../../shared/ui/infinite-footer";
import { Loading } from "../../../shared/ui/loading";
import { UI } from "../../../shared/ui/strings";
import { fetchReplies, replyQueries } from "../api/replies-api";
import { useBlockedIds } from "../hooks/use-blocked-ids";
import { REVIEWS } from "../strings";
import { HiddenByBlockNote } from "./hidden-by-block-note";
import { ReplyForm } from "./reply-form";
import { ReplyItem } from "./reply-item";

export function ReplyList({ reviewId, count }: { reviewId: number; count: number }) {
  const list = useInfiniteWindow({
    queryKey: replyQueries.list(reviewId),
    fetchWindow: (begin, end, signal) => fetchReplies(reviewId, { begin, end }, signal),
    pageSize: PAGE_SIZE.replies,
  });
  const blockedIds = useBlockedIds();
  return (
    <section aria-labelledby="replies-heading" className="border-t-8 border-gray-50">
      <h2 id="replies-heading" className="px-4 pt-4 text-base font-bold text-gray-900">
        {REVIEWS.replies} <span className="text-gray-500 tabular-nums">{count.toLocaleString("ko-KR")}</span>
      </h2>
      <ReplyForm reviewId={reviewId} />
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <div className="flex flex-col items-center gap-2 py-8">
          <ErrorText>{REVIEWS.repliesFailed}</ErrorText>
          <Button variant="secondary" size="sm" onClick={list.retry}>
            {UI.retry}
          </Button>
        </div>
      ) : list.isEmpty ? (
        <EmptyState message={REVIEWS.noReplies} className="py-8" />
      ) : (
        <ul className="divide-y divide-gray-100">
          {list.items.map((reply) => (
            <li key={reply.id}>
              <ReplyItem reply={reply} />
            </li>
          ))}
        </ul>
      )}
      {list.isLoading || list.isError ? null : (
        <HiddenByBlockNote
          total={count}
          shown={list.items.length}
          hasMore={list.hasMore}
          blockedIds={blockedIds}
          kind="replies"
        />
      )}
      <InfiniteFooter list={list} />
    </section>
  );
}
