// SQL of the export (GET /api/users/me/export): everything one member wrote or set, each kind read in keyset-paged
// batches (id > after, ordered by id), so a member with 50,000 ratings is streamed with flat memory.
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

export const EXPORT_PAGE = 1000;

export interface FilmColumns {
  movie_id: number;
  movie_key: string;
  movie_title: string;
  movie_original_title: string;
  movie_year: number;
  movie_tmdb_id: number | null;
  movie_imdb_id: string | null;
}

const film = (alias: string) =>
  [
    sql.ref(`${alias}.id`).as("movie_id"),
    sql.ref(`${alias}.key`).as("movie_key"),
    sql.ref(`${alias}.title`).as("movie_title"),
    sql.ref(`${alias}.original_title`).as("movie_original_title"),
    sql.ref(`${alias}.year`).as("movie_year"),
    sql.ref(`${alias}.tmdb_id`).as("movie_tmdb_id"),
    sql.ref(`${alias}.imdb_id`).as("movie_imdb_id"),
  ] as const;

export function profile(db: Db, userId: number) {
  return db
    .selectFrom("users")
    .select(["id", "username", "login_id", "login_type", "status_message", "profile_url", "created_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

export type ExportReview = FilmColumns & {
  id: number;
  rating: number;
  status: string;
  content: string;
  spoiler: number;
  likes_count: number;
  comments_count: number;
  created_at: string;
  updated_at: string;
};

/**
 * Which of the member's reviews a page holds: every visible one (an emptied one is nothing the member set), or only
 * those with a rating, a status or a text (the CSV export's ratings, statuses and comments files, each read without
 * the rows and the long texts it does not need).
 */
export type ReviewSubset = "visible" | "rated" | "status" | "comment";

/** The member's reviews of one subset, oldest first. */
export async function reviewsPage(
  db: Db,
  userId: number,
  after: number,
  subset: ReviewSubset = "visible",
): Promise<ExportReview[]> {
  return (await db
    .selectFrom("reviews as r")
    .innerJoin("movies as m", "m.id", "r.movie_id")
    .select([
      "r.id",
      "r.rating",
      "r.status",
      subset === "visible" || subset === "comment" ? "r.content" : sql<string>`''`.as("content"),
      "r.spoiler",
      "r.likes_count",
      "r.comments_count",
      "r.created_at",
      "r.updated_at",
      ...film("m"),
    ])
    .where("r.user_id", "=", userId)
    .where("r.id", ">", after)
    .where((eb) => {
      switch (subset) {
        case "rated":
          return eb("r.rating", ">", 0);
        case "status":
          return eb("r.status", "<>", "");
        case "comment":
          return eb("r.content", "<>", "");
        case "visible":
          return eb.or([eb("r.rating", ">", 0), eb("r.status", "<>", ""), eb("r.content", "<>", "")]);
      }
    })
    .orderBy("r.id")
    .limit(EXPORT_PAGE)
    .execute()) as unknown as ExportReview[];
}

export type ExportReply = FilmColumns & {
  id: number;
  review_id: number;
  review_author: string;
  content: string;
  created_at: string;
};

export async function repliesPage(db: Db, userId: number, after: number): Promise<ExportReply[]> {
  return (await db
    .selectFrom("replies as p")
    .innerJoin("reviews as r", "r.id", "p.review_id")
    .innerJoin("users as u", "u.id", "r.user_id")
    .innerJoin("movies as m", "m.id", "r.movie_id")
    .select(["p.id", "p.review_id", "u.username as review_author", "p.content", "p.created_at", ...film("m")])
    .where("p.user_id", "=", userId)
    .where("p.id", ">", after)
    .orderBy("p.id")
    .limit(EXPORT_PAGE)
    .execute()) as unknown as ExportReply[];
}

export async function collectionsPage(db: Db, userId: number, after: number) {
  return db
    .selectFrom("collections")
    .select(["id", "title", "overview", "created_at"])
    .where("user_id", "=", userId)
    .where("id", ">", after)
    .orderBy("id")
    .limit(EXPORT_PAGE)
    .execute();
}

export type ExportCollectionMovie = FilmColumns & { position: number; added_at: string | null };

/** A collection's films in their order (at most 1000 by the collection rules). */
export async function collectionMovies(db: Db, collectionId: number): Promise<ExportCollectionMovie[]> {
  return (await db
    .selectFrom("collection_movies as c")
    .innerJoin("movies as m", "m.id", "c.movie_id")
    .select(["c.position", "c.added_at", ...film("m")])
    .where("c.collection_id", "=", collectionId)
    .orderBy("c.position")
    .execute()) as unknown as ExportCollectionMovie[];
}

export async function collectionCommentsPage(db: Db, userId: number, after: number) {
  return db
    .selectFrom("collection_comments as k")
    .innerJoin("collections as c", "c.id", "k.collection_id")
    .select(["k.id", "k.collection_id", "c.title as collection_title", "k.content", "k.created_at"])
    .where("k.user_id", "=", userId)
    .where("k.id", ">", after)
    .orderBy("k.id")
    .limit(EXPORT_PAGE)
    .execute();
}

export type LikeKind = "review" | "reply" | "collection" | "collection_comment" | "person";

export interface ExportLike {
  id: number;
  target_id: number;
  label: string;
  created_at: string;
}

/** One kind of the member's likes with a label for people reading it (film title, collection title, name). */
export async function likesPage(db: Db, kind: LikeKind, userId: number, after: number): Promise<ExportLike[]> {
  const base = (
    table: "review_likes" | "reply_likes" | "collection_likes" | "collection_comment_likes" | "person_likes",
  ) =>
    db
      .selectFrom(`${table} as l`)
      .where("l.user_id", "=", userId)
      .where("l.id", ">", after)
      .orderBy("l.id")
      .limit(EXPORT_PAGE);
  switch (kind) {
    case "review":
      return base("review_likes")
        .innerJoin("reviews as r", "r.id", "l.target_id")
        .innerJoin("movies as m", "m.id", "r.movie_id")
        .select(["l.id", "l.target_id", "m.title as label", "l.created_at"])
        .execute();
    case "reply":
      return base("reply_likes")
        .innerJoin("replies as p", "p.id", "l.target_id")
        .select(["l.id", "l.target_id", "p.content as label", "l.created_at"])
        .execute();
    case "collection":
      return base("collection_likes")
        .innerJoin("collections as c", "c.id", "l.target_id")
        .select(["l.id", "l.target_id", "c.title as label", "l.created_at"])
        .execute();
    case "collection_comment":
      return base("collection_comment_likes")
        .innerJoin("collection_comments as k", "k.id", "l.target_id")
        .select(["l.id", "l.target_id", "k.content as label", "l.created_at"])
        .execute();
    case "person":
      return base("person_likes")
        .innerJoin("people as p", "p.id", "l.target_id")
        .select(["l.id", "l.target_id", "p.name as label", "l.created_at"])
        .execute();
  }
}

/** Follows (whom the member follows) or blocks (whom the member blocked), with their names. */
export async function relationsPage(db: Db, table: "follows" | "blocks", userId: number, after: number) {
  return db
    .selectFrom(`${table} as f`)
    .innerJoin("users as u", "u.id", "f.target_id")
    .select(["f.id", "f.target_id as user_id", "u.username", "f.created_at"])
    .where("f.user_id", "=", userId)
    .where("f.id", ">", after)
    .orderBy("f.id")
    .limit(EXPORT_PAGE)
    .execute();
}

export type ExportDismissal = FilmColumns & { id: number; created_at: string };

export async function dismissalsPage(db: Db, userId: number, after: number): Promise<ExportDismissal[]> {
  return (await db
    .selectFrom("movie_dismissals as d")
    .innerJoin("movies as m", "m.id", "d.movie_id")
    .select(["d.id", "d.created_at", ...film("m")])
    .where("d.user_id", "=", userId)
    .where("d.id", ">", after)
    .orderBy("d.id")
    .limit(EXPORT_PAGE)
    .execute()) as unknown as ExportDismissal[];
}
