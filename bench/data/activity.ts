// Member activity of the synthetic dataset, planned in memory before anything is written so every denormalised
// counter is known when its row is inserted: ratings (with a learnable signal: r = μ + b_u + b_m + p_u·q_m + noise,
// from bench/recommend/synthetic.ts), written reviews, want-to-see/watching marks, likes, replies, follows, blocks,
// collection likes and comments, person likes. Popularity is skewed (Zipf-like movies, log-normal member activity,
// popular reviews collect most likes and replies). Every row gets a time inside the last SPAN_DAYS before the anchor;
// ids ascend with time, as if the site had written them.
import { generate } from "../recommend/synthetic.js";
import { AliasTable, normal, Random } from "../shared/random.js";
import type { BenchScale } from "../shared/scales.js";
import * as words from "./words.js";

/** Rows of a member → target relation (likes, follows, blocks), in id (= time) order; ids are 1-based. */
export interface Pairs {
  user: Int32Array;
  target: Int32Array;
  /** Seconds since the plan's start. */
  time: Int32Array;
}

/** Authored rows (replies, collection comments) with their own like counters. */
export interface Posts extends Pairs {
  text: string[];
  likes: Int32Array;
}

export interface Reviews {
  user: Int32Array;
  movie: Int32Array;
  /** 0 = unrated (a status-only mark), else 0.5 … 5. */
  rating: Float32Array;
  /** Index into WATCH_STATUS. */
  status: Uint8Array;
  /** Index into `texts` + 1; 0 = no written review. */
  text: Int32Array;
  spoiler: Uint8Array;
  time: Int32Array;
  likes: Int32Array;
  comments: Int32Array;
  texts: string[];
}

export const WATCH_STATUS = ["", "WatchList", "Watching"] as const;

export interface ActivityPlan {
  /** The newest moment of activity (UTC) and the oldest, SPAN_DAYS before it. */
  end: Date;
  start: Date;
  reviews: Reviews;
  reviewLikes: Pairs;
  replies: Posts;
  replyLikes: Pairs;
  follows: Pairs;
  blocks: Pairs;
  collectionOwner: Int32Array;
  collectionLikes: Pairs;
  collectionComments: Posts;
  collectionCommentLikes: Pairs;
  personLikes: Pairs;
  /** Movie ids by number of ratings, most rated first; person ids by popularity (credits follow it). */
  movieOrder: Int32Array;
  personOrder: Int32Array;
  /** Counters indexed by id (index 0 unused). */
  movieRatingSum: Int32Array;
  movieRatings: Int32Array;
  movieWritten: Int32Array;
  userFollowers: Int32Array;
  userFollowing: Int32Array;
  userReviews: Int32Array;
  userCollections: Int32Array;
  userLikedPeople: Int32Array;
  userLikedCollections: Int32Array;
  userLikedReviews: Int32Array;
  collectionLikeCount: Int32Array;
  collectionCommentCount: Int32Array;
  personLikeCount: Int32Array;
}

export const SPAN_DAYS = 730;
const SPAN_SECONDS = SPAN_DAYS * 86_400;
/** Rank of the true taste interaction in the ratings' signal. */
const TASTE_RANK = 8;

/** A time in [0, SPAN) with activity growing towards the end (density ∝ t^⅔). */
const activityTime = (r: Random) => Math.floor(SPAN_SECONDS * Math.pow(r.next(), 0.6));
/** A time after `from`, soon after more often than late. */
const reactionTime = (r: Random, from: number, power: number) =>
  Math.min(SPAN_SECONDS - 1, from + Math.floor((SPAN_SECONDS - 1 - from) * Math.pow(r.next(), power)));

/** The permutation that orders rows by time (ties by index): ids follow it. Times < 2²⁶ s, rows < 2²² … 2²⁷. */
function timeOrder(time: Int32Array): Int32Array {
  const n = time.length;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = time[i]! * 134_217_728 + i;
  keys.sort();
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = keys[i]! % 134_217_728;
  return order;
}

function permute<T extends Int32Array | Float32Array | Uint8Array>(values: T, order: Int32Array): T {
  const out = new (values.constructor as new (n: number) => T)(values.length);
  for (let i = 0; i < order.length; i++) out[i] = values[order[i]!]!;
  return out;
}

