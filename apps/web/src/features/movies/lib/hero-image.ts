// The movie page's backdrop, its largest element: how wide it is drawn (`sizes`, shared with the hero) and the
// route loader's head start, which loads it as soon as the film's data arrives instead of after the page renders.
import type { Movie } from "@moviepedia/contract";
import { preloadImage } from "../../../shared/lib/image-sources";

export const BACKDROP_SIZES = "(min-width: 1024px) 1200px, (min-width: 640px) 640px, 100vw";

export function preloadBackdrop(movie: Pick<Movie, "backdrop_url"> | null): void {
  if (movie) preloadImage(movie.backdrop_url, "backdrop", BACKDROP_SIZES, "high");
}
