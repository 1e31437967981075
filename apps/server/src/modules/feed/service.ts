// The feed (GET /api/feed, issue #21): newest first, what the members the caller follows did — ratings (a member's
// ratings within one clock hour collapse into one "N편 평가" item), written reviews, want-to-see marks, new
// collections and films added to collections. Keyset paging: `before` + `before_id` name the last item shown and
// the next window starts strictly after it in the order (time desc, id desc). An item's time only ever moves forward
// (a later edit, another rating in its hour), so activity arriving while a member scrolls lands above the cursor and
// never repeats an item in a later window.
import { type CompactMovie, FeedItem } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import { answerJson, defineRegion, keepsWindow } from "../../cache/index.js";
import type { VersionedTable } from "../../db/data-version.js";
import type { Database } from "../../db/types.js";
import { invalidField } from "../../http/errors.js";
import { KeptBody, keptBodySize } from "../../http/json-reply.js";
import type { Window } from "../../http/window.js";
import { metrics } from "../../lib/metrics.js";
import { type Clock, fromTimestamp, toTimestamp } from "../../lib/time.js";
import { loadCollections } from "../collections/index.js";
import {
  type CardCounters,
  cardCounters,
  type CountedJson,
  countedJson,
  countedJsonSize,
  loadCompactMovies,
  keptWithCut,
} from "../movies/index.js";
import { loadReviews } from "../reviews/index.js";
import { avatarUrl } from "../users/index.js";
import * as repo from "./repository.js";

/** Films shown in a grouped item (its `count` says how many there are). */
export const FEED_MOVIES_SHOWN = 12;
/** Films of a new collection shown with it. */
const COLLECTION_MOVIES_SHOWN = 12;
/** Extra rows each source reads beyond the window, for items that share the cursor's second. */
const TIE_SLACK = 20;
/**
 * How far back each attempt looks before looking further (hours); null = everything. Each source reads only the rows
 * in its range (by index), so a member following 200 active members reads a few hundred rows for a first page, not
 * the thousands of two days.
 */
const LOOKBACK_HOURS = [6, 48, 24 * 45, null] as const;
/** The start of `time`'s hour (`YYYY-MM-DDTHH:00:00`): look-backs are hour-aligned, so no group is cut in two. */
const hourStart = (time: string) => `${time.slice(0, 13)}:00:00`;
const TIMESTAMP = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$/;

export interface FeedCursor {
  before: string;
  beforeId: string;
}

/** `before` (a timestamp) and `before_id` (the last item's id) from the query; null when absent. */
export function parseCursor(query: { before?: unknown; before_id?: unknown }): FeedCursor | null {
  const { before, before_id: beforeId } = query;
  if (before === undefined) return null;
  if (typeof before !== "string" || !TIMESTAMP.test(before) || Number.isNaN(fromTimestamp(before).getTime())) {
    throw invalidField("before", "must be a timestamp YYYY-MM-DDTHH:MM:SS");
  }
  if (beforeId !== undefined && (typeof beforeId !== "string" || beforeId.length > 100)) {
    throw invalidField("before_id", "must be a feed item id");
  }
  return { before, beforeId: beforeId ?? "" };
}

/** One item before its films, review and collection are read. */
interface Draft {
  id: string;
  type: FeedItem["type"];
  userId: number;
  t: string;
  count: number;
  reviewId?: number;
  movieId?: number;
  collectionId?: number;
  group?: { owner_id: number; user_id: number; bucket: string };
}

