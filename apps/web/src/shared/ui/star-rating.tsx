// The half-star rating widget of SPEC §4 (movie page) and the small read-only stars of review cards.
// A click on the left half of a star gives x.5, on the right half the whole star; clicking the current value clears
// it to 0 (unrated). Keyboard: arrows move by 0.5, Home/End jump to 0.5/5, Delete, Backspace or 0 clear. Arrow
// presses are committed once the member pauses (KEYBOARD_COMMIT_DELAY_MS), presses Enter or leaves the widget, so
// arrowing from 2 to 4.5 sends one write, not five; a click saves at once.
import { starLabel } from "@moviepedia/contract";
import { Star } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";

export const KEYBOARD_COMMIT_DELAY_MS = 600;
const STARS = [1, 2, 3, 4, 5] as const;

/** What a click on a star half gives: x.5 (left) or x (right); the current value again clears to 0. */
export function ratingForClick(current: number, star: number, half: "left" | "right"): number {
  const next = half === "left" ? star - 0.5 : star;
  return next === current ? 0 : next;
}

/** The value an arrow/Home/End/Delete key leads to, or null for keys the widget ignores. */
export function ratingForKey(current: number, key: string): number | null {
  switch (key) {
    case "ArrowRight":
    case "ArrowUp":
      return Math.min(5, current + 0.5);
    case "ArrowLeft":
    case "ArrowDown":
      return Math.max(0, current - 0.5);
    case "Home":
      return 0.5;
    case "End":
      return 5;
    case "Delete":
    case "Backspace":
    case "0":
      return 0;
    default:
      return null;
  }
}

/** One star filled 0, half or whole. */
function StarGlyph({ fill, size }: { fill: 0 | 0.5 | 1; size: number }) {
  return (
    <span className="relative inline-block" style={{ width: size, height: size }}>
      <Star aria-hidden size={size} strokeWidth={0} className="absolute inset-0 fill-gray-200" />
      {fill > 0 ? (
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: fill === 1 ? size : size / 2 }}>
          <Star aria-hidden size={size} strokeWidth={0} className="fill-star" />
        </span>
      ) : null}
    </span>
  );
}

function fillOf(value: number, star: number): 0 | 0.5 | 1 {
  if (value >= star) return 1;
  return value >= star - 0.5 ? 0.5 : 0;
}

export interface StarRatingProps {
  value: number;
  /** Called with the new value (0 = unrated); the parent owns the value (optimistic update, rollback). */
  onChange: (value: number) => void;
  /** Accessible name; the value is announced as its Korean label. */
  label: string;
  /** Runs before any change; return false to stop it (the visitor gets the login overlay). */
  canRate?: () => boolean;
  disabled?: boolean;
  size?: number;
  /** Receives the value being pointed at or keyed to, so the page can show its label. */
  onPreview?: (value: number | null) => void;
  /**
   * false: ArrowUp/ArrowDown are left to the page (평가하기 moves between cards with them); the stars keep Left/Right,
   * Home/End and the clearing keys.
   */
  verticalKeys?: boolean;
}

export function StarRating({
  value,
  onChange,
  label,
  canRate,
  disabled,
  size = 40,
  onPreview,
  verticalKeys = true,
}: StarRatingProps) {
  const [hover, setHover] = useState<number | null>(null);
  const [draft, setDraft] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const draftRef = useRef<number | null>(null);
  const shown = hover ?? draft ?? value;

  useEffect(() => onPreview?.(hover ?? draft), [hover, draft, onPreview]);
  useEffect(() => () => clearTimer(timer), []);

  function commitDraft() {
    clearTimer(timer);
    const pending = draftRef.current;
    draftRef.current = null;
    setDraft(null);
    if (pending !== null && pending !== value) onChange(pending);
  }

  function click(star: number, half: "left" | "right") {
    if (disabled || (canRate && !canRate())) return;
    clearTimer(timer);
    draftRef.current = null;
    setDraft(null);
    onChange(ratingForClick(value, star, half));
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Enter" && draftRef.current !== null) {
      event.preventDefault();
      commitDraft();
      return;
    }
    if (!verticalKeys && (event.key === "ArrowUp" || event.key === "ArrowDown")) return;
    const next = ratingForKey(draftRef.current ?? value, event.key);
    if (next === null || disabled) return;
    event.preventDefault();
    if (canRate && !canRate()) return;
    draftRef.current = next;
    setDraft(next);
    clearTimer(timer);
    timer.current = setTimeout(commitDraft, KEYBOARD_COMMIT_DELAY_MS);
  }

  return (
    <div
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={5}
      aria-valuenow={draft ?? value}
      aria-valuetext={starLabel(draft ?? value)}
      aria-disabled={disabled || undefined}
      onKeyDown={onKeyDown}
      onBlur={commitDraft}
      onPointerLeave={() => setHover(null)}
      className="inline-flex touch-manipulation rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
    >
      {STARS.map((star) => (
        <span key={star} className="relative inline-flex px-0.5" data-star={star}>
          <StarGlyph fill={fillOf(shown, star)} size={size} />
          {(["left", "right"] as const).map((half) => (
            <span
              key={half}
              aria-hidden
              data-half={half}
              onPointerEnter={(event) => event.pointerType === "mouse" && setHover(half === "left" ? star - 0.5 : star)}
              onClick={() => click(star, half)}
              className={`absolute inset-y-0 w-1/2 ${half === "left" ? "left-0" : "right-0"} ${disabled ? "" : "cursor-pointer"}`}
            />
          ))}
        </span>
      ))}
    </div>
  );
}

function clearTimer(timer: { current: ReturnType<typeof setTimeout> | null }) {
  if (timer.current !== null) clearTimeout(timer.current);
  timer.current = null;
}

/** Read-only: a yellow star and the rating with one decimal, e.g. "★ 4.5" (review headers, lists). */
export function RatingBadge({ rating, className = "" }: { rating: number; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-0.5 text-sm font-semibold text-gray-800 ${className}`}>
      <Star aria-hidden size={14} strokeWidth={0} className="fill-star" />
      <span className="sr-only">별점</span>
      {rating.toFixed(1)}
    </span>
  );
}