/** `count` distinct (user, target) rows drawn by `draw`, skipping pairs `allowed` refuses; in time order. */
function distinctPairs(
  count: number,
  r: Random,
  draw: () => [user: number, target: number, time: number],
  allowed: (user: number, target: number) => boolean = () => true,
): Pairs {
  const seen = new Set<number>();
  const user = new Int32Array(count);
  const target = new Int32Array(count);
  const time = new Int32Array(count);
  let n = 0;
  for (let tries = 0; n < count && tries < count * 20; tries++) {
    const [u, t, at] = draw();
    const key = t * 1_048_576 + u;
    if (seen.has(key) || !allowed(u, t)) continue;
    seen.add(key);
    user[n] = u;
    target[n] = t;
    time[n] = at;
    n++;
  }
  const order = timeOrder(time.subarray(0, n));
  return {
    user: permute(user.subarray(0, n), order),
    target: permute(target.subarray(0, n), order),
    time: permute(time.subarray(0, n), order),
  };
}

function sentence(r: Random, template: string): string {
  return template.replaceAll("{n}", () => r.pick(words.KOREAN_NOUNS)).replaceAll("{m}", () => r.pick(words.KOREAN_MODIFIERS));
}

function reviewText(r: Random): string {
  const sentences = 1 + r.skewed(8, 1.8);
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) out.push(sentence(r, r.pick(words.REVIEW_SENTENCES)));
  return out.join(" ");
}

function countBy(ids: Int32Array, size: number): Int32Array {
  const out = new Int32Array(size + 1);
  for (const id of ids) out[id]!++;
  return out;
}

