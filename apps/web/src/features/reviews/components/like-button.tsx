import { LikeIcon } from "../../../shared/ui/like-icon";
import { REVIEWS } from "../strings";

/** 좋아요 with its count; pressed state for screen readers. */
export function LikeButton({ like, count, onPress }: { like: boolean; count: number; onPress: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={like}
      aria-label={`${REVIEWS.likes} ${count}`}
      onClick={onPress}
      className={`inline-flex h-8 items-center gap-1 rounded-full px-2 text-sm transition-colors hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-accent ${
        like ? "font-semibold text-accent" : "text-gray-600"
      }`}
    >
      <LikeIcon liked={like} />
      <span className="tabular-nums">{count.toLocaleString("ko-KR")}</span>
    </button>
  );
}
