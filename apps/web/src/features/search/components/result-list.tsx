// One tab's results: windows of 10 with infinite scroll, "검색 결과가 없습니다" when empty, red text on failure.
import { MSG, PAGE_SIZE } from "@moviepedia/contract";
import type { QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useInfiniteWindow } from "../../../shared/hooks";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { InfiniteFooter } from "../../../shared/ui/infinite-footer";
import { Loading } from "../../../shared/ui/loading";

export interface ResultListProps<T extends { id: number }> {
  queryKey: QueryKey;
  fetchWindow: (begin: number, end: number, signal: AbortSignal) => Promise<T[] | null>;
  /** `index` counts from the top of the list (the first rows are above the fold). */
  renderItem: (item: T, index: number) => ReactNode;
  /** Tailwind classes of the <ul> (divided rows by default). */
  listClassName?: string;
  /** Shown instead of "검색 결과가 없습니다" when the list is empty (null: nothing, more results follow below). */
  emptyContent?: ReactNode;
}

export function ResultList<T extends { id: number }>({
  queryKey,
  fetchWindow,
  renderItem,
  listClassName = "divide-y divide-gray-100",
  emptyContent,
}: ResultListProps<T>) {
  const list = useInfiniteWindow({ queryKey, fetchWindow, pageSize: PAGE_SIZE.search });
  if (list.isLoading) return <Loading />;
  if (list.isError) return <ErrorText className="px-4 py-10 text-center">{MSG.searchFailed}</ErrorText>;
  if (list.isEmpty) return emptyContent !== undefined ? emptyContent : <EmptyState message={MSG.noResults} />;
  return (
    <>
      <ul className={listClassName}>
        {list.items.map((item, index) => (
          <li key={item.id}>{renderItem(item, index)}</li>
        ))}
      </ul>
      <InfiniteFooter list={list} />
    </>
  );
}
