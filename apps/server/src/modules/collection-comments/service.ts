// Collection comments (API.md §4.8): post, list (blocked authors hidden from the blocker), read, edit, delete
// and like toggles; the collection's comments_count and the comment's likes_count change in the same transaction.
import type { CollectionComment } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { CollectionCommentRow, Database } from "../../db/types.js";
import { notFound, notOwner } from "../../http/errors.js";
import type { Window } from "../../http/window.js";
import { type Clock, toTimestamp } from "../../lib/time.js";
import { inTransaction } from "../../lib/transaction.js";
import { findCollection } from "../collections/index.js";
import { collectionCommented } from "../notifications/index.js";
import { likedSet, toggleLike } from "../shared/index.js";
import { toCollectionComment } from "./mapper.js";
import {
  bumpCommentsCount,
  deleteComment,
  findComment,
  findCommentWithAuthor,
  hasSameComment,
  insertComment,
  listComments,
  lockComment,
  updateCommentContent,
} from "./repository.js";

type Db = Kysely<Database>;

const commentNotFound = () => notFound("COLLECTION_COMMENT_NOT_FOUND");

export function createCollectionCommentsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function loadOne(handle: Db, id: number, callerId: number | null): Promise<CollectionComment> {
    const row = await findCommentWithAuthor(handle, id);
    if (!row) throw commentNotFound();
    const liked = await likedSet(handle, "collection_comment_likes", callerId, [id]);
    return toCollectionComment(row, liked.has(id));
  }

  /** The comment the caller may change: 404 before 403. */
  async function ownComment(id: number | null, callerId: number): Promise<CollectionCommentRow> {
    const row = id === null ? undefined : await findComment(db, id);
    if (!row) throw commentNotFound();
    if (row.user_id !== callerId) throw notOwner();
    return row;
  }

  async function create(collectionId: number | null, callerId: number, content: string): Promise<CollectionComment> {
    return inTransaction(db, async (trx) => {
      if (collectionId === null || !(await bumpCommentsCount(trx, collectionId, 1))) {
        throw notFound("COLLECTION_NOT_FOUND");
      }
      const row = await insertComment(trx, {
        collection_id: collectionId,
        user_id: callerId,
        content,
        created_at: toTimestamp(clock.now()),
      });
      const collection = await findCollection(trx, collectionId);
      if (collection) await collectionCommented(trx, row, collection.user_id, clock.now());
      return loadOne(trx, row.id, callerId);
    });
  }

  /**
   * A comment restored by an import, inside the import's transaction: counted on the collection (locked first, as
   * create), once — the same text by the same member on the same collection is there already — and without
   * notifying the collection's owner (a restored comment is no news). `missing` when the collection is gone.
   */
  async function restoreIn(
    trx: Db,
    callerId: number,
    collectionId: number,
    content: string,
  ): Promise<"created" | "exists" | "missing"> {
    if (!(await bumpCommentsCount(trx, collectionId, 1))) return "missing";
    if (await hasSameComment(trx, collectionId, callerId, content)) {
      await bumpCommentsCount(trx, collectionId, -1);
      return "exists";
    }
    await insertComment(trx, {
      collection_id: collectionId,
      user_id: callerId,
      content,
      created_at: toTimestamp(clock.now()),
    });
    return "created";
  }

  async function list(collectionId: number | null, callerId: number | null, window: Window) {
    const collection = collectionId === null ? undefined : await findCollection(db, collectionId);
    if (!collection) throw notFound("COLLECTION_NOT_FOUND");
    const rows = await listComments(db, collection.id, callerId, window);
    const liked = await likedSet(
      db,
      "collection_comment_likes",
      callerId,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toCollectionComment(row, liked.has(row.id)));
  }

  async function get(id: number | null, callerId: number | null): Promise<CollectionComment> {
    if (id === null) throw commentNotFound();
    return loadOne(db, id, callerId);
  }

  async function patch(id: number | null, callerId: number, content: string): Promise<CollectionComment> {
    const row = await ownComment(id, callerId);
    if (!(await updateCommentContent(db, row.id, content))) throw commentNotFound();
    return loadOne(db, row.id, callerId);
  }

  async function remove(id: number | null, callerId: number): Promise<void> {
    const row = await ownComment(id, callerId);
    await inTransaction(db, async (trx) => {
      // Collection first, then the comment: the same lock order as a collection delete, so they cannot deadlock.
      const collectionExists = await bumpCommentsCount(trx, row.collection_id, -1);
      if (!collectionExists || !(await deleteComment(trx, row.id))) throw commentNotFound();
    });
  }

  async function isLiked(id: number | null, callerId: number): Promise<boolean> {
    const row = id === null ? undefined : await findComment(db, id);
    if (!row) throw commentNotFound();
    return (await likedSet(db, "collection_comment_likes", callerId, [row.id])).has(row.id);
  }

  async function toggle(id: number | null, callerId: number): Promise<CollectionComment> {
    return inTransaction(db, async (trx) => {
      const row = id === null ? undefined : await lockComment(trx, id);
      if (!row) throw commentNotFound();
      await toggleLike(trx, "collection_comment_likes", callerId, row.id, clock.now());
      return loadOne(trx, row.id, callerId);
    });
  }

  return { create, restoreIn, list, get, patch, remove, isLiked, toggle };
}

export type CollectionCommentsService = ReturnType<typeof createCollectionCommentsService>;
