// Movie rows → wire types. The average, the art URLs and the credit role text are computed here and only here, so
// every module that shows a movie (search, collections, recommendations, people) says the same thing.
import type { Credit, Movie, WatchProvider, WatchProviders } from "@moviepedia/contract";
import { artUrl, type ArtKind, type TmdbImageKind, tmdbImageSize, tmdbImageUrl } from "../../lib/media-urls.js";
import type { MovieCoreRow, MovieCreditRow, MovieProviderRow } from "./repository.js";

/**
 * API.md §4.0: mean of ratings > 0, half-up to one decimal. `rating_sum` is Σ rating×10 (an integer), so
 * round(sum / n) / 10 is exact half-up; null when nobody rated.
 */
export function averageRating(movie: Pick<MovieCoreRow, "rating_sum" | "ratings_count">): number | null {
  if (movie.ratings_count <= 0) return null;
  return Math.round(movie.rating_sum / movie.ratings_count) / 10;
}

/** Bumped when the drawing itself changes, so browsers holding the old art (cached for a year) fetch the new one. */
const ART_REVISION = "art2";

/** The text poster art draws (title and year): its hash versions the URL, so a retitled film gets new art. */
export function posterArtText(movie: Pick<MovieCoreRow, "title" | "year">): string {
  return `${movie.title}\n${movie.year}\n${ART_REVISION}`;
}

/**
 * The widths (CSS pixels at 2×, roughly) each kind of TMDB image is shown at; the size TMDB offers that suits it is
 * picked from its /configuration (lib/media-urls.ts): posters w500, backdrops w1280, portraits w185, logos w92.
 */
export const SHOWN_WIDTH: Readonly<Record<TmdbImageKind, number>> = {
  poster: 500,
  backdrop: 1280,
  profile: 185,
  logo: 92,
};

/**
 * An image: a stored URL (an operator's import) wins, then the TMDB file at the size this kind of image is shown
 * at, else the generated art.
 */
function imageUrl(
  stored: string | null,
  tmdbPath: string | null | undefined,
  tmdbKind: TmdbImageKind,
  kind: ArtKind,
  id: number,
  text: string,
): string {
  if (stored !== null) return stored;
  if (tmdbPath) return tmdbImageUrl(tmdbPath, tmdbImageSize(tmdbKind, SHOWN_WIDTH[tmdbKind]));
  return artUrl(kind, id, text);
}

export function posterUrl(
  movie: Pick<MovieCoreRow, "id" | "title" | "year" | "poster_url"> & { poster_path?: string | null },
): string {
  return imageUrl(movie.poster_url, movie.poster_path, "poster", "poster", movie.id, posterArtText(movie));
}

export function backdropUrl(
  movie: Pick<MovieCoreRow, "id" | "title" | "backdrop_url"> & { backdrop_path?: string | null },
): string {
  return imageUrl(
    movie.backdrop_url,
    movie.backdrop_path,
    "backdrop",
    "backdrop",
    movie.id,
    `${movie.title}\n${ART_REVISION}`,
  );
}

export function personImageUrl(person: {
  id: number;
  name: string;
  profile_url: string | null;
  profile_path?: string | null;
}): string {
  return imageUrl(person.profile_url, person.profile_path, "profile", "person", person.id, person.name);
}

export function toWatchProvider(row: Pick<MovieProviderRow, "provider_id" | "name" | "logo_path">): WatchProvider {
  return {
    provider_id: row.provider_id,
    name: row.name,
    logo_url: row.logo_path ? tmdbImageUrl(row.logo_path, tmdbImageSize("logo", SHOWN_WIDTH.logo)) : null,
  };
}

/** A film's providers grouped by kind of offer, each in display order (rows come sorted). */
export function toWatchProviders(rows: readonly MovieProviderRow[]): WatchProviders {
  const providers: WatchProviders = { flatrate: [], buy: [], rent: [] };
  for (const row of rows) providers[row.type].push(toWatchProvider(row));
  return providers;
}

/** API.md §4.0 Credit.role: the kind, then " | " and the character when there is one. */
export function creditRole(kind: string, character: string | null): string {
  return character ? `${kind} | ${character}` : kind;
}

export function toCredit(row: MovieCreditRow): Credit {
  return {
    id: row.person_id,
    name: row.name,
    role: creditRole(row.kind, row.character),
    profile_url: personImageUrl({
      id: row.person_id,
      name: row.name,
      profile_url: row.profile_url,
      profile_path: row.profile_path,
    }),
  };
}

export function toMovie(
  row: MovieCoreRow,
  genres: string[],
  countries: string[],
  participants: Credit[],
  watchProviders: WatchProviders,
): Movie {
  return {
    id: row.id,
    title: row.title,
    original_title: row.original_title,
    year: row.year,
    genres,
    countries,
    running_time: row.running_time,
    grade: row.grade,
    synopsis: row.synopsis,
    poster_url: posterUrl(row),
    backdrop_url: backdropUrl(row),
    average_rating: averageRating(row),
    ratings_count: row.ratings_count,
    reviews_count: row.reviews_count,
    participants,
    tmdb_id: row.tmdb_id,
    imdb_id: row.imdb_id,
    kobis_code: row.kobis_code,
    watch_providers: watchProviders,
  };
}
