// The movie-list rules of API.md §4.7 as pure functions: duplicate collapsing, the 1000 limit and the
// conflicts of an edit, checked in the contract's precedence order before anything is written.
import { COLLECTION_MOVIES_MAX, MAX_ID } from "@moviepedia/contract";
import { ApiError, conflict, invalidField, notFound } from "../../http/errors.js";

/** Keeps the first occurrence of each id, in order. */
export function distinctIds(ids: readonly number[] | null | undefined): number[] {
  return [...new Set(ids ?? [])];
}

/** More distinct ids than a collection may hold is a bad create request (400, not a state conflict). */
export function assertCreateSize(movieIds: readonly number[]): void {
  if (movieIds.length > COLLECTION_MOVIES_MAX) {
    throw invalidField("movie_ids", `must hold at most ${COLLECTION_MOVIES_MAX} distinct movies`);
  }
}

/** An edit that adds and removes the same movie is contradictory (400). */
export function assertDisjoint(add: readonly number[], remove: readonly number[]): void {
  const added = new Set(add);
  if (remove.some((id) => added.has(id))) {
    throw invalidField("delete_movie_ids", "must not contain an id that is also in 'add_movie_ids'");
  }
}

/** Ids a query may safely compare: larger ones cannot exist (and would overflow PostgreSQL's integer). */
export function queryableIds(ids: readonly number[]): number[] | null {
  return ids.every((id) => id <= MAX_ID) ? [...ids] : null;
}

export function assertMoviesExist(ids: readonly number[], existing: ReadonlySet<number>): void {
  if (ids.some((id) => !existing.has(id))) throw notFound("MOVIE_NOT_FOUND");
}

/** The 409s of an edit against the collection's current movies, in the contract's order; returns the new count. */
export function checkEdit(current: readonly number[], add: readonly number[], remove: readonly number[]): number {
  const present = new Set(current);
  if (add.some((id) => present.has(id))) {
    throw conflict("MOVIE_ALREADY_IN_COLLECTION", "A movie to add is already in the collection.");
  }
  if (remove.some((id) => !present.has(id))) {
    throw conflict("MOVIE_NOT_IN_COLLECTION", "A movie to delete is not in the collection.");
  }
  const count = current.length - remove.length + add.length;
  if (count > COLLECTION_MOVIES_MAX) {
    throw new ApiError("COLLECTION_FULL", `A collection holds at most ${COLLECTION_MOVIES_MAX} movies.`);
  }
  return count;
}
