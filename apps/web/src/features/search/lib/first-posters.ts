// The 영화 tab's first rows are on screen when the results appear, and a row's poster is the largest picture there:
// the route loader loads them as soon as the search answers (the same `sizes` as the rows), not after the render.
import type { ExpandedSearchResult } from "@moviepedia/contract";
import { preloadImage } from "../../../shared/lib/image-sources";

/** How wide a result row's poster is drawn (`sizes`). */
export const ROW_POSTER_SIZES = "56px";
/** Result rows on the first screen of a phone: their posters load eagerly. */
export const ABOVE_THE_FOLD = 6;

export function preloadFirstPosters(result: Pick<ExpandedSearchResult, "movies"> | null): void {
  (result?.movies ?? [])
    .slice(0, ABOVE_THE_FOLD)
    .forEach((movie, i) => preloadImage(movie.poster_url, "poster", ROW_POSTER_SIZES, i === 0 ? "high" : "auto"));
}