/** The whole activity plan for `scale`; deterministic for a seed (times are relative to `end`). */
export function planActivity(scale: BenchScale, seed: number, end: Date): ActivityPlan {
  const r = new Random(seed);
  const { users, movies } = scale;

  // Ratings: grouped by member in the generator, ≥ 20 per member; movie index m is movie id m + 1.
  const synthetic = generate({ users, items: movies, ratings: scale.ratings, rank: TASTE_RANK, seed: seed + 1 });
  const rated = synthetic.users.length;
  const userStart = new Int32Array(users + 1);
  for (let e = 0; e < rated; e++) userStart[synthetic.users[e]! + 1]!++;
  for (let u = 0; u < users; u++) userStart[u + 1]! += userStart[u]!;

  const movieRatings = countBy(
    Int32Array.from(synthetic.items, (m) => m + 1),
    movies,
  );
  const movieOrder = Int32Array.from({ length: movies }, (_, i) => i + 1).sort(
    (a, b) => movieRatings[b]! - movieRatings[a]! || a - b,
  );
  const moviePopularity = new AliasTable(Float64Array.from({ length: movies }, (_, i) => movieRatings[i + 1]! + 1));
  // Members active in rating are active everywhere (likes, replies, follows): weight = their number of ratings.
  const activity = new AliasTable(Float64Array.from({ length: users }, (_, u) => userStart[u + 1]! - userStart[u]!));
  const member = () => 1 + activity.draw(r);

  // Status-only marks: per member in proportion to activity, on popular films the member has not rated.
  const statusPerUser = new Int32Array(users);
  for (let i = 0; i < scale.statuses; i++) statusPerUser[activity.draw(r)]!++;
  const total = rated + scale.statuses;
  const rUser = new Int32Array(total);
  const rMovie = new Int32Array(total);
  const rRating = new Float32Array(total);
  const rStatus = new Uint8Array(total);
  const rTime = new Int32Array(total);
  let e = 0;
  for (let u = 0; u < users; u++) {
    const own = new Set<number>();
    for (let k = userStart[u]!; k < userStart[u + 1]!; k++) {
      own.add(synthetic.items[k]!);
      rUser[e] = u + 1;
      rMovie[e] = synthetic.items[k]! + 1;
      rRating[e] = synthetic.values[k]!;
      rTime[e] = activityTime(r);
      e++;
    }
    const want = Math.min(statusPerUser[u]!, movies - own.size);
    for (let k = 0, tries = 0; k < want && tries < want * 50; tries++) {
      const m = moviePopularity.draw(r);
      if (own.has(m)) continue;
      own.add(m);
      rUser[e] = u + 1;
      rMovie[e] = m + 1;
      rStatus[e] = r.next() < 0.8 ? 1 : 2;
      rTime[e] = activityTime(r);
      e++;
      k++;
    }
  }
  const order = timeOrder(rTime.subarray(0, e));
  const reviews: Reviews = {
    user: permute(rUser.subarray(0, e), order),
    movie: permute(rMovie.subarray(0, e), order),
    rating: permute(rRating.subarray(0, e), order),
    status: permute(rStatus.subarray(0, e), order),
    time: permute(rTime.subarray(0, e), order),
    text: new Int32Array(e),
    spoiler: new Uint8Array(e),
    likes: new Int32Array(e),
    comments: new Int32Array(e),
    texts: [],
  };
  const reviewCount = e;

  // Written reviews: exactly `written` of the rated rows (selection sampling, so popular films get most).
  let needed = Math.min(scale.written, rated);
  let left = rated;
  const writtenIds: number[] = [];
  for (let i = 0; i < reviewCount && needed > 0; i++) {
    if (reviews.rating[i] === 0) continue;
    if (r.next() * left < needed) {
      reviews.texts.push(reviewText(r));
      reviews.text[i] = reviews.texts.length;
      reviews.spoiler[i] = r.next() < 0.05 ? 1 : 0;
      writtenIds.push(i);
      needed--;
    }
    left--;
  }

  const movieRatingSum = new Int32Array(movies + 1);
  const movieWritten = new Int32Array(movies + 1);
  for (let i = 0; i < reviewCount; i++) {
    const m = reviews.movie[i]!;
    if (reviews.rating[i]! > 0) movieRatingSum[m]! += Math.round(reviews.rating[i]! * 10);
    if (reviews.text[i]! > 0) movieWritten[m]!++;
  }

  // Blocks first: a member never follows someone they block (the block button is hidden while following).
  const fame = new AliasTable(
    Float64Array.from({ length: users }, (_, u) => (userStart[u + 1]! - userStart[u]!) * Math.exp(1.5 * normal(r))),
  );
  const famous = () => 1 + fame.draw(r);
  const blocks = distinctPairs(
    scale.blocks,
    r,
    () => [1 + r.int(users), famous(), activityTime(r)],
    (u, t) => u !== t,
  );
  const blocked = new Set<number>();
  for (let i = 0; i < blocks.user.length; i++) {
    blocked.add(blocks.user[i]! * 1_048_576 + blocks.target[i]!);
    blocked.add(blocks.target[i]! * 1_048_576 + blocks.user[i]!);
  }
  const follows = distinctPairs(
    scale.follows,
    r,
    () => [member(), famous(), activityTime(r)],
    (u, t) => u !== t && !blocked.has(u * 1_048_576 + t),
  );

  // Review likes: written reviews of popular films, with a heavy-tailed appeal of their own, collect most likes.
  const appeal = new AliasTable(
    Float64Array.from(
      writtenIds,
      (i) => Math.pow(movieRatings[reviews.movie[i]!]! + 1, 0.7) * Math.exp(1.2 * normal(r)),
    ),
  );
  const reviewLikes = distinctPairs(
    scale.reviewLikes,
    r,
    () => {
      const i = writtenIds[appeal.draw(r)]!;
      return [member(), i + 1, reactionTime(r, reviews.time[i]!, 3)];
    },
    (u, t) => reviews.user[t - 1] !== u,
  );
  for (const t of reviewLikes.target) reviews.likes[t - 1]!++;

  // Replies on the most liked reviews, most of them on the very top ones.
  const top = [...writtenIds].sort((a, b) => reviews.likes[b]! - reviews.likes[a]! || a - b);
  const topCount = Math.max(10, Math.min(top.length, Math.ceil(scale.replies / 10)));
  const replies = posts(scale.replies, r, () => {
    const i = top[r.skewed(topCount, 2)]!;
    return [member(), i + 1, reactionTime(r, reviews.time[i]!, 2)];
  }, words.REPLY_SENTENCES);
  for (const t of replies.target) reviews.comments[t - 1]!++;
  const replyLikes = distinctPairs(
    scale.replyLikes,
    r,
    () => {
      const i = r.skewed(replies.user.length, 1.5);
      return [member(), i + 1, reactionTime(r, replies.time[i]!, 3)];
    },
    (u, t) => replies.user[t - 1] !== u,
  );
  for (const t of replyLikes.target) replies.likes[t - 1]!++;

  // Collections: owners lean towards active members; a few collections draw most likes and comments.
  const collectionOwner = Int32Array.from({ length: scale.collections }, () => 1 + r.skewed(users, 2));
  const collectionAppeal = new AliasTable(
    Float64Array.from({ length: scale.collections }, () => Math.exp(1.6 * normal(r))),
  );
  const collection = () => 1 + collectionAppeal.draw(r);
  const collectionLikes = distinctPairs(
    scale.collectionLikes,
    r,
    () => [member(), collection(), activityTime(r)],
    (u, t) => collectionOwner[t - 1] !== u,
  );
  const collectionComments = posts(
    scale.collectionComments,
    r,
    () => [member(), collection(), activityTime(r)],
    words.COLLECTION_COMMENT_SENTENCES,
  );
  const collectionCommentLikes = distinctPairs(
    scale.collectionCommentLikes,
    r,
    () => {
      const i = r.int(collectionComments.user.length);
      return [member(), i + 1, reactionTime(r, collectionComments.time[i]!, 2)];
    },
    (u, t) => collectionComments.user[t - 1] !== u,
  );
  for (const t of collectionCommentLikes.target) collectionComments.likes[t - 1]!++;

  // People: a random popularity order (credits follow it); likes go to the popular ones.
  const personOrder = Int32Array.from({ length: scale.people }, (_, i) => i + 1);
  for (let i = scale.people - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [personOrder[i], personOrder[j]] = [personOrder[j]!, personOrder[i]!];
  }
  const personLikes = distinctPairs(scale.personLikes, r, () => [
    member(),
    personOrder[r.skewed(scale.people, 3)]!,
    activityTime(r),
  ]);

  return {
    end,
    start: new Date(end.getTime() - SPAN_SECONDS * 1000),
    reviews,
    reviewLikes,
    replies,
    replyLikes,
    follows,
    blocks,
    collectionOwner,
    collectionLikes,
    collectionComments,
    collectionCommentLikes,
    personLikes,
    movieOrder,
    personOrder,
    movieRatingSum,
    movieRatings,
    movieWritten,
    userFollowers: countBy(follows.target, users),
    userFollowing: countBy(follows.user, users),
    userReviews: countBy(reviews.user, users),
    userCollections: countBy(collectionOwner, users),
    userLikedPeople: countBy(personLikes.user, users),
    userLikedCollections: countBy(collectionLikes.user, users),
    userLikedReviews: countBy(reviewLikes.user, users),
    collectionLikeCount: countBy(collectionLikes.target, scale.collections),
    collectionCommentCount: countBy(collectionComments.target, scale.collections),
    personLikeCount: countBy(personLikes.target, scale.people),
  };
}

