// The top of a review: author (links to the profile), then SPEC §4's rule — the stars if rated, else "평가 전"
// (with 보고싶어요 / 보는 중 when the author marked one) — and the Korea-time date.
import type { Review } from "@moviepedia/contract";
import { Link } from "react-router";
import { formatKstDate } from "../../../shared/lib/time";
import { Avatar } from "../../../shared/ui/avatar";
import { RatingBadge } from "../../../shared/ui/star-rating";
import { REVIEWS, statusLabel } from "../strings";

export function ReviewVerdict({ review }: { review: Pick<Review, "rating" | "status"> }) {
  if (review.rating > 0) return <RatingBadge rating={review.rating} />;
  const status = statusLabel(review.status);
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-gray-500">
      <span>{REVIEWS.beforeRating}</span>
      {status ? (
        <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-600">{status}</span>
      ) : null}
    </span>
  );
}

export function ReviewHeader({ review }: { review: Review }) {
  return (
    <div className="flex items-center gap-2.5">
      <Link
        to={`/profile/${review.user_id}`}
        className="flex min-w-0 flex-1 items-center gap-2.5 rounded focus-visible:outline-2 focus-visible:outline-accent"
        aria-label={REVIEWS.profileOf(review.user_name)}
      >
        <Avatar src={review.profile_url} name={review.user_name} size={32} artId={review.user_id} decorative />
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold text-gray-900">{review.user_name}</span>
          <time dateTime={`${review.created_at}Z`} className="block text-xs text-gray-500">
            {formatKstDate(review.created_at)}
          </time>
        </span>
      </Link>
      <ReviewVerdict review={review} />
    </div>
  );
}
