// 기본 정보: the synopsis with its line breaks (real newlines and literal `\n` sequences alike).
import { synopsisLines } from "../lib/format";
import { MOVIES } from "../strings";

export function MovieSynopsis({ synopsis }: { synopsis: string }) {
  const lines = synopsisLines(synopsis);
  return (
    <section aria-labelledby="synopsis-heading" className="border-t-8 border-gray-50 px-4 py-5">
      <h2 id="synopsis-heading" className="mb-2 text-lg font-bold text-gray-900">
        {MOVIES.infoTitle}
      </h2>
      {synopsis.trim() ? (
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
