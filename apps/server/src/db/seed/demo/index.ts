// The demo community (SEED_DEMO, API.md §3.5): ~300 members who cannot sign in (login_type "demo", no password, no
// login id) with ratings, reviews, replies, likes, follows, blocks and collections — generated from a fixed seed
// with times relative to the clock, so two seeds with the same clock are identical.
import type { Kysely } from "kysely";
import { type Clock, toTimestamp } from "../../../lib/time.js";
import type { Database, LikeTableName } from "../../types.js";

type RelationTableName = LikeTableName | "follows" | "blocks";
import { insertRows, nextId, syncIdSequences } from "../batch.js";
import { recountCounters } from "../../counters.js";
import { loadDemoMovies } from "./load.js";
import { createReviews, createUsers } from "./members.js";
import { assignIds, type DemoPair, type DemoWorld } from "./model.js";
import { Prng } from "./prng.js";
import { createSocial } from "./social.js";

const SEED = 20250301;
export const DEMO_MEMBERS = 300;

export interface DemoSeedResult {
  members: number;
  reviews: number;
  replies: number;
  likes: number;
  follows: number;
  collections: number;
}

export function generateDemo(movies: Awaited<ReturnType<typeof loadDemoMovies>>, now: number, taken: Set<string>) {
  const rng = new Prng(SEED);
  const users = createUsers(rng, DEMO_MEMBERS, now, taken);
  const reviews = createReviews(rng, users, movies, now);
  return { users, reviews, ...createSocial(rng, users, reviews, movies, now) } satisfies DemoWorld;
}

const ts = (ms: number) => toTimestamp(new Date(ms));

async function insertWorld(db: Kysely<Database>, w: DemoWorld): Promise<void> {
  const first = (table: keyof Database & string) => nextId(db, table);
  // Ids in time order, parents first: children refer to their parents' final ids.
  const users = assignIds(w.users, await first("users"));
  const reviews = assignIds(w.reviews, await first("reviews"));
  const replies = assignIds(w.replies, await first("replies"));
  const collections = assignIds(w.collections, await first("collections"));
  const comments = assignIds(w.collectionComments, await first("collection_comments"));
  await insertRows(
    db,
    "users",
    users.map((u) => ({
      id: u.id,
      username: u.username,
      username_lower: u.username.toLowerCase(),
      login_id: null,
      login_id_lower: null,
      password_hash: null,
      login_type: "demo" as const,
      profile_url: null,
      status_message: u.statusMessage,
      created_at: ts(u.at),
    })),
  );
  await insertRows(
    db,
    "reviews",
    reviews.map((r) => ({
      id: r.id,
      movie_id: r.movie.id,
      user_id: r.user.id,
      content: r.content,
      rating: r.rating,
      status: r.status,
      spoiler: r.spoiler ? 1 : 0,
      created_at: ts(r.at),
      updated_at: ts(r.updatedAt),
    })),
  );
  await insertRows(
    db,
    "replies",
    replies.map((r) => ({
      id: r.id,
      review_id: r.review.id,
      user_id: r.user.id,
      content: r.content,
      created_at: ts(r.at),
    })),
  );
  await insertRows(
    db,
    "collections",
    collections.map((c) => ({
      id: c.id,
      user_id: c.user.id,
      title: c.title,
      overview: c.overview,
      created_at: ts(c.at),
    })),
  );
  await insertRows(
    db,
    "collection_movies",
    collections.flatMap((c) => c.movies.map((m, position) => ({ collection_id: c.id, movie_id: m.id, position }))),
  );
  await insertRows(
    db,
    "collection_comments",
    comments.map((c) => ({
      id: c.id,
      collection_id: c.collection.id,
      user_id: c.user.id,
      content: c.content,
      created_at: ts(c.at),
    })),
  );
  const relations: Array<[RelationTableName, Array<DemoPair<{ id: number }>>]> = [
    ["review_likes", w.reviewLikes],
    ["reply_likes", w.replyLikes],
    ["collection_likes", w.collectionLikes],
    ["collection_comment_likes", w.commentLikes],
    ["person_likes", w.personLikes],
    ["follows", w.follows],
    ["blocks", w.blocks],
  ];
  for (const [table, items] of relations) {
    const rows = assignIds(items, await first(table)).map((p) => ({
      id: p.id,
      user_id: p.user.id,
      target_id: p.target.id,
      created_at: ts(p.at),
    }));
    await insertRows(db, table, rows);
  }
}

export async function seedDemoCommunity(db: Kysely<Database>, clock: Clock): Promise<DemoSeedResult> {
  const movies = await loadDemoMovies(db);
  if (movies.length === 0) throw new Error("The demo community needs the catalog: seed it first.");
  const taken = new Set((await db.selectFrom("users").select("username_lower").execute()).map((u) => u.username_lower));
  const world = generateDemo(movies, clock.now().getTime(), taken);
  await insertWorld(db, world);
  // The demo writes no notifications (and a database of an earlier version, seeded by this code in
  // test/previous-version.test.ts, has no such table).
  await recountCounters(db, (c) => c.table !== "notifications");
  await syncIdSequences(db, [
    "users",
    "reviews",
    "replies",
    "collections",
    "collection_comments",
    "review_likes",
    "reply_likes",
    "collection_likes",
    "collection_comment_likes",
    "person_likes",
    "follows",
    "blocks",
  ]);
  return {
    members: world.users.length,
    reviews: world.reviews.length,
    replies: world.replies.length,
    likes: world.reviewLikes.length + world.replyLikes.length + world.collectionLikes.length + world.personLikes.length,
    follows: world.follows.length,
    collections: world.collections.length,
  };
}
