// The rules of one review row (API.md §4.5): merging a write into the stored state, "an empty review is no review",
// and the movie-counter deltas a change implies. Pure functions: the service applies them inside its transaction.
import type { ReviewWrite } from "@moviepedia/contract";
import type { ReviewRow } from "../../db/types.js";

export interface ReviewState {
  content: string;
  rating: number;
  status: string;
  spoiler: boolean;
}

/** What a create starts from: absent fields default to these. */
export const EMPTY_STATE: Readonly<ReviewState> = { content: "", rating: 0, status: "", spoiler: false };

export function stateOf(row: Pick<ReviewRow, "content" | "rating" | "status" | "spoiler">): ReviewState {
  return { content: row.content, rating: row.rating, status: row.status, spoiler: row.spoiler === 1 };
}

/**
 * absent/`null` keeps the base value; whitespace-only content is stored as "" (API.md §1.7). Rating a film marked
 * 보고싶어요 clears the mark, as WatchaPedia does (whoever rates it has seen it; 보는 중 stays): a write whose rating
 * ends above 0 and differs from the stored one leaves no `WatchList` status, whatever status it sent.
 */
export function mergeWrite(base: Readonly<ReviewState>, write: ReviewWrite): ReviewState {
  const content = write.content ?? base.content;
  // `+ 0` turns a JSON `-0` into 0, so it is stored and compared as "unrated".
  const rating = (write.rating ?? base.rating) + 0;
  const status = write.status ?? base.status;
  const rated = rating > 0 && rating !== base.rating;
  return {
    content: content.trim() === "" ? "" : content,
    rating,
    status: rated && status === "WatchList" ? "" : status,
    spoiler: write.spoiler ?? base.spoiler,
  };
}

export function isEmptyState(state: ReviewState): boolean {
  return state.rating === 0 && state.status === "" && state.content === "";
}

/**
 * Whether a row with this state shows and counts (API.md §4.5): an empty review keeps its row and id but is hidden
 * everywhere until its owner fills it again. `null` = no row.
 */
export function isVisible(state: ReviewState | null): boolean {
  return state !== null && !isEmptyState(state);
}

/**
 * Whether a write from `a` to `b` (null = no visible row) changes what the member's data_version stands for: which
 * films they reviewed, the star, the status and whether there is text — what recommendations, 평가하기 exclusions and
 * analyses are computed from. Rewording a comment or toggling its spoiler flag does not.
 */
export function movesMemberData(a: ReviewState | null, b: ReviewState | null): boolean {
  const av = isVisible(a);
  if (av !== isVisible(b)) return true;
  if (!av) return false;
  return a!.rating !== b!.rating || a!.status !== b!.status || (a!.content === "") !== (b!.content === "");
}

export function sameState(a: ReviewState, b: ReviewState): boolean {
  return a.content === b.content && a.rating === b.rating && a.status === b.status && a.spoiler === b.spoiler;
}

export interface MovieCounterDelta {
  /** Σ rating×10: integers, so the average round(sum / count) / 10 is exact. */
  ratingSum: number;
  ratingsCount: number;
  reviewsCount: number;
}

function contribution(state: ReviewState | null): MovieCounterDelta {
  if (!state) return { ratingSum: 0, ratingsCount: 0, reviewsCount: 0 };
  const rated = state.rating > 0;
  return {
    ratingSum: rated ? Math.round(state.rating * 10) : 0,
    ratingsCount: rated ? 1 : 0,
    reviewsCount: state.content !== "" ? 1 : 0,
  };
}

/** How the movie's counters change when one review goes from `before` to `after` (null = no row). */
export function movieDelta(before: ReviewState | null, after: ReviewState | null): MovieCounterDelta {
  const b = contribution(before);
  const a = contribution(after);
  return {
    ratingSum: a.ratingSum - b.ratingSum,
    ratingsCount: a.ratingsCount - b.ratingsCount,
    reviewsCount: a.reviewsCount - b.reviewsCount,
  };
}

export function isZeroDelta(delta: MovieCounterDelta): boolean {
  return delta.ratingSum === 0 && delta.ratingsCount === 0 && delta.reviewsCount === 0;
}
