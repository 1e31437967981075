// The end of an infinite list: the scroll sentinel, "loading more", and a retry when a later window failed.
import type { InfiniteWindow } from "../hooks/use-infinite-window";
import { Button } from "./button";
import { ErrorText } from "./error-text";
import { Loading } from "./loading";
import { UI } from "./strings";

export function InfiniteFooter({
  list,
}: {
  list: Pick<InfiniteWindow<never>, "sentinelRef" | "isLoadingMore" | "isLoadMoreError" | "retry">;
}) {
  return (
    <>
      <div ref={list.sentinelRef} aria-hidden className="h-px" />
      {list.isLoadingMore ? <Loading className="py-4" /> : null}
      {list.isLoadMoreError ? (
        <div className="flex flex-col items-center gap-2 py-4">
          <ErrorText>{UI.loadMoreFailed}</ErrorText>
          <Button variant="secondary" size="sm" onClick={list.retry}>
            {UI.retry}
          </Button>
        </div>
      ) : null}
    </>
  );
}
