// A titled, horizontally scrolling row of posters (charts on home, filmographies, collections). Touch swipes it;
// a mouse uses the previous/next buttons (from 768 px), shift+wheel or a trackpad; a keyboard focuses the row (or a
// poster in it) and uses ←/→, Home and End. Posters are 112 px wide on phones and 168 px from 1024 px.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useDeferredValue, useRef } from "react";
import { Link } from "react-router";
import { EmptyState } from "./empty-state";
import { ErrorText } from "./error-text";
import { Poster } from "./poster";
import { UI } from "./strings";
import { useRowScroll } from "./use-row-scroll";

/** How wide a row's posters are drawn (`sizes`): what a page that preloads its first posters asks for too. */
export const ROW_POSTER_SIZES = "(min-width: 1024px) 168px, 112px";

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
            <li key={index} className="w-28 shrink-0 lg:w-[168px]">
              <div className="aspect-[2/3] animate-pulse rounded-md bg-gray-100" />
              <div className="mt-2 h-3 w-20 animate-pulse rounded bg-gray-100" />
            </li>
          ))}
        </ul>
      ) : items.length === 0 ? (
        <EmptyState message={emptyMessage ?? UI.empty} className="py-6" />
      ) : (
        <PosterItems items={items} title={title} />
      )}
    </section>
  );
}

/** Posters a phone shows without scrolling: they render (and load) first. */
export const FIRST_SCREEN = 4;

/**
 * The row's posters. The first render after the data lands shows one screenful; the rest follow in a deferred render
 * React can interrupt, so neither the commit nor the off-screen images hold up the first paint of the row.
 */
function PosterItems({ items, title }: { items: readonly PosterRowItem[]; title: string }) {
  const shown = useDeferredValue(items.length, Math.min(items.length, FIRST_SCREEN));
  const scroller = useRef<HTMLUListElement>(null);
  const scroll = useRowScroll(scroller, shown);
  const arrow =
    "absolute top-[38%] z-10 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-gray-800 shadow-md ring-1 ring-black/10 transition hover:bg-white focus-visible:outline-2 focus-visible:outline-accent md:flex";
  return (
    <div className="relative">
      {scroll.canBack ? (
        <button
          type="button"
          aria-label={UI.rowBack(title)}
          onClick={() => scroll.page(-1)}
          className={`${arrow} left-1`}
        >
          <ChevronLeft aria-hidden size={22} />
        </button>
      ) : null}
      <ul
        ref={scroller}
        tabIndex={0}
        aria-label={UI.rowScroller(title)}
        onKeyDown={scroll.onKeyDown}
        className="flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto overscroll-x-contain px-4 pb-1 [scrollbar-width:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent lg:gap-4"
      >
        {items.slice(0, shown).map((item, index) => (
          <li key={item.id} className="w-28 shrink-0 snap-start lg:w-[168px]">
            <Link
              to={item.href}
              className="group block rounded-md focus-visible:outline-2 focus-visible:outline-accent"
            >
              <div className="relative">
                <Poster
                  src={item.posterUrl}
                  title={item.title}
                  movieId={item.id}
                  sizes={ROW_POSTER_SIZES}
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
      {scroll.canOn ? (
        <button
          type="button"
          aria-label={UI.rowOn(title)}
          onClick={() => scroll.page(1)}
          className={`${arrow} right-1`}
        >
          <ChevronRight aria-hidden size={22} />
        </button>
      ) : null}
    </div>
  );
}
