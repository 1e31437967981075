// The genre tag cloud of SPEC §9: font size = weight + 10 px with weight = score / 15, bold above weight 5.
import { type PreferenceEntry, tagStyle } from "../lib/analysis-math";
import { ANALYSIS } from "../strings";

export function GenreTagCloud({ entries }: { entries: readonly PreferenceEntry[] }) {
  return (
    <ul aria-label={ANALYSIS.tagCloud} className="mt-4 flex flex-wrap items-baseline justify-center gap-x-3 gap-y-1.5">
      {entries.map((entry) => {
        const style = tagStyle(entry.score);
        return (
          <li
            key={entry.name}
            style={{ fontSize: `${style.fontSizePx}px` }}
            className={style.bold ? "font-bold text-gray-900" : "font-normal text-gray-500"}
          >
            {entry.name}
          </li>
        );
      })}
    </ul>
  );
}
