// The short mode of the taste analysis, placed on the member's own profile: the rating distribution, the headline
// numbers and "모든 분석 보기" → /analysis.
import { useQuery } from "@tanstack/react-query";
import { ChevronRight } from "lucide-react";
import { Button, LinkButton } from "../../../shared/ui/button";
import { ErrorText } from "../../../shared/ui/error-text";
import { Loading } from "../../../shared/ui/loading";
import { analysisQueries } from "../api/analysis-api";
import { ANALYSIS } from "../strings";
import { RatingHistogram } from "./rating-histogram";
import { RatingStats } from "./rating-section";

export function AnalysisShortCard({ userId }: { userId: number }) {
  const rating = useQuery(analysisQueries.rating(userId));
  return (
    <section aria-labelledby="analysis-card-title" className="rounded-2xl border border-gray-200 p-4">
      <h2 id="analysis-card-title" className="text-lg font-bold text-gray-900">
        {ANALYSIS.title}
      </h2>
      {rating.isPending ? (
        <Loading className="py-6" />
      ) : rating.isError ? (
        <div className="flex flex-col items-start gap-2 py-4">
          <ErrorText>{ANALYSIS.loadFailed}</ErrorText>
          <Button variant="secondary" size="sm" onClick={() => void rating.refetch()}>
            {ANALYSIS.retry}
          </Button>
        </div>
      ) : rating.data.rating_num === 0 ? (
        <p className="py-5 text-center text-sm text-gray-500">
          {ANALYSIS.noReviews} {ANALYSIS.noReviewsBody}
        </p>
      ) : (
        <>
          {rating.data.rating_message ? <p className="mt-1 text-sm text-accent">{rating.data.rating_message}</p> : null}
          <div className="mt-4">
            <RatingHistogram dist={rating.data.rating_dist} />
          </div>
          <div className="mt-4">
            <RatingStats rating={rating.data} />
          </div>
        </>
      )}
      <LinkButton to="/analysis" variant="secondary" block className="mt-4">
        {ANALYSIS.seeAll}
        <ChevronRight aria-hidden size={18} />
      </LinkButton>
    </section>
  );
}
