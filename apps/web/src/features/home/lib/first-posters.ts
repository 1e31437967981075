// Home's largest paint is the first row's first screen of posters: the route loader loads them as soon as the chart
// arrives (the same `sizes` as the row draws them with), instead of after the page renders.
import type { Movie } from "@moviepedia/contract";
import { preloadImage } from "../../../shared/lib/image-sources";
import { FIRST_SCREEN, ROW_POSTER_SIZES } from "../../../shared/ui/horizontal-poster-row";

export function preloadFirstPosters(films: ReadonlyArray<Pick<Movie, "poster_url">> | null): void {
  (films ?? [])
    .slice(0, FIRST_SCREEN)
    .forEach((film, i) => preloadImage(film.poster_url, "poster", ROW_POSTER_SIZES, i === 0 ? "high" : "auto"));
}
