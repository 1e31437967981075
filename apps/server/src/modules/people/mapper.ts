// Person rows → wire types (API.md §4.0 Person, PersonCredits).
import { CAST_KINDS, DIRECTOR_KIND, type Person, type PersonCreditMovie } from "@moviepedia/contract";
import { personImageUrl, posterUrl } from "../movies/index.js";
import type { PersonCoreRow, PersonCreditRow } from "./repository.js";

export const isCastKind = (kind: string) => (CAST_KINDS as readonly string[]).includes(kind);

/** ["감독", "배우"] in that order: a director credit makes a 감독, any cast-kind credit a 배우; crew counts as neither. */
export function personRoles(kinds: readonly string[]): string[] {
  const roles: string[] = [];
  if (kinds.includes(DIRECTOR_KIND)) roles.push("감독");
  if (kinds.some(isCastKind)) roles.push("배우");
  return roles;
}

export function toPerson(row: PersonCoreRow, kinds: readonly string[], like: boolean): Person {
  return {
    id: row.id,
    name: row.name,
    roles: personRoles(kinds),
    profile_url: personImageUrl(row),
    biography: row.biography,
    likes_count: row.likes_count,
    like,
    tmdb_id: row.tmdb_id,
  };
}

/** A filmography entry without its average (which changes with every rating and is read per request). */
export type CreditEntry = Omit<PersonCreditMovie, "average_rating">;

export function toCreditEntry(row: PersonCreditRow): CreditEntry {
  return {
    id: row.movie_id,
    title: row.title,
    year: row.year,
    cast: row.kind,
    poster_url: posterUrl({
      id: row.movie_id,
      title: row.title,
      year: row.year,
      poster_url: row.poster_url,
      poster_path: row.poster_path,
    }),
  };
}
