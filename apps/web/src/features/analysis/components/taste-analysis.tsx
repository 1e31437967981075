// The taste analysis of SPEC §2 in its three modes: `default` (the /analysis page: back button, title, and the
// layout's fixed bottom nav around every section), `short` (the profile's summary card) and `all` (every section,
// without page chrome). Both analyses are requested at once; nothing shows until both arrived, except that a
// member without ratings sees the no-reviews state as soon as the rating analysis says so.
import type { PreferenceAnalysis, RatingAnalysis } from "@moviepedia/contract";
import { useQuery } from "@tanstack/react-query";
import { ChartColumnBig } from "lucide-react";
import { Button, LinkButton } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { Loading } from "../../../shared/ui/loading";
import { PageHeader } from "../../../shared/ui/page-header";
import { analysisQueries } from "../api/analysis-api";
import { ANALYSIS } from "../strings";
import { AnalysisShortCard } from "./analysis-short-card";
import { PreferenceSection } from "./preference-section";
import { RatingSection, ViewingTimeSection } from "./rating-section";

export type AnalysisMode = "default" | "short" | "all";

export function TasteAnalysis({ userId, mode = "default" }: { userId: number; mode?: AnalysisMode }) {
  if (mode === "short") return <AnalysisShortCard userId={userId} />;
  if (mode === "all") return <AllSections userId={userId} />;
  return (
    <>
      <PageHeader title={ANALYSIS.title} />
      <AllSections userId={userId} />
    </>
  );
}

export function NoReviews() {
  return (
    <EmptyState
      icon={<ChartColumnBig aria-hidden size={40} />}
      message={
        <>
          <span className="block font-semibold text-gray-700">{ANALYSIS.noReviews}</span>
          <span className="mt-1 block">{ANALYSIS.noReviewsBody}</span>
        </>
      }
    >
      <LinkButton to="/movies" variant="secondary" size="sm">
        {ANALYSIS.goRate}
      </LinkButton>
    </EmptyState>
  );
}

function Failure({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14">
      <ErrorText>{ANALYSIS.loadFailed}</ErrorText>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {ANALYSIS.retry}
      </Button>
    </div>
  );
}

function AllSections({ userId }: { userId: number }) {
  // Both requests leave together (two queries, no waterfall).
  const rating = useQuery(analysisQueries.rating(userId));
  const preference = useQuery(analysisQueries.preference(userId));

  if (rating.isError) return <Failure onRetry={() => void rating.refetch()} />;
  if (rating.data?.rating_num === 0) return <NoReviews />;
  if (preference.isError) return <Failure onRetry={() => void preference.refetch()} />;
  if (!rating.data || !preference.data) return <Loading />;
  return <Sections rating={rating.data} preference={preference.data} />;
}

function Sections({ rating, preference }: { rating: RatingAnalysis; preference: PreferenceAnalysis }) {
  return (
    <div className="divide-y-8 divide-gray-50">
      <RatingSection rating={rating} />
      <ViewingTimeSection rating={rating} />
      <PreferenceSection
        id="countries"
        title={ANALYSIS.countries}
        emptyMessage={ANALYSIS.noCountries}
        ranked={preference.ranked.country}
        note={ANALYSIS.scoreNote}
      />
      <PreferenceSection
        id="genres"
        title={ANALYSIS.genres}
        emptyMessage={ANALYSIS.noGenres}
        ranked={preference.ranked.genre}
        withTagCloud
      />
      <PreferenceSection
        id="actors"
        title={ANALYSIS.actors}
        emptyMessage={ANALYSIS.noActors}
        ranked={preference.ranked.actor}
      />
      <PreferenceSection
        id="directors"
        title={ANALYSIS.directors}
        emptyMessage={ANALYSIS.noDirectors}
        ranked={preference.ranked.director}
      />
    </div>
  );
}