/** `count` authored rows (duplicates allowed) with short texts, in time order. */
function posts(
  count: number,
  r: Random,
  draw: () => [user: number, target: number, time: number],
  sentences: readonly string[],
): Posts {
  const user = new Int32Array(count);
  const target = new Int32Array(count);
  const time = new Int32Array(count);
  for (let i = 0; i < count; i++) [user[i], target[i], time[i]] = draw();
  const order = timeOrder(time);
  const text = Array.from(order, () => sentence(r, r.pick(sentences)));
  return {
    user: permute(user, order),
    target: permute(target, order),
    time: permute(time, order),
    text,
    likes: new Int32Array(count),
  };
}

/** The ids with the largest `counter` (ties by id), at most `n`; index 0 of the counter array is unused. */
function topIds(counter: ArrayLike<number>, n: number, from = 1, to = counter.length - 1): number[] {
  const ids = Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  return ids.sort((a, b) => counter[b]! - counter[a]! || a - b).slice(0, n);
}

/** Ids other benchmarks may want (recorded with the bench meta): the most popular records of each kind. */
export function sampleIds(plan: ActivityPlan, memberCount: number) {
  const reviewLikes = Int32Array.from({ length: plan.reviews.likes.length + 1 }, (_, i) =>
    i === 0 ? 0 : plan.reviews.likes[i - 1]!,
  );
  return {
    /** Most rated movies first. */
    popularMovies: Array.from(plan.movieOrder.subarray(0, 10)),
    /** People with the most credits come first in this order. */
    popularPeople: Array.from(plan.personOrder.subarray(0, 10)),
    mostLikedReviews: topIds(reviewLikes, 10),
    mostLikedCollections: topIds(plan.collectionLikeCount, 10),
    mostFollowedUsers: topIds(plan.userFollowers, 10),
    /** Bench members (user ids) with the most ratings and marks. */
    busiestMembers: topIds(plan.userReviews, 10, 1, memberCount),
  };
}
