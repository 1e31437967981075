// Full Collection objects for a list of ids in three queries (rows, movies, caller's likes), whatever the count:
// the collection pages, the user's list, search `expand` and the likes list all read through here.
import type { Collection } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { likedSet } from "../shared/index.js";
import { toCollection } from "./mapper.js";
import { type CollectionMovieRow, findCollectionsByIds, moviesOfCollections } from "./repository.js";

export interface LoadOptions {
  /** At most this many movies per collection (a list answer's `movies_limit`); all of them when absent. */
  movieLimit?: number;
}

/** Collections in the order of `ids` (unknown ids are skipped), with the caller's `like`. */
export async function loadCollections(
  db: Kysely<Database>,
  ids: readonly number[],
  callerId: number | null,
  options: LoadOptions = {},
): Promise<Collection[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const [rows, movies, liked] = await Promise.all([
    findCollectionsByIds(db, unique),
    options.movieLimit === 0 ? [] : moviesOfCollections(db, unique, options.movieLimit),
    likedSet(db, "collection_likes", callerId, unique),
  ]);
  const moviesById = new Map<number, CollectionMovieRow[]>();
  for (const movie of movies) {
    const list = moviesById.get(movie.collection_id);
    if (list) list.push(movie);
    else moviesById.set(movie.collection_id, [movie]);
  }
  const rowsById = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = rowsById.get(id);
    return row ? [toCollection(row, moviesById.get(id) ?? [], liked.has(id))] : [];
  });
}
