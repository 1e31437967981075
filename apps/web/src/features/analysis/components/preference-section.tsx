// One preference category (countries, genres, actors, directors): the top 3 prominently, the rest as a ranked
// list, integer scores with what they rest on ("2편 평가", "1편 관심"), and an empty-section message when there is
// nothing to show. Genres add the tag cloud.
import type { RankedEntry } from "@moviepedia/contract";
import { rankedEntries, splitTop } from "../lib/analysis-math";
import { ANALYSIS } from "../strings";
import { GenreTagCloud } from "./genre-tag-cloud";

interface Props {
  id: string;
  title: string;
  emptyMessage: string;
  /** The category's display ranking (PreferenceAnalysis.ranked). */
  ranked: readonly RankedEntry[] | undefined;
  withTagCloud?: boolean;
  /** A line under the title (how the scores are read). */
  note?: string;
}

export function PreferenceSection({ id, title, emptyMessage, ranked, withTagCloud = false, note }: Props) {
  const entries = rankedEntries(ranked);
  const { top, rest } = splitTop(entries);
  const headingId = `analysis-${id}`;
  return (
    <section aria-labelledby={headingId} className="px-5 py-6">
      <h2 id={headingId} className="text-lg font-bold text-gray-900">
        {title}
      </h2>
      {note ? <p className="mt-1 text-xs text-gray-500">{note}</p> : null}
      {entries.length === 0 ? (
        <p className="mt-3 rounded-xl bg-gray-50 px-4 py-6 text-center text-sm text-gray-500">{emptyMessage}</p>
      ) : (
        <>
          {withTagCloud ? <GenreTagCloud entries={entries} /> : null}
          <ol className="mt-4 grid grid-cols-3 gap-2" data-testid={`${id}-top`}>
            {top.map((entry, index) => (
              <li
                key={entry.name}
                className="flex min-w-0 flex-col items-center gap-1 rounded-xl bg-accent/5 px-2 py-3"
              >
                <span className="text-xs font-semibold text-accent">{ANALYSIS.rank(index + 1)}</span>
                <span className="w-full truncate text-center text-[15px] font-bold text-gray-900" title={entry.name}>
                  {entry.name}
                </span>
                <span className="text-xs text-gray-500 tabular-nums">
                  {ANALYSIS.score(entry.score)} · {ANALYSIS.films(entry.count, entry.rated)}
                </span>
              </li>
            ))}
          </ol>
          {rest.length > 0 ? (
            <ol
              start={top.length + 1}
              aria-label={`${title} ${ANALYSIS.restList}`}
              className="mt-3 divide-y divide-gray-100"
              data-testid={`${id}-rest`}
            >
              {rest.map((entry, index) => (
                <li key={entry.name} className="flex items-center gap-3 py-2.5 text-sm">
                  <span className="w-6 shrink-0 text-gray-500 tabular-nums">{top.length + index + 1}</span>
                  <span className="min-w-0 flex-1 truncate text-gray-900">{entry.name}</span>
                  <span className="shrink-0 text-gray-500 tabular-nums">
                    {ANALYSIS.score(entry.score)} · {ANALYSIS.films(entry.count, entry.rated)}
                  </span>
                </li>
              ))}
            </ol>
          ) : null}
        </>
      )}
    </section>
  );
}
