// Movie.watch_providers [EXT]: where a film can be watched in Korea (TMDB's JustWatch data), by kind of offer. All
// three lists are empty when nothing is known; the movie page then shows no section.
import type { Movie, WatchProviders } from "@moviepedia/contract";

/** The order the page shows the groups in: subscription first, then rent, then buy. */
export const WATCH_GROUPS = ["flatrate", "rent", "buy"] as const;

/** The movie's groups without repeated providers, or null when no service offers it. */
export function watchProvidersOf(movie: Pick<Movie, "watch_providers">): WatchProviders | null {
  const groups = movie.watch_providers;
  const unique = (list: WatchProviders["flatrate"]) =>
    list.filter((item, index) => list.findIndex((other) => other.provider_id === item.provider_id) === index);
  const result: WatchProviders = {
    flatrate: unique(groups.flatrate),
    rent: unique(groups.rent),
    buy: unique(groups.buy),
  };
  return WATCH_GROUPS.some((name) => result[name].length > 0) ? result : null;
}