/** The feed's order: newest first, then id descending (ids are plain strings, compared the same everywhere). */
function compare(a: Draft, b: Draft): number {
  if (a.t !== b.t) return a.t < b.t ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

function isAfterCursor(item: Draft, cursor: FeedCursor | null): boolean {
  if (!cursor) return true;
  return item.t < cursor.before || (item.t === cursor.before && item.id < cursor.beforeId);
}

/**
 * What a feed item shows besides its member's reviews (whose versions are keyed) and its films' counters: whom the
 * reader follows or blocks, collections and their films, the films' cards (their fixed parts: the catalog version in
 * app_state), authors' names.
 */
const ITEM_TABLES = [
  "follows",
  "blocks",
  "collections",
  "collection_movies",
  "movie_genres",
  "genres",
  "user_names",
  "app_state",
] as const satisfies readonly VersionedTable[];
/** What a window as sent shows besides the reviews: its items' tables and the films' counters (a card's average). */
const FEED_TABLES = [...ITEM_TABLES, "movies"] as const satisfies readonly VersionedTable[];
/**
 * Feed answers, kept per member, window and the review-list versions of everyone they follow (in the key), until a
 * table the rest of the feed reads changes: whom they follow or block, collections and their films, the films'
 * cards, authors' names. A like or a comment on a review by someone the member does not follow leaves it kept.
 */
const kept = defineRegion<KeptBody>({
  name: "feed",
  share: 0.015,
  stale: { token: "tables", tables: FEED_TABLES },
  keeps: "a window (first pages) of a member's 소식 as sent, per the versions of the reviews of those they follow",
  sizeOf: keptBodySize,
});
// The same windows cut at their films' counters (movies/counted.ts), kept through ratings: a star anywhere sends a
// window again from this with one counters query for its films.
const keptCounted = defineRegion<CountedJson>({
  name: "feed-counted",
  share: 0.01,
  stale: { token: "tables", tables: ITEM_TABLES },
  keeps: "a window of a member's 소식 as sent, up to its films' counters (read again when it is sent)",
  sizeOf: countedJsonSize,
});
// Each item as built, per reader (a review's and a collection's `like` are theirs), draft (id, time, count) and its
// member's review-list version, with its films' counters left blank: a window built again after a like, a comment
// or a rating by one followed member builds that member's items alone, and reads the counters of the window's films
// in one query (`counted`).
const builtItems = defineRegion<FeedItem>({
  name: "feed-items",
  share: 0.01,
  stale: { token: "tables", tables: ITEM_TABLES },
  keeps: "an item of a member's 소식 as built, per its draft and its member's review-list version",
  // An estimate (measuring the JSON would cost more than the build saves): cards ~400 bytes, texts two per unit.
  sizeOf: (item) =>
    256 +
    item.movies.length * 400 +
    (item.review ? 512 + item.review.content.length * 2 : 0) +
    (item.collection
      ? 512 +
        (item.collection.title.length + (item.collection.overview?.length ?? 0)) * 2 +
        item.collection.movies.length * 200
      : 0),
});
const FeedList = z.array(FeedItem);

/** A card's counters as kept items hold them (and as a film no longer in the catalogue shows them). */
const BLANK_COUNTERS: CardCounters = { average_rating: null, ratings_count: 0 };

/** The item with each of its films' (and its collection's films') counters set from `counterOf`. */
function withCounters(item: FeedItem, counterOf: (movieId: number) => CardCounters): FeedItem {
  return {
    ...item,
    movies: item.movies.map((m) => ({ ...m, ...counterOf(m.id) })),
    collection: item.collection && {
      ...item.collection,
      movies: item.collection.movies.map((m) => ({ ...m, average_rating: counterOf(m.id).average_rating })),
    },
  };
}

/** A first window's items before their films and reviews are read, with the versions they were read at. */
interface DraftList {
  versions: ReadonlyMap<number, string>;
  drafts: Draft[];
}
/** How each first window's items were found: read whole, from the last list and the changed members, or unchanged. */
const feedWindows = metrics.counter(
  "moviepedia_feed_windows_total",
  "First windows of the feed built, by how their items were read (whole, changed, unchanged).",
  ["read"],
);
/** Beyond this many followed members with changed reviews, a first window is read again whole. */
const DELTA_MEMBERS_MAX = 50;

// What a first window of the feed is made of, per member and depth, with the followed members' versions it was read
// at: after a followed member's write, the next window reads that member's activity alone and merges it with the
// rest of the last list (`derive`) instead of reading everyone's again (the four sources over 200 followed members
// were half of the SQL of bench:api's write-heavy mix). Whom the member follows or blocks and collections are in the
// rule: a change there reads the window whole.
const draftLists = defineRegion<DraftList>({
  name: "feed-drafts",
  share: 0.005,
  stale: { token: "tables", tables: ["follows", "blocks", "collections", "collection_movies"] },
  keeps:
    "a first window of a member's 소식 as item ids, with the followed members' review-list versions it was read at",
  sizeOf: (list) => 64 + list.versions.size * 48 + list.drafts.length * 160,
});

export function createFeedService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  /** The drafts of the sources' rows within `bounds`, in the feed's order. */
  async function read(me: number, bounds: repo.Bounds): Promise<Draft[]> {
    const [ratings, singles, collections, additions] = await Promise.all([
      repo.ratingGroups(db, me, bounds),
      repo.singleReviews(db, me, bounds),
      repo.newCollections(db, me, bounds),
      repo.additionGroups(db, me, bounds),
    ]);
    return [
      ...ratings.map((g): Draft => ({
        id: `rating:${g.user_id}:${g.bucket}`,
        type: "rating",
        userId: g.user_id,
        t: g.t,
        count: Number(g.n),
        group: g,
      })),
      ...singles.map((r): Draft => ({
        id: `${r.kind}:${r.id}`,
        type: r.kind,
        userId: r.user_id,
        t: r.t,
        count: 1,
        reviewId: r.id,
        movieId: r.movie_id,
      })),
      ...collections.map((c): Draft => ({
        id: `collection:${c.id}`,
        type: "collection",
        userId: c.user_id,
        t: c.t,
        count: c.movie_count,
        collectionId: c.id,
      })),
      ...additions.map((g): Draft => ({
        id: `collection_add:${g.owner_id}:${g.bucket}`,
        type: "collection_add",
        userId: g.user_id,
        t: g.t,
        count: Number(g.n),
        collectionId: g.owner_id,
        group: g,
      })),
    ].sort(compare);
  }

  async function drafts(me: number, cursor: FeedCursor | null, need: number): Promise<Draft[]> {
    const to = cursor?.before ?? null;
    const limit = need + TIE_SLACK;
    const newest = to ?? toTimestamp(clock.now());
    let found: Draft[] = [];
    for (const hours of LOOKBACK_HOURS) {
      const from =
        hours === null ? null : hourStart(toTimestamp(new Date(fromTimestamp(newest).getTime() - hours * 3_600_000)));
      found = (await read(me, { to, from, limit })).filter((d) => isAfterCursor(d, cursor));
      if (found.length >= need) break;
    }
    return found.slice(0, need);
  }

  /**
   * The first `need` drafts, from the last list kept for this depth when only a few followed members' reviews
   * changed since: their activity is read again down to the last list's oldest item and merged with everyone
   * else's, which has not changed. Null when that cannot decide the window (items of changed members were removed
   * and the merge falls short of it): the caller reads it whole.
   */
  async function draftsSince(me: number, need: number, previous: DraftList, versions: ReadonlyMap<number, string>) {
    if (previous.versions.size !== versions.size) return null;
    const changed: number[] = [];
    for (const [member, version] of versions) {
      const was = previous.versions.get(member);
      if (was === undefined) return null;
      if (was !== version) changed.push(member);
    }
    if (changed.length === 0) {
      feedWindows.inc({ read: "unchanged" });
      return previous.drafts;
    }
    if (changed.length > DELTA_MEMBERS_MAX) return null;
    const changedSet = new Set(changed);
    // A full last list ends at its oldest item: everything that ranks above it is in the list or changed.
    const oldest = previous.drafts.length >= need ? previous.drafts[need - 1]! : null;
    const fresh = await read(me, {
      to: null,
      from: oldest ? hourStart(oldest.t) : null,
      limit: need + TIE_SLACK,
      only: changed,
    });
    const merged = [...previous.drafts.filter((d) => !changedSet.has(d.userId)), ...fresh].sort(compare);
    const decided = oldest ? merged.filter((d) => compare(d, oldest) <= 0) : merged;
    if (oldest && decided.length < need) return null;
    feedWindows.inc({ read: "changed" });
    return decided.slice(0, need);
  }

  /** A first window's drafts (no cursor), worked out from the last one kept when that is cheaper. */
  async function firstDrafts(me: number, need: number, versions: ReadonlyMap<number, string>): Promise<Draft[]> {
    const list = await draftLists.derive(db, `${me}:${need}`, async (previous) => {
      const since = previous && (await draftsSince(me, need, previous, versions));
      if (since) return { versions, drafts: since };
      feedWindows.inc({ read: "whole" });
      return { versions, drafts: await drafts(me, null, need) };
    });
    return list.drafts;
  }

  async function build(me: number, items: Draft[]): Promise<FeedItem[]> {
    const ratingGroups = items.filter((d) => d.type === "rating").map((d) => d.group!);
    const additionGroups = items.filter((d) => d.type === "collection_add").map((d) => d.group!);
    const newCollectionIds = items.filter((d) => d.type === "collection").map((d) => d.collectionId!);
    const [ratings, additions, firsts, users] = await Promise.all([
      repo.groupRatings(db, ratingGroups, FEED_MOVIES_SHOWN),
      repo.groupAdditions(db, additionGroups),
      repo.firstFilms(db, newCollectionIds, COLLECTION_MOVIES_SHOWN),
      repo.members(db, [...new Set(items.map((d) => d.userId))]),
    ]);
    const filmsOf = new Map<string, number[]>();
    const add = (key: string, movieId: number) => {
      const list = filmsOf.get(key);
      if (!list) filmsOf.set(key, [movieId]);
      else if (list.length < FEED_MOVIES_SHOWN) list.push(movieId);
    };
    // A group of one rating shows that review.
    const singleRating = new Map<string, number>();
    for (const r of ratings) {
      const key = `rating:${r.user_id}:${r.updated_at.slice(0, 13)}`;
      add(key, r.movie_id);
      singleRating.set(key, singleRating.has(key) ? 0 : r.id);
    }
    for (const a of additions) add(`collection_add:${a.collection_id}:${(a.added_at ?? "").slice(0, 13)}`, a.movie_id);
    for (const f of firsts) add(`collection:${f.collection_id}`, f.movie_id);
    for (const d of items) if (d.movieId !== undefined) add(d.id, d.movieId);

    const reviewIds = items.flatMap((d) => {
      const id = d.reviewId ?? (d.type === "rating" && d.count === 1 ? singleRating.get(d.id) : undefined);
      return id ? [id] : [];
    });
    const collectionIds = items.flatMap((d) => (d.collectionId !== undefined ? [d.collectionId] : []));
    const [movies, reviews, collections] = await Promise.all([
      loadCompactMovies(db, [...filmsOf.values()].flat()),
      loadReviews(db, reviewIds, me),
      loadCollections(db, collectionIds, me, { movieLimit: COLLECTION_MOVIES_SHOWN }),
    ]);
    const movieById = new Map(movies.map((m) => [m.id, m]));
    const reviewById = new Map(reviews.map((r) => [r.id, r]));
    const collectionById = new Map(collections.map((c) => [c.id, c]));
    const userById = new Map(users.map((u) => [u.id, u]));
    return items.flatMap((d): FeedItem[] => {
      const user = userById.get(d.userId);
      if (!user) return [];
      const reviewId = d.reviewId ?? (d.type === "rating" && d.count === 1 ? singleRating.get(d.id) : undefined);
      return [
        {
          id: d.id,
          type: d.type,
          user: { id: user.id, username: user.username, profile_url: avatarUrl(user) },
          created_at: d.t,
          movies: (filmsOf.get(d.id) ?? []).flatMap((id): CompactMovie[] => {
            const movie = movieById.get(id);
            return movie ? [movie] : [];
          }),
          review: reviewId ? (reviewById.get(reviewId) ?? null) : null,
          collection: d.collectionId !== undefined ? (collectionById.get(d.collectionId) ?? null) : null,
          count: d.count,
        },
      ].map((item) => withCounters(item, () => BLANK_COUNTERS));
    });
  }

  /**
   * The items of `drafts`, in order: those kept (same draft, same member version, none of the feed's tables changed)
   * as they are, the rest built together.
   */
  async function items(me: number, drafts: Draft[], versions: ReadonlyMap<number, string>): Promise<FeedItem[]> {
    const keyOf = (d: Draft) => `${me}:${d.id}:${d.t}:${d.count}:${versions.get(d.userId) ?? "0"}`;
    const byKey = new Map(drafts.map((d) => [keyOf(d), d]));
    const built = await builtItems.getMany(db, [...byKey.keys()], async (missing) => {
      const fresh = await build(
        me,
        missing.map((key) => byKey.get(key)!),
      );
      const byId = new Map(fresh.map((item) => [item.id, item]));
      return new Map(
        missing.flatMap((key) => {
          const item = byId.get(byKey.get(key)!.id);
          return item ? [[key, item] as const] : [];
        }),
      );
    });
    return drafts.flatMap((d) => built.get(keyOf(d)) ?? []);
  }

  /** The items with their films' averages and counts as of now: one query for the window's films. */
  async function counted(items: FeedItem[]): Promise<FeedItem[]> {
    const ids = items.flatMap((item) => [...item.movies, ...(item.collection?.movies ?? [])].map((m) => m.id));
    const counters = await cardCounters(db, ids);
    return items.map((item) => withCounters(item, (id) => counters.get(id) ?? BLANK_COUNTERS));
  }

  /** GET /api/feed, serialised: a window of the member's feed after `cursor` (or from the newest). */
  async function feed(me: number, cursor: FeedCursor | null, window: Window): Promise<KeptBody> {
    if (window.limit === 0) return KeptBody.of("[]");
    const versions = await repo.followedReviewVersions(db, me);
    const cursorKey = `${cursor?.before ?? ""}:${cursor?.beforeId ?? ""}`;
    const key = `${me}:${versions.digest}:${cursorKey}:${window.offset}:${window.limit}`;
    const keep = keepsWindow(window);
    const need = window.offset + window.limit;
    const windowItems = async () => {
      const byMember = versions.byMember();
      const found = cursor === null && keep ? await firstDrafts(me, need, byMember) : await drafts(me, cursor, need);
      return items(me, found.slice(window.offset), byMember);
    };
    return keptWithCut(
      db,
      { sent: kept, cut: keptCounted },
      key,
      {
        cut: async () => countedJson(FeedList, await windowItems()),
        whole: async () => answerJson(FeedList, await counted(await windowItems())),
      },
      { keep },
    );
  }

  return { feed };
}

export type FeedService = ReturnType<typeof createFeedService>;
