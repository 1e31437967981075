// A review card (lists, the movie page's preview, the comment page): header, text behind the spoiler notice, like
// toggle, reply count and the way to the review's page.
import type { Review } from "@moviepedia/contract";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronRight, MessageCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useAuth } from "../../../shared/lib/auth";
import { replaceCachedItem } from "../api/review-cache";
import { reviewQueries, toggleReviewLike } from "../api/reviews-api";
import { useLikeToggle } from "../hooks/use-like-toggle";
import { REVIEWS } from "../strings";
import { LikeButton } from "./like-button";
import { ReviewHeader } from "./review-header";
import { SpoilerText } from "./spoiler-text";

export interface ReviewCardProps {
  review: Review;
  /** `full` on the review's own page: whole text, no link to itself. */
  variant?: "card" | "full";
  /** Extra controls in the footer (the owner's edit and delete on the comment page). */
  actions?: ReactNode;
}

export function ReviewCard({ review, variant = "card", actions }: ReviewCardProps) {
  const client = useQueryClient();
  const { userId } = useAuth();
  const like = useLikeToggle(review, toggleReviewLike, (next) => replaceCachedItem(client, reviewQueries.all, next));
  const detailHref = `/comments/${review.movie_id}/${review.id}`;
  const full = variant === "full";
  return (
    <article
      aria-label={`${review.user_name}의 코멘트`}
      className={full ? "px-4 py-4" : "rounded-xl border border-gray-200 bg-white p-4"}
    >
      <ReviewHeader review={review} />
      <div className="mt-3">
        <SpoilerText
          key={review.id}
          content={review.content}
          spoiler={review.spoiler}
          revealed={review.user_id === userId}
          clamp={!full}
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-1 border-t border-gray-100 pt-2 text-sm text-gray-500">
        <LikeButton like={like.like} count={like.count} onPress={like.press} />
        <span
          className="inline-flex h-8 items-center gap-1 px-2"
          aria-label={REVIEWS.replyCount(review.comments_count)}
        >
          <MessageCircle aria-hidden size={16} />
          <span className="tabular-nums">{review.comments_count.toLocaleString("ko-KR")}</span>
        </span>
        <span className="flex-1" />
        {actions}
        {full ? null : (
          <Link
            to={detailHref}
            aria-label={REVIEWS.openDetail}
            className="inline-flex h-8 items-center gap-0.5 rounded px-1 text-sm text-gray-500 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-accent"
          >
            {REVIEWS.replies}
            <ChevronRight aria-hidden size={16} />
          </Link>
        )}
      </div>
    </article>
  );
}
