// The movie page's comment section: the first review with text (oldest first) and the way to all of them, or
// "아직 코멘트가 없어요".
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
  const query = useQuery(reviewQueries.preview(movieId));
  const allHref = `/movies/${movieId}/comments`;
  return (
    <section aria-labelledby="preview-heading" className="py-4">
      <div className="flex items-baseline justify-between px-4 pb-3">
        <h2 id="preview-heading" className="text-lg font-bold text-gray-900">
          {REVIEWS.previewTitle}{" "}
          <span className="text-accent tabular-nums">{reviewsCount.toLocaleString("ko-KR")}</span>
        </h2>
        {query.data ? (
          <Link to={allHref} className="inline-flex items-center text-sm text-accent hover:underline">
            {REVIEWS.seeAll}
            <ChevronRight aria-hidden size={16} />
          </Link>
        ) : null}
      </div>
      <div className="px-4">
        {query.isPending ? (
          <Loading className="py-6" />
        ) : query.isError ? (
          <div className="flex items-center gap-2 py-4">
            <ErrorText>{REVIEWS.listFailed}</ErrorText>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              {UI.retry}
            </Button>
          </div>
        ) : query.data ? (
          <ReviewCard review={query.data} />
        ) : (
          <EmptyState message={REVIEWS.noComments} className="py-8" />
        )}
      </div>
    </section>
  );
}
