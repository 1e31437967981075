// The movie page's comment section: 베스트 코멘트 — up to five reviews with text, most liked first, as a horizontal
// carousel (snap per card, the next one peeking in) — and the way to all of them, or "아직 코멘트가 없어요".
import { useQuery } from "@tanstack/react-query";
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { Loading } from "../../../shared/ui/loading";
import { UI } from "../../../shared/ui/strings";
import { reviewQueries } from "../api/reviews-api";
import { REVIEWS } from "../strings";
import { ReviewCard } from "./review-card";

export function ReviewPreview({ movieId, reviewsCount }: { movieId: number; reviewsCount: number }) {
  const query = useQuery(reviewQueries.best(movieId));
  const allHref = `/movies/${movieId}/comments`;
  const best = query.data ?? [];
  return (
    <section aria-labelledby="preview-heading" className="py-4">
      <div className="flex items-baseline justify-between px-4 pb-3">
        <h2 id="preview-heading" className="text-lg font-bold text-gray-900">
          {REVIEWS.bestTitle} <span className="text-accent tabular-nums">{reviewsCount.toLocaleString("ko-KR")}</span>
        </h2>
        {best.length > 0 ? (
          <Link to={allHref} className="inline-flex items-center text-sm text-accent hover:underline">
            {REVIEWS.seeAll}
            <ChevronRight aria-hidden size={16} />
          </Link>
        ) : null}
      </div>
      {query.isPending ? (
        <Loading className="py-6" />
      ) : query.isError ? (
        <div className="flex items-center gap-2 px-4 py-4">
          <ErrorText>{REVIEWS.listFailed}</ErrorText>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {UI.retry}
          </Button>
        </div>
      ) : best.length === 0 ? (
        <EmptyState message={REVIEWS.noComments} className="py-8" />
      ) : best.length === 1 ? (
        <div className="px-4">
          <ReviewCard review={best[0]!} />
        </div>
      ) : (
        <ul
          aria-label={REVIEWS.bestTitle}
          className="flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
        >
          {/* relative: the cards' visually hidden (absolute) labels stay inside the scroller, not the page's width. */}
          {best.map((review) => (
            <li key={review.id} className="relative w-[85%] max-w-[22rem] shrink-0 snap-start [&>article]:h-full">
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
