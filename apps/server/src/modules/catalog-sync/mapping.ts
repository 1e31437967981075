// TMDB answers → the catalog's records (issue #17 item 2): Korean title and synopsis with English fallback, genres,
// countries and grade in the catalog's vocabulary, directors then cast in billing order with their characters, and
// people under their Hangul name. Pure functions: the fetching is sync.ts's, the writing writer.ts's.
import type { MovieDetails, PersonDetails } from "tmdb-ts";
import { GenreVocabulary } from "./genres.js";
import type { TmdbMovieFull } from "./tmdb-client.js";
import { countryName, gradeName, hasHangul, isHangulName } from "./vocabulary.js";

export interface PersonDraft {
  tmdb_id: number;
  name: string;
  original_name: string | null;
  profile_path: string | null;
}

export interface CreditDraft {
  person: PersonDraft;
  kind: string;
  character: string | null;
}

export interface ProviderDraft {
  type: "flatrate" | "buy" | "rent";
  provider_id: number;
  name: string;
  logo_path: string | null;
  display_order: number;
}

export interface MovieDraft {
  tmdb_id: number;
  imdb_id: string | null;
  title: string;
  original_title: string;
  english_title: string | null;
  year: number;
  running_time: number | null;
  grade: string | null;
  synopsis: string;
  poster_path: string | null;
  backdrop_path: string | null;
  genres: string[];
  countries: string[];
  credits: CreditDraft[];
  providers: ProviderDraft[];
}

/** A record TMDB sent that cannot become a film (no title, no year): reported and skipped. */
export class MalformedRecord extends Error {}

/** Cast members kept per film, in billing order (the first three are 주연). */
export const CAST_LIMIT = 15;
const LEAD_ROLES = 3;

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const path = (value: unknown): string | null => {
  const p = text(value);
  return p.startsWith("/") ? p : null;
};

/** TMDB ids of the people a film credits, as mapMovie will keep them (directors, then the billed cast). */
export function creditedPeople(movie: TmdbMovieFull): Array<{ id: number; name: string }> {
  const directors = (movie.credits?.crew ?? []).filter((c) => c.job === "Director");
  const cast = [...(movie.credits?.cast ?? [])].sort((a, b) => a.order - b.order).slice(0, CAST_LIMIT);
  const seen = new Set<number>();
  return [...directors, ...cast].flatMap((c) => {
    if (typeof c.id !== "number" || seen.has(c.id)) return [];
    seen.add(c.id);
    return [{ id: c.id, name: text(c.name) }];
  });
}

/** Does the film need the English fallback (no Korean synopsis or title)? */
export function needsEnglish(movie: TmdbMovieFull): boolean {
  return !text(movie.overview) || !text(movie.title);
}

/**
 * A person under their Hangul name: TMDB's name when it is Hangul, else the first Hangul also_known_as; the other
 * spelling becomes the original name. Without details (or without any Hangul spelling) the credit's name is kept.
 */
export function mapPerson(id: number, creditName: string, profilePath: unknown, details?: PersonDetails): PersonDraft {
  const name = text(details?.name) || creditName;
  const hangul = isHangulName(name) ? name : (details?.also_known_as ?? []).map(text).find(isHangulName);
  return {
    tmdb_id: id,
    name: hangul ?? name,
    original_name: hangul && hangul !== name ? name : null,
    profile_path: path(details?.profile_path) ?? path(profilePath),
  };
}

const yearOf = (date: string): number | null => {
  const year = Number(date.slice(0, 4));
  return /^[0-9]{4}/.test(date) && year >= 1870 && year < 2200 ? year : null;
};

/** The primary release date's year, else the earliest release anywhere. */
function releaseYear(movie: TmdbMovieFull): number | null {
  const primary = yearOf(text(movie.release_date));
  if (primary !== null) return primary;
  const years = (movie.release_dates?.results ?? []).flatMap((region) =>
    (region.release_dates ?? []).flatMap((r) => yearOf(text(r.release_date)) ?? []),
  );
  return years.length ? Math.min(...years) : null;
}

