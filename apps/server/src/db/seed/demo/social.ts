// The social layer over demo reviews: likes skewed toward active members' reviews, reply threads, follows toward
// prolific reviewers, a few blocks, liked people from members' favourite films, and collections with comments.
import { affinity, between, DAY_MS, activityTime } from "./members.js";
import type { DemoCollection, DemoMovie, DemoPair, DemoReview, DemoUser, DemoWorld } from "./model.js";
import { Prng, WeightedPicker } from "./prng.js";
import { collectionCommentText, collectionOverview, collectionTitle, replyText, textQuality } from "./texts.js";

/** The stream of crownBestReviews: separate, so adding its likes leaves the rest of the demo as it was. */
const CROWN_SEED = 20261126;

type Social = Omit<DemoWorld, "users" | "reviews">;

function pairs<T>(rng: Prng, who: DemoUser[], target: T, from: number, now: number): Array<DemoPair<T>> {
  return who.map((user) => ({ id: 0, at: between(rng, Math.max(from, user.at), now - 1000), user, target }));
}

export function createSocial(rng: Prng, users: DemoUser[], reviews: DemoReview[], movies: DemoMovie[], now: number) {
  const world: Social = {
    replies: [],
    collections: [],
    collectionComments: [],
    reviewLikes: [],
    replyLikes: [],
    collectionLikes: [],
    commentLikes: [],
    personLikes: [],
    follows: [],
    blocks: [],
  };
  const picker = new WeightedPicker(
    users,
    users.map((u) => u.activity),
  );
  const likers = (count: number, except: DemoUser) => picker.distinct(rng, count, except);
  const likeCount = (scale: number, max: number) =>
    Math.min(max, users.length - 1, Math.floor(Math.exp(rng.normal(0.2, 1.0)) * scale));

  for (const review of reviews) {
    if (!review.content) continue;
    const likes = likers(likeCount(1 + review.user.activity / 2, 80), review.user);
    world.reviewLikes.push(...pairs(rng, likes, review, review.at, now));
    if (!rng.chance(0.25)) continue;
    for (let i = rng.int(1, 4); i > 0; i--) {
      const author = i === 1 && rng.chance(0.3) ? review.user : rng.pick(users);
      const reply = {
        id: 0,
        at: between(rng, Math.max(review.at, author.at), now - 1000),
        review,
        user: author,
        content: replyText(rng),
      };
      world.replies.push(reply);
      world.replyLikes.push(...pairs(rng, likers(likeCount(0.4, 10), author), reply, reply.at, now));
    }
  }

  crownBestReviews(new Prng(CROWN_SEED), picker, reviews, world.reviewLikes, now, users.length);

  const followed = new Set<string>();
  for (const user of users) {
    const count = Math.min(60, Math.floor(Math.exp(rng.normal(1.6, 0.9))));
    for (const target of likers(count, user)) {
      followed.add(`${user.username}\n${target.username}`);
      world.follows.push({ id: 0, at: activityTime(rng, now), user, target });
    }
  }
  for (let i = 0; i < 10; i++) {
    const [user, target] = rng.sample(users, 2) as [DemoUser, DemoUser];
    const key = `${user.username}\n${target.username}`;
    if (followed.has(key) || world.blocks.some((b) => b.user === user && b.target === target)) continue;
    world.blocks.push({ id: 0, at: activityTime(rng, now), user, target });
  }

  const byUser = new Map<DemoUser, DemoReview[]>();
  for (const review of reviews) {
    const list = byUser.get(review.user);
    if (list) list.push(review);
    else byUser.set(review.user, [review]);
  }
  for (const user of users) {
    const favourites = (byUser.get(user) ?? []).filter((r) => r.rating >= 4);
    if (!favourites.length || !rng.chance(0.6)) continue;
    const people = new Map<number, { id: number }>();
    for (const r of favourites) {
      for (const p of [r.movie.director, ...r.movie.leads.slice(0, 2)]) if (p) people.set(p.id, { id: p.id });
    }
    for (const person of rng.sample([...people.values()], rng.int(1, 8))) {
      world.personLikes.push({ id: 0, at: activityTime(rng, now), user, target: person });
    }
  }

  for (const owner of picker.distinct(rng, 90)) {
    for (let n = rng.chance(0.3) ? 2 : 1; n > 0; n--) {
      world.collections.push(collection(rng, owner, movies, now));
    }
  }
  for (const collection of world.collections) {
    const likes = likers(likeCount(2, 40), collection.user);
    world.collectionLikes.push(...pairs(rng, likes, collection, collection.at, now));
    for (let i = rng.int(0, 4); i > 0; i--) {
      const user = rng.pick(users);
      const comment = {
        id: 0,
        at: between(rng, collection.at, now - 1000),
        collection,
        user,
        content: collectionCommentText(rng),
      };
      world.collectionComments.push(comment);
      world.commentLikes.push(...pairs(rng, likers(likeCount(0.3, 5), user), comment, comment.at, now));
    }
  }
  return world;
}

