// 기본 정보: original title, year, countries, genres, running time and grade as a list, then the synopsis with its
// line breaks (real newlines and literal `\n` sequences alike).
import type { Movie } from "@moviepedia/contract";
import { formatRunningTime, synopsisLines } from "../lib/format";
import { MOVIES } from "../strings";

export function MovieSynopsis({ movie }: { movie: Movie }) {
  const lines = synopsisLines(movie.synopsis);
  const facts: [string, string | null][] = [
    [MOVIES.originalTitle, movie.original_title || null],
    [MOVIES.year, String(movie.year)],
    [MOVIES.countries, movie.countries.join(", ") || null],
    [MOVIES.genres, movie.genres.join(", ") || null],
    [MOVIES.runningTime, movie.running_time !== null ? formatRunningTime(movie.running_time) : null],
    [MOVIES.grade, movie.grade],
  ];
  return (
    <section aria-labelledby="synopsis-heading" className="border-t-8 border-gray-50 px-4 py-5">
      <h2 id="synopsis-heading" className="mb-3 text-lg font-bold text-gray-900">
        {MOVIES.infoTitle}
      </h2>
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([label, value]) =>
          value ? (
            <div key={label} className="contents">
              <dt className="text-gray-500">{label}</dt>
              <dd className="text-gray-800">{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
      {movie.synopsis.trim() ? (
        <p data-testid="synopsis" className="text-[15px] leading-relaxed text-gray-700">
          {lines.map((line, index) => (
            <span key={index}>
              {index > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </p>
      ) : (
        <p className="text-sm text-gray-500">{MOVIES.synopsisEmpty}</p>
      )}
    </section>
  );
}