/** The KR certification: a theatrical release's first, else any KR release's. */
function krGrade(movie: TmdbMovieFull): string | null {
  // (tmdb-ts's CountryCode union lacks "KR", so the code is compared as a string.)
  const kr = (movie.release_dates?.results ?? []).find((r) => String(r.iso_3166_1) === "KR");
  const releases = [...(kr?.release_dates ?? [])].sort((a, b) => (a.type === 3 ? -1 : 0) - (b.type === 3 ? -1 : 0));
  for (const release of releases) {
    const grade = gradeName(release.certification);
    if (grade) return grade;
  }
  return null;
}

function providers(movie: TmdbMovieFull): ProviderDraft[] {
  const kr = movie["watch/providers"]?.results?.KR;
  if (!kr) return [];
  const drafts: ProviderDraft[] = [];
  for (const type of ["flatrate", "buy", "rent"] as const) {
    const seen = new Set<number>();
    for (const offer of kr[type] ?? []) {
      if (typeof offer.provider_id !== "number" || seen.has(offer.provider_id) || !text(offer.provider_name)) continue;
      seen.add(offer.provider_id);
      drafts.push({
        type,
        provider_id: offer.provider_id,
        name: text(offer.provider_name),
        logo_path: path(offer.logo_path),
        display_order: Number.isFinite(offer.display_priority) ? offer.display_priority : drafts.length,
      });
    }
  }
  return drafts;
}

/**
 * The film as the catalog stores it. `people` holds the resolved people by TMDB id (mapPerson); `english` the
 * English answer when Korean fields were empty; `genres` the run's vocabulary (genres.ts), which notes the genres
 * it lacks. Throws MalformedRecord when no title or year can be found.
 */
export function mapMovie(
  movie: TmdbMovieFull,
  people: ReadonlyMap<number, PersonDraft>,
  english?: Pick<MovieDetails, "title" | "overview">,
  genres: GenreVocabulary = new GenreVocabulary(),
): MovieDraft {
  if (typeof movie.id !== "number") throw new MalformedRecord("the record has no id");
  const original = text(movie.original_title);
  const englishTitle = text(english?.title) || null;
  const korean = text(movie.title);
  const title = korean || englishTitle || original;
  if (!title) throw new MalformedRecord(`TMDB ${movie.id}: no title in any language`);
  const year = releaseYear(movie);
  if (year === null) throw new MalformedRecord(`TMDB ${movie.id} (${title}): no release year`);
  const runtime = Number(movie.runtime);
  const genreNames = [...new Set((movie.genres ?? []).flatMap((g) => genres.name(g.id, text(g.name)) ?? []))];
  const countries = [
    ...new Set((movie.production_countries ?? []).flatMap((c) => countryName(text(c.iso_3166_1)) ?? [])),
  ];
  const directors = (movie.credits?.crew ?? []).filter((c) => c.job === "Director");
  const cast = [...(movie.credits?.cast ?? [])].sort((a, b) => a.order - b.order).slice(0, CAST_LIMIT);
  const credits: CreditDraft[] = [];
  const credited = new Set<string>();
  const add = (id: number, name: string, profile: unknown, kind: string, character: string | null) => {
    if (typeof id !== "number" || credited.has(`${id}:${kind}`)) return;
    credited.add(`${id}:${kind}`);
    credits.push({ person: people.get(id) ?? mapPerson(id, name, profile), kind, character });
  };
  for (const d of directors) add(d.id, text(d.name), d.profile_path, "감독", null);
  cast.forEach((c, i) =>
    add(c.id, text(c.name), c.profile_path, i < LEAD_ROLES ? "주연" : "조연", text(c.character) || null),
  );
  const imdb = text(movie.external_ids?.imdb_id) || text(movie.imdb_id);
  return {
    tmdb_id: movie.id,
    imdb_id: /^tt[0-9]+$/.test(imdb) ? imdb : null,
    title,
    original_title: original || title,
    english_title: englishTitle ?? (hasHangul(title) ? null : title),
    year,
    running_time: Number.isInteger(runtime) && runtime > 0 ? runtime : null,
    grade: krGrade(movie),
    synopsis: text(movie.overview) || text(english?.overview),
    poster_path: path(movie.poster_path),
    backdrop_path: path(movie.backdrop_path),
    genres: genreNames,
    countries,
    credits,
    providers: providers(movie),
  };
}