/** A themed collection: films of one of the owner's favourite genres, best fits first. */
function collection(rng: Prng, user: DemoUser, movies: DemoMovie[], now: number): DemoCollection {
  const genres = [...user.prefs].sort((a, b) => b[1] - a[1]).slice(0, 3);
  const genre = rng.pick(genres)[0];
  const pool = movies.filter((m) => m.genres.includes(genre));
  const chosen = rng.weightedSample(
    pool.length >= 5 ? pool : movies,
    (pool.length >= 5 ? pool : movies).map((m) => Math.exp(2 * affinity(user, m))),
    rng.int(5, 25),
  );
  const at = Math.max(activityTime(rng, now), user.at + DAY_MS);
  return { id: 0, at, user, title: collectionTitle(rng, genre), overview: collectionOverview(rng), movies: chosen };
}

/**
 * Each film's best-written review (texts.ts `textQuality`; ties: the one already liked more) ends with the most
 * likes, so the movie page's 베스트 코멘트, most liked first, opens on a real review rather than a one-line note
 * (issue 20 #17). Only adds likes, from members who had not liked it.
 */
function crownBestReviews(
  rng: Prng,
  picker: WeightedPicker<DemoUser>,
  reviews: DemoReview[],
  likes: Array<DemoPair<DemoReview>>,
  now: number,
  userCount: number,
): void {
  const likers = new Map<DemoReview, Set<DemoUser>>();
  for (const like of likes) {
    const set = likers.get(like.target);
    if (set) set.add(like.user);
    else likers.set(like.target, new Set([like.user]));
  }
  const count = (review: DemoReview) => likers.get(review)?.size ?? 0;
  const byMovie = new Map<DemoMovie, DemoReview[]>();
  for (const review of reviews) {
    if (!review.content) continue;
    const list = byMovie.get(review.movie);
    if (list) list.push(review);
    else byMovie.set(review.movie, [review]);
  }
  for (const list of byMovie.values()) {
    let best = list[0]!;
    for (const review of list) {
      const d = textQuality(review) - textQuality(best);
      if (d > 0 || (d === 0 && count(review) > count(best))) best = review;
    }
    const top = Math.max(0, ...list.filter((review) => review !== best).map(count));
    const have = likers.get(best) ?? new Set<DemoUser>();
    if (have.size > top) continue;
    const need = Math.min(userCount - 1 - have.size, top - have.size + 1 + rng.int(0, 2));
    const extra = new Set<DemoUser>();
    for (let attempts = 0; extra.size < need && attempts < need * 50; attempts++) {
      const user = picker.draw(rng);
      if (user !== best.user && !have.has(user)) extra.add(user);
    }
    likes.push(...pairs(rng, [...extra], best, best.at, now));
  }
}
