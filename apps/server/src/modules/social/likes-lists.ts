// The caller's likes lists (API.md §4.1 likes_participant / likes_collection / likes_review): full objects, oldest
// like first, each with like: true; their totals are Me.liked_*_count, kept by the shared like toggle.
import { createHash } from "node:crypto";
import { Collection, Person, Review } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import { answerJson, defineRegion, keepsWindow } from "../../cache/index.js";
import { KeptBody, keptBodySize } from "../../http/json-reply.js";
import type { Database } from "../../db/types.js";
import type { Window } from "../../http/window.js";
import { loadCollections } from "../collections/index.js";
import { toPerson } from "../people/index.js";
import { loadReviews } from "../reviews/index.js";
import { creditKindsOf, findPeopleByIds, likedReviewVersions, likedTargetIds } from "./likes-repository.js";

/**
 * People of `ids` in that order, unknown ids skipped, in two queries. The people module has only a single-person
 * reader; this batch form shares its mapper (roles from credit kinds), so the Person shape lives in one place.
 */
async function loadLikedPeople(db: Kysely<Database>, ids: readonly number[]): Promise<Person[]> {
  const [rows, kinds] = await Promise.all([findPeopleByIds(db, ids), creditKindsOf(db, ids)]);
  const kindsById = new Map<number, string[]>();
  for (const { person_id, kind } of kinds) {
    const list = kindsById.get(person_id);
    if (list) list.push(kind);
    else kindsById.set(person_id, [kind]);
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Every listed person is one the caller likes: that is what the list is.
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toPerson(row, kindsById.get(id) ?? [], true)] : [];
  });
}

export function createLikesListsService(db: Kysely<Database>) {
  async function people(callerId: number, window: Window): Promise<Person[]> {
    return loadLikedPeople(db, await likedTargetIds(db, "person_likes", callerId, window));
  }

  /** All movies of each collection, or the first `movieLimit` (the request's movies_limit). */
  async function collections(callerId: number, window: Window, movieLimit?: number): Promise<Collection[]> {
    const ids = await likedTargetIds(db, "collection_likes", callerId, window);
    return loadCollections(db, ids, callerId, { movieLimit });
  }

  const schemas = {
    likes_participant: z.array(Person),
    likes_collection: z.array(Collection),
    likes_review: z.array(Review),
  } as const;
  // Liked reviews are read with their authors' versions (reviewsJson).
  const loaders = {
    likes_participant: people,
    likes_collection: collections,
  } satisfies Record<
    Exclude<LikesList, "likes_review">,
    (callerId: number, window: Window, movieLimit?: number) => Promise<unknown[]>
  >;

  /**
   * GET /api/users/likes_review, serialised: kept as the other lists while nothing is written (no query at all), and
   * after a write kept per window and the versions of the liked reviews' authors (one query), so a write elsewhere
   * (another film's rating, a like on someone else's review) leaves the answer kept.
   */
  async function reviewsJson(callerId: number, window: Window): Promise<KeptBody> {
    const key = `likes_review:${callerId}:${window.offset}:${window.limit}`;
    const keep = keepsWindow(window);
    return kept.get(db, key, () => reviewsByVersions(callerId, window, key, keep), { keep });
  }

  /** The liked reviews' window once a write made it stale: kept per its reviews' authors' review-list versions. */
  async function reviewsByVersions(callerId: number, window: Window, key: string, keep: boolean): Promise<KeptBody> {
    const liked = await likedReviewVersions(db, callerId, window);
    const digest = createHash("sha1")
      .update(liked.map((r) => `${r.id}:${r.version ?? ""}`).join(","))
      .digest("base64");
    const ids = liked.map((r) => r.id);
    const build = async () => KeptBody.of(answerJson(schemas.likes_review, await loadReviews(db, ids, callerId)));
    return keptReviews.get(db, `${key}:${digest}`, build, { keep });
  }

  /** GET /api/users/{list}, serialised; `movieLimit` (movies_limit) applies to likes_collection only. */
  async function listJson(list: LikesList, callerId: number, window: Window, movieLimit?: number): Promise<KeptBody> {
    if (list === "likes_review") return reviewsJson(callerId, window);
    const key = `${list}:${callerId}:${window.offset}:${window.limit}:${movieLimit ?? "all"}`;
    const build = async () =>
      KeptBody.of(answerJson(schemas[list] as z.ZodType<unknown>, await loaders[list](callerId, window, movieLimit)));
    return kept.get(db, key, build, { keep: keepsWindow(window) });
  }

  return { people, collections, listJson };
}

export type LikesList = "likes_participant" | "likes_collection" | "likes_review";

// A member pages through their lists again and again: windows are kept as JSON under the database's version token
// (db/data-version.ts), so any committed write — a like, an edit, a rename — makes the next read build them anew
// (liked reviews: look up their versions, below).
const kept = defineRegion<KeptBody>({
  name: "likes-lists",
  share: 0.025,
  stale: { token: "database" },
  keeps: "a window (first pages) of a member's likes list as sent",
  sizeOf: keptBodySize,
});
// Liked reviews, once a write made the window above stale: kept with their authors' review-list versions in the key
// (read with the window's ids); the rule covers the authors' names and pictures.
const keptReviews = defineRegion<KeptBody>({
  name: "liked-reviews",
  share: 0.015,
  stale: { token: "tables", tables: ["user_names"] },
  keeps: "a window (first pages) of a member's liked reviews as sent, per the versions of their authors' reviews",
  sizeOf: keptBodySize,
});

export type LikesListsService = ReturnType<typeof createLikesListsService>;
