// SQL for collections and their movie links; callers pass the db-or-transaction handle.
import { type Kysely, sql } from "kysely";
import { literalLimit } from "../../db/literal-limit.js";
import type { CollectionRow, Database } from "../../db/types.js";

type Db = Kysely<Database>;

/** Movie columns a CollectionMovie is drawn from, with the collection and position it sits at. */
export interface CollectionMovieRow {
  collection_id: number;
  position: number;
  id: number;
  title: string;
  year: number;
  poster_url: string | null;
  poster_path: string | null;
  rating_sum: number;
  ratings_count: number;
}

// Bind-parameter lists stay well below SQLite's and PostgreSQL's limits whatever a body holds.
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export function findCollection(db: Db, id: number): Promise<CollectionRow | undefined> {
  return db.selectFrom("collections").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Reads the row and, on PostgreSQL, row-locks it for the rest of the transaction (a no-op update of a non-key
 * column), so edits, deletes, comments and like toggles of one collection serialise instead of racing.
 */
export function lockCollection(db: Db, id: number): Promise<CollectionRow | undefined> {
  return db
    .updateTable("collections")
    .set({ movie_count: sql`movie_count` })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export function findCollectionsByIds(db: Db, ids: readonly number[]): Promise<CollectionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("collections").selectAll().where("id", "in", ids).execute();
}

/** A window of the user's collections, oldest first. */
export async function listCollectionIdsOfUser(
  db: Db,
  userId: number,
  window: { offset: number; limit: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom("collections")
    .select("id")
    .where("user_id", "=", userId)
    .orderBy("id", "asc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((r) => r.id);
}

/** Which of `ids` are catalog movies (ids must already be ≤ 2³¹−1). */
export async function existingMovieIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom("movies").select("id").where("id", "in", part).execute();
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** Movie ids of a collection in order added, with the last position used. */
export async function collectionMovieIds(
  db: Db,
  collectionId: number,
): Promise<{ ids: number[]; lastPosition: number }> {
  const rows = await db
    .selectFrom("collection_movies")
    .select(["movie_id", "position"])
    .where("collection_id", "=", collectionId)
    .orderBy("position", "asc")
    .execute();
  return { ids: rows.map((r) => r.movie_id), lastPosition: rows.at(-1)?.position ?? -1 };
}

/**
 * Movies of many collections in one query, in order added; with `limit`, only the first `limit` of each, each
 * collection's read by its (collection, position) index up to that many rows (a union of one small read per
 * collection) instead of all its films: cards show a few posters of collections of hundreds.
 */
export async function moviesOfCollections(
  db: Db,
  collectionIds: readonly number[],
  limit?: number,
): Promise<CollectionMovieRow[]> {
  if (collectionIds.length === 0) return [];
  const columns = sql`cm.collection_id, cm.position, m.id, m.title, m.year, m.poster_url, m.poster_path, m.rating_sum,
    m.ratings_count`;
  const from = sql`from collection_movies cm join movies m on m.id = cm.movie_id`;
  const reads =
    limit === undefined
      ? [sql`select ${columns} ${from} where cm.collection_id in (${sql.join(collectionIds)})`]
      : collectionIds.map(
          (id) => sql`select * from (select ${columns} ${from} where cm.collection_id = ${id}
            order by cm.position limit ${literalLimit(limit)}) c`,
        );
  const { rows } = await sql<CollectionMovieRow>`${sql.join(reads, sql` union all `)}
    order by collection_id, position`.execute(db);
  return rows;
}

export function insertCollection(
  db: Db,
  values: { user_id: number; title: string; overview: string | null; movie_count: number; created_at: string },
): Promise<CollectionRow> {
  return db.insertInto("collections").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Appends movies after `afterPosition`, keeping the given order. */
export async function appendMovies(
  db: Db,
  collectionId: number,
  movieIds: readonly number[],
  afterPosition: number,
  /** When an edit added them (the feed's collection additions); absent for the films a collection is created with. */
  addedAt: string | null = null,
): Promise<void> {
  const rows = movieIds.map((movieId, i) => ({
    collection_id: collectionId,
    movie_id: movieId,
    position: afterPosition + 1 + i,
    added_at: addedAt,
  }));
  // Four parameters a row: 300 rows stay far below SQLite's bind limit.
  for (let i = 0; i < rows.length; i += 300) {
    await db
      .insertInto("collection_movies")
      .values(rows.slice(i, i + 300))
      .execute();
  }
}

export async function removeMovies(db: Db, collectionId: number, movieIds: readonly number[]): Promise<void> {
  for (const part of chunks(movieIds)) {
    await db
      .deleteFrom("collection_movies")
      .where("collection_id", "=", collectionId)
      .where("movie_id", "in", part)
      .execute();
  }
}

export async function updateCollection(
  db: Db,
  id: number,
  patch: { title?: string; overview?: string | null; movie_count?: number },
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable("collections").set(patch).where("id", "=", id).execute();
}

export async function bumpCollectionCount(db: Db, userId: number, delta: 1 | -1): Promise<void> {
  await db
    .updateTable("users")
    .set({ collection_count: sql`collection_count + ${delta}` })
    .where("id", "=", userId)
    .execute();
}

/**
 * Deletes a collection and everything hanging off it: comment likes, comments, likes (and the likers'
 * liked_collections_count), movie links. The caller holds the transaction.
 */
export async function deleteCollectionCascade(db: Db, id: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ liked_collections_count: sql`liked_collections_count - 1` })
    .where("id", "in", db.selectFrom("collection_likes").select("user_id").where("target_id", "=", id))
    .execute();
  await db
    .deleteFrom("collection_comment_likes")
    .where("target_id", "in", db.selectFrom("collection_comments").select("id").where("collection_id", "=", id))
    .execute();
  await db.deleteFrom("collection_comments").where("collection_id", "=", id).execute();
  await db.deleteFrom("collection_likes").where("target_id", "=", id).execute();
  await db.deleteFrom("collection_movies").where("collection_id", "=", id).execute();
  await db.deleteFrom("collections").where("id", "=", id).execute();
}
