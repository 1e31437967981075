// A titled, horizontally scrolling row of posters (charts on home, filmographies, collections).
import { type ReactNode, useDeferredValue } from "react";
import { Link } from "react-router";
import { EmptyState } from "./empty-state";
import { ErrorText } from "./error-text";
import { Poster } from "./poster";
import { UI } from "./strings";

export interface PosterRowItem {
  id: number;
  title: string;
  posterUrl: string;
  href: string;
  /** Rank badge (charts). */
  rank?: number;
  /** A line under the title (year, average rating…). */
  caption?: ReactNode;
}

export interface HorizontalPosterRowProps {
  title: string;
  items: readonly PosterRowItem[];
  loading?: boolean;
  /** Korean error text shown in red instead of the row. */
  error?: string | null;
  emptyMessage?: string;
  /** A "더 보기"-style link next to the title. */
  more?: { href: string; label?: string };
}

export function HorizontalPosterRow({ title, items, loading, error, emptyMessage, more }: HorizontalPosterRowProps) {
  return (
    <section className="py-4" aria-label={title}>
      <div className="flex items-baseline justify-between px-4 pb-3">
        <h2 className="text-lg font-bold text-gray-900">{title}</h2>
        {more ? (
          <Link to={more.href} className="text-sm text-accent hover:underline">
            {more.label ?? UI.loadMore}
          </Link>
        ) : null}
      </div>
      {error ? (
        <ErrorText className="px-4">{error}</ErrorText>
      ) : loading ? (
        <ul className="flex gap-3 overflow-hidden px-4" aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            <li key={index} className="w-28 shrink-0">
              <div className="aspect-[2/3] animate-pulse rounded-md bg-gray-100" />
              <div className="mt-2 h-3 w-20 animate-pulse rounded bg-gray-100" />
            </li>
          ))}
        </ul>
      ) : items.length === 0 ? (
        <EmptyState message={emptyMessage ?? UI.empty} className="py-6" />
      ) : (
        <PosterItems items={items} />
      )}
    </section>
  );
}

/** Posters a phone shows without scrolling: they render (and load) first. */
const FIRST_SCREEN = 4;

/**
 * The row's posters. The first render after the data lands shows one screenful; the rest follow in a deferred render
 * React can interrupt, so neither the commit nor the off-screen images hold up the first paint of the row.
 */
function PosterItems({ items }: { items: readonly PosterRowItem[] }) {
  const shown = useDeferredValue(items.length, Math.min(items.length, FIRST_SCREEN));
  return (
    <ul className="flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
      {items.slice(0, shown).map((item, index) => (
        <li key={item.id} className="w-28 shrink-0 snap-start">
          <Link to={item.href} className="group block rounded-md focus-visible:outline-2 focus-visible:outline-accent">
            <div className="relative">
              <Poster
                src={item.posterUrl}
                title={item.title}
                movieId={item.id}
                sizes="112px"
                loading={index < FIRST_SCREEN ? "eager" : "lazy"}
              />
              {item.rank !== undefined ? (
                <span className="absolute top-1 left-1 rounded bg-black/70 px-1.5 text-sm font-bold text-white">
                  {item.rank}
                </span>
              ) : null}
            </div>
            <p className="mt-2 line-clamp-2 text-sm font-medium text-gray-900 group-hover:underline">{item.title}</p>
            {item.caption ? <div className="mt-0.5 text-xs text-gray-500">{item.caption}</div> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
