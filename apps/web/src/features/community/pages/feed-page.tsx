// /feed (소식, issue #21): what the members you follow did, newest first, loaded 20 at a time as you scroll, each
// window after the last item shown (keyset), so new activity never repeats an item.
import type { FeedItem } from "@moviepedia/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useAuth } from "../../../shared/lib/auth";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { Loading } from "../../../shared/ui/loading";
import { PageHeader } from "../../../shared/ui/page-header";
import { UI } from "../../../shared/ui/strings";
import { communityKeys, FEED_PAGE_SIZE, type FeedCursor, fetchFeedWindow } from "../api/community-api";
import { FeedItemCard } from "../components/feed-item-card";
import { COMMUNITY } from "../strings";
import { LoginToSee } from "../components/login-to-see";

function useFeed(enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: communityKeys.feed,
    enabled,
    initialPageParam: null as FeedCursor | null,
    queryFn: ({ pageParam, signal }) => fetchFeedWindow(pageParam, FEED_PAGE_SIZE, signal),
    getNextPageParam: (last: FeedItem[]) => {
      const tail = last[last.length - 1];
      return last.length < FEED_PAGE_SIZE || !tail ? undefined : { before: tail.created_at, before_id: tail.id };
    },
    retry: false,
  });
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages ?? []).flat().filter((item) => !seen.has(item.id) && seen.add(item.id));
  }, [query.data]);
  return { ...query, items };
}

export default function FeedPage() {
  const { isLoggedIn } = useAuth();
  const feed = useFeed(isLoggedIn);
  const [sentinel, setSentinel] = useState<Element | null>(null);
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = feed;
  useEffect(() => {
    if (!sentinel || !hasNextPage || isFetching || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: "0px 0px 100px 0px" },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);

  return (
    <>
      <PageHeader title={COMMUNITY.feedTitle} back={false} />
      {!isLoggedIn ? (
        <LoginToSee />
      ) : feed.isPending ? (
        <Loading className="py-16" />
      ) : feed.isError && feed.items.length === 0 ? (
        <ErrorText className="px-4 py-16 text-center">{COMMUNITY.feedFailed}</ErrorText>
      ) : feed.items.length === 0 ? (
        <EmptyState message={COMMUNITY.feedEmpty} />
      ) : (
        <>
          <div>
            {feed.items.map((item) => (
              <FeedItemCard key={item.id} item={item} />
            ))}
          </div>
          <div ref={setSentinel} aria-hidden className="h-px" />
          {feed.isFetchingNextPage ? <Loading className="py-4" /> : null}
          {isFetchNextPageError ? (
            <div className="flex flex-col items-center gap-2 py-4">
              <ErrorText>{UI.loadMoreFailed}</ErrorText>
              <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
                {UI.retry}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
