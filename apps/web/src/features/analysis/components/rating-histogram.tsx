// Rating distribution: ten bars, the most frequent rating 80 px tall (SPEC §9), counts above, ratings below.
import type { RatingAnalysis } from "@moviepedia/contract";
import { HISTOGRAM_MAX_PX, histogramBars } from "../lib/analysis-math";
import { ANALYSIS } from "../strings";

export function RatingHistogram({ dist }: { dist: RatingAnalysis["rating_dist"] }) {
  const bars = histogramBars(dist);
  return (
    <figure aria-label={ANALYSIS.histogramLabel} className="w-full">
      <ul className="flex items-end justify-between gap-1" style={{ height: HISTOGRAM_MAX_PX + 20 }}>
        {bars.map((bar) => (
          <li key={bar.key} className="flex flex-1 flex-col items-center justify-end gap-1">
            <span className="sr-only">{ANALYSIS.barLabel(bar.key, bar.count)}</span>
            <span aria-hidden className="text-[10px] text-gray-500 tabular-nums">
              {bar.count > 0 ? bar.count : ""}
            </span>
            <span
              aria-hidden
              data-testid={`bar-${bar.key}`}
              style={{ height: `${bar.heightPx}px` }}
              className={`w-full max-w-7 rounded-t ${bar.isMax ? "bg-star" : "bg-star/40"} ${bar.count > 0 ? "min-h-0.5" : ""}`}
            />
          </li>
        ))}
      </ul>
      <div aria-hidden className="mt-1 flex justify-between gap-1 border-t border-gray-200 pt-1">
        {bars.map((bar) => (
          <span
            key={bar.key}
            className={`flex-1 text-center text-[10px] tabular-nums ${Number.isInteger(bar.rating) ? "text-gray-600" : "text-gray-500"}`}
          >
            {bar.rating}
          </span>
        ))}
      </div>
    </figure>
  );
}
