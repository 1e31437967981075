// The end of a filtered list (a movie's comments, a comment's replies) when the reader blocked someone: the count
// above is everyone's (API.md §1.9), the list is what the reader sees, so the difference is said here.
import { REVIEWS } from "../strings";

export interface HiddenByBlockNoteProps {
  /** Everyone's count (the API's `reviews_count` / `comments_count`). */
  total: number;
  /** Items the reader's list holds once it has reached its end. */
  shown: number;
  /** Whether the list has more windows to load (the note waits for the end). */
  hasMore: boolean;
  blockedIds: readonly number[];
  kind: "comments" | "replies";
}

export function HiddenByBlockNote({ total, shown, hasMore, blockedIds, kind }: HiddenByBlockNoteProps) {
  const hidden = total - shown;
  if (hasMore || hidden <= 0 || blockedIds.length === 0) return null;
  return (
    <p data-testid="hidden-by-block" className="px-4 py-3 text-center text-xs text-gray-500">
      {REVIEWS.hiddenByBlock(kind, hidden)}
    </p>
  );
}
