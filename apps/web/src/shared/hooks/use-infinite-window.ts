// Infinite scroll over begin/end windows (SPEC §4, API.md §1.5): loads the next window when the sentinel comes
// within 100 px of the bottom, stops on a short page, and de-duplicates by id (windows over changing orders can
// repeat an item).
import { INFINITE_SCROLL_THRESHOLD_PX } from "@moviepedia/contract";
import { type QueryKey, useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";

export interface InfiniteWindowOptions<T> {
  /** The list's query key (from the feature's query factory); windows are cached under it. */
  queryKey: QueryKey;
  /** Loads [begin, end). Null means the request failed (the fetch helper has logged it). */
  fetchWindow: (begin: number, end: number, signal: AbortSignal) => Promise<T[] | null>;
  pageSize: number;
  enabled?: boolean;
}

export interface InfiniteWindow<T> {
  items: T[];
  /** First window still loading. */
  isLoading: boolean;
  isLoadingMore: boolean;
  /** The first window failed (show ErrorText instead of the list). */
  isError: boolean;
  /** A later window failed; automatic loading pauses until `retry`. */
  isLoadMoreError: boolean;
  isEmpty: boolean;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
  /** Attach to an element after the last item. */
  sentinelRef: (element: Element | null) => void;
}

class WindowLoadError extends Error {}

export function dedupeById<T extends { id: number }>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<number>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

function nearBottom(element: Element): boolean {
  return element.getBoundingClientRect().top - window.innerHeight <= INFINITE_SCROLL_THRESHOLD_PX;
}

export function useInfiniteWindow<T extends { id: number }>(options: InfiniteWindowOptions<T>): InfiniteWindow<T> {
  const { queryKey, fetchWindow, pageSize, enabled = true } = options;
  const query = useInfiniteQuery({
    queryKey,
    enabled,
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchWindow(pageParam, pageParam + pageSize, signal);
      if (page === null) throw new WindowLoadError();
      return page;
    },
    getNextPageParam: (last, _all, lastBegin) => (last.length < pageSize ? undefined : lastBegin + pageSize),
    retry: false,
  });
  const { data, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage, refetch } = query;
  const items = useMemo(() => dedupeById(data?.pages ?? []), [data]);
  const pageCount = data?.pages.length ?? 0;
  const [sentinel, setSentinel] = useState<Element | null>(null);

  const canAutoLoad = Boolean(sentinel) && hasNextPage && !isFetching && !isFetchNextPageError;
  useEffect(() => {
    if (!sentinel || !canAutoLoad) return;
    const load = () => void fetchNextPage();
    if (typeof IntersectionObserver === "undefined") {
      const onScroll = () => nearBottom(sentinel) && load();
      onScroll();
      window.addEventListener("scroll", onScroll, { passive: true });
      return () => window.removeEventListener("scroll", onScroll);
    }
    // Re-created after every window (pageCount): its first report tells whether the sentinel is still in reach,
    // so a page shorter than the screen keeps loading without a scroll.
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), {
      rootMargin: `0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px`,
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, canAutoLoad, fetchNextPage, pageCount]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage]);
  const retry = useCallback(() => {
    if (isFetchNextPageError) void fetchNextPage();
    else void refetch();
  }, [isFetchNextPageError, fetchNextPage, refetch]);

  return {
    items,
    isLoading: query.isPending && enabled,
    isLoadingMore: query.isFetchingNextPage,
    isError: query.isError && !isFetchNextPageError,
    isLoadMoreError: isFetchNextPageError,
    isEmpty: query.isSuccess && items.length === 0,
    hasMore: Boolean(hasNextPage),
    loadMore,
    retry,
    sentinelRef: setSentinel,
  };
}
