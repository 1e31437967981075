// Collections (API.md §4.7): create, read, edit, delete, a member's list and like toggles. Every write is one
// transaction that also keeps movie_count, likes_count and the members' counters equal to a recount.
import { type Collection, type CollectionCreate, type CollectionPatch } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { CollectionRow, Database } from "../../db/types.js";
import { notFound, notOwner } from "../../http/errors.js";
import type { Window } from "../../http/window.js";
import { type Clock, toTimestamp } from "../../lib/time.js";
import { inTransaction } from "../../lib/transaction.js";
import { indexSearchDocument, removeSearchDocument } from "../search/index.js";
import { likedSet, toggleLike } from "../shared/index.js";
import { findUserById } from "../users/index.js";
import { loadCollections } from "./load.js";
import {
  appendMovies,
  bumpCollectionCount,
  collectionMovieIds,
  deleteCollectionCascade,
  existingMovieIds,
  findCollection,
  insertCollection,
  listCollectionIdsOfUser,
  lockCollection,
  removeMovies,
  updateCollection,
} from "./repository.js";
import { assertCreateSize, assertDisjoint, assertMoviesExist, checkEdit, distinctIds, queryableIds } from "./rules.js";

type Db = Kysely<Database>;

/** Fails with MOVIE_NOT_FOUND unless every id is a catalog movie. */
async function assertCatalogMovies(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const safe = queryableIds(ids);
  if (!safe) throw notFound("MOVIE_NOT_FOUND");
  assertMoviesExist(safe, await existingMovieIds(db, safe));
}

function collectionOr404(row: CollectionRow | undefined): CollectionRow {
  if (!row) throw notFound("COLLECTION_NOT_FOUND");
  return row;
}

export function createCollectionsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** One full collection (all movies) as seen by `callerId`. */
  async function loadOne(handle: Db, id: number, callerId: number | null): Promise<Collection> {
    const [collection] = await loadCollections(handle, [id], callerId);
    if (!collection) throw notFound("COLLECTION_NOT_FOUND");
    return collection;
  }

  async function create(callerId: number, body: CollectionCreate): Promise<Collection> {
    const movieIds = distinctIds(body.movie_ids);
    assertCreateSize(movieIds);
    const id = await inTransaction(db, async (trx) => {
      await assertCatalogMovies(trx, movieIds);
      const row = await insertCollection(trx, {
        user_id: callerId,
        title: body.title,
        overview: body.overview ?? null,
        movie_count: movieIds.length,
        created_at: toTimestamp(clock.now()),
      });
      await appendMovies(trx, row.id, movieIds, -1);
      await bumpCollectionCount(trx, callerId, 1);
      await indexSearchDocument(trx, "collection", row.id, [row.title]);
      return row.id;
    });
    return loadOne(db, id, callerId);
  }

  async function get(id: number | null, callerId: number | null): Promise<Collection> {
    if (id === null) throw notFound("COLLECTION_NOT_FOUND");
    return loadOne(db, id, callerId);
  }

  /** All-or-nothing edit: every check first (400 → 404 → 403 → 409), then delete, then append in order. */
  async function patch(id: number | null, callerId: number, body: CollectionPatch): Promise<Collection> {
    const add = distinctIds(body.add_movie_ids);
    const remove = distinctIds(body.delete_movie_ids);
    assertDisjoint(add, remove);
    return inTransaction(db, async (trx) => {
      const row = collectionOr404(id === null ? undefined : await lockCollection(trx, id));
      await assertCatalogMovies(trx, add);
      if (row.user_id !== callerId) throw notOwner();
      const current = await collectionMovieIds(trx, row.id);
      const count = checkEdit(current.ids, add, remove);
      await removeMovies(trx, row.id, remove);
      await appendMovies(trx, row.id, add, current.lastPosition, toTimestamp(clock.now()));
      const retitled = body.title != null && body.title !== row.title ? body.title : undefined;
      await updateCollection(trx, row.id, {
        ...(retitled !== undefined ? { title: retitled } : {}),
        ...(body.overview !== undefined ? { overview: body.overview } : {}),
        ...(count !== row.movie_count ? { movie_count: count } : {}),
      });
      if (retitled !== undefined) await indexSearchDocument(trx, "collection", row.id, [retitled]);
      return loadOne(trx, row.id, callerId);
    });
  }

  async function remove(id: number | null, callerId: number): Promise<void> {
    await inTransaction(db, async (trx) => {
      const row = collectionOr404(id === null ? undefined : await lockCollection(trx, id));
      if (row.user_id !== callerId) throw notOwner();
      await deleteCollectionCascade(trx, row.id);
      await bumpCollectionCount(trx, row.user_id, -1);
      await removeSearchDocument(trx, "collection", row.id);
    });
  }

  /** A window of the user's collections, oldest first: all movies each, or the first `movieLimit` (movies_limit). */
  async function listOfUser(
    userId: number | null,
    callerId: number | null,
    window: Window,
    movieLimit?: number,
  ): Promise<Collection[]> {
    const user = userId === null ? undefined : await findUserById(db, userId);
    if (!user) throw notFound("USER_NOT_FOUND");
    const ids = await listCollectionIdsOfUser(db, user.id, window);
    return loadCollections(db, ids, callerId, { movieLimit });
  }

  async function isLiked(id: number | null, callerId: number): Promise<boolean> {
    const row = collectionOr404(id === null ? undefined : await findCollection(db, id));
    return (await likedSet(db, "collection_likes", callerId, [row.id])).has(row.id);
  }

  async function toggle(id: number | null, callerId: number): Promise<Collection> {
    return inTransaction(db, async (trx) => {
      const row = collectionOr404(id === null ? undefined : await lockCollection(trx, id));
      await toggleLike(trx, "collection_likes", callerId, row.id, clock.now());
      return loadOne(trx, row.id, callerId);
    });
  }

  return { create, get, patch, remove, listOfUser, isLiked, toggle };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
