// One film of the 평가하기 queue: poster, title, year and genres, the app's half-star widget inline, 보고싶어요 and
// 관심없어요. A rating is held for a moment (LEAVE_DELAY_MS) so the same value again clears it, or another replaces
// it, without a write; then the card hands its one write to the page and leaves. Keyboard (on the card): ↑/↓ move
// between cards, ←/→ go to the stars (which then move in half stars), 1–5 rate, 0 clears.
import type { CompactMovie } from "@moviepedia/contract";
import { Bookmark, EyeOff } from "lucide-react";
import { type KeyboardEvent, forwardRef, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Poster } from "../../../shared/ui/poster";
import { StarRating } from "../../../shared/ui/star-rating";
import { RATING } from "../strings";

/** How long a fresh rating stays on the card before it leaves (a second tap can still clear it). */
export const LEAVE_DELAY_MS = 450;

export type CardAction = { kind: "rating"; rating: number } | { kind: "wish" } | { kind: "dismiss" };

export interface RatingCardProps {
  movie: CompactMovie;
  /** Member guard: false for a visitor (who then sees the login prompt). */
  canAct: () => boolean;
  /** The card's decision: the page writes it and takes the card out. */
  onAction: (movie: CompactMovie, action: CardAction) => void;
  /** Keyboard: move focus to the card above (-1) or below (+1). */
  onMove: (step: -1 | 1) => void;
  /** Whether Tab reaches this card (roving focus: one card at a time). */
  tabbable: boolean;
  onFocus: () => void;
  /** Eager poster for the first screen. */
  eager?: boolean;
}

export const RatingCard = forwardRef<HTMLElement, RatingCardProps>(function RatingCard(
  { movie, canAct, onAction, onMove, tabbable, onFocus, eager },
  ref,
) {
  const [rating, setRating] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const starsRef = useRef<HTMLDivElement>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function rate(value: number) {
    if (!canAct()) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setRating(value);
    if (value > 0) timer.current = setTimeout(() => onAction(movie, { kind: "rating", rating: value }), LEAVE_DELAY_MS);
  }

  function act(action: CardAction) {
    if (!canAct()) return;
    if (timer.current) clearTimeout(timer.current);
    onAction(movie, action);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const onCard = event.target === event.currentTarget;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      onMove(event.key === "ArrowDown" ? 1 : -1);
    } else if (onCard && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
      event.preventDefault();
      starsRef.current?.querySelector<HTMLElement>('[role="slider"]')?.focus();
    } else if (/^[0-5]$/.test(event.key)) {
      event.preventDefault();
      rate(Number(event.key));
    }
  }

  const headingId = `rating-card-${movie.id}`;
  return (
    <article
      ref={ref}
      tabIndex={tabbable ? 0 : -1}
      aria-labelledby={headingId}
      data-movie-id={movie.id}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      className="flex gap-4 px-4 py-4 outline-none focus-visible:bg-accent/5 focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset"
    >
      <Link to={`/movies/${movie.id}`} tabIndex={-1} className="w-20 shrink-0 sm:w-24">
        <Poster src={movie.poster_url} title={movie.title} loading={eager ? "eager" : "lazy"} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-base font-bold text-gray-900">
            <Link to={`/movies/${movie.id}`} tabIndex={-1} className="hover:underline">
              {movie.title}
            </Link>
          </h2>
          <p className="truncate text-sm text-gray-500">
            {[String(movie.year), ...movie.genres.slice(0, 2)].join(" · ")}
          </p>
        </div>
        <div ref={starsRef} className="-ml-0.5">
          <StarRating
            value={rating}
            onChange={rate}
            label={RATING.ratingLabel(movie.title)}
            canRate={canAct}
            size={30}
            verticalKeys={false}
          />
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => act({ kind: "wish" })}
            className="inline-flex h-8 items-center gap-1 rounded-full border border-gray-200 px-3 text-sm text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent"
          >
            <Bookmark aria-hidden size={15} />
            {RATING.wantToSee}
          </button>
          <button
            type="button"
            onClick={() => act({ kind: "dismiss" })}
            className="inline-flex h-8 items-center gap-1 rounded-full border border-gray-200 px-3 text-sm text-gray-500 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent"
          >
            <EyeOff aria-hidden size={15} />
            {RATING.notInterested}
          </button>
        </div>
      </div>
    </article>
  );
});
