// The social layer over demo reviews: likes skewed toward active members' reviews, reply threads, follows toward
// prolific reviewers, a few blocks, liked people from members' favourite films, and collections with comments.
import { affinity, between, DAY_MS, activityTime } from "./members.js";
import type { DemoCollection, DemoMovie, DemoPair, DemoReview, DemoUser, DemoWorld } from "./model.js";
import { type Prng, WeightedPicker } from "./prng.js";
import { collectionCommentText, collectionOverview, collectionTitle, replyText } from "./texts.js";

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
