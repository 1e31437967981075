// The rating part of the analysis: tagline, average (one decimal), count, most given rating and the histogram;
// then the viewing time in whole hours with its message.
import type { RatingAnalysis } from "@moviepedia/contract";
import { Clock } from "lucide-react";
import { mostGivenRating } from "../lib/analysis-math";
import { ANALYSIS } from "../strings";
import { RatingHistogram } from "./rating-histogram";

function Stat({ label, value }: { label: string; value: string }) {
  return (
    // dt before dd for assistive technology; the value is drawn on top.
    <div className="flex flex-col-reverse items-center gap-0.5">
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="text-xl font-bold text-gray-900 tabular-nums">{value}</dd>
    </div>
  );
}

export function RatingStats({ rating }: { rating: RatingAnalysis }) {
  const mode = mostGivenRating(rating.rating_dist, rating.rating_mode);
  return (
    <dl className="grid grid-cols-3 gap-2">
      <Stat label={ANALYSIS.average} value={rating.rating_avg === null ? "-" : rating.rating_avg.toFixed(1)} />
      <Stat label={ANALYSIS.count} value={String(rating.rating_num)} />
      <Stat label={ANALYSIS.mostGiven} value={mode === null ? "-" : mode.toFixed(1)} />
    </dl>
  );
}

export function RatingSection({ rating }: { rating: RatingAnalysis }) {
  return (
    <section aria-labelledby="analysis-rating" className="px-5 py-6">
      <h2 id="analysis-rating" className="text-lg font-bold text-gray-900">
        {ANALYSIS.ratingSection}
      </h2>
      {rating.rating_message ? <p className="mt-1 text-[15px] text-accent">{rating.rating_message}</p> : null}
      <div className="mt-5">
        <RatingHistogram dist={rating.rating_dist} />
      </div>
      <div className="mt-5">
        <RatingStats rating={rating} />
      </div>
    </section>
  );
}

export function ViewingTimeSection({ rating }: { rating: RatingAnalysis }) {
  return (
    <section aria-labelledby="analysis-viewing" className="px-5 py-6">
      <h2 id="analysis-viewing" className="text-lg font-bold text-gray-900">
        {ANALYSIS.viewingSection}
      </h2>
      <div className="mt-3 flex items-center gap-3 rounded-xl bg-gray-50 px-4 py-4">
        <Clock aria-hidden size={28} className="shrink-0 text-accent" />
        <div>
          <p className="text-2xl font-bold text-gray-900 tabular-nums">{ANALYSIS.hours(rating.viewing_time)}</p>
          <p className="text-sm text-gray-600">{rating.viewing_message}</p>
        </div>
      </div>
    </section>
  );
}
