// Per-entity generators of the synthetic catalogue. Each writes one kind of row in id order, in chunks, and reports
// progress. Counters that follow from member activity (ratings, likes, follows, …) come from the activity plan, which
// is made before any row is written (bench/data/activity.ts).
import type { Insertable, Kysely } from "kysely";
import { counterLabel, recountCounters as recountRegistered } from "../../apps/server/src/db/counters.js";
import { insertRows } from "../../apps/server/src/db/seed/batch.js";
import type { Database } from "../../apps/server/src/db/types.js";
import { inTransaction } from "../../apps/server/src/lib/transaction.js";
import { benchLoginId } from "../shared/members.js";
import type { Random } from "../shared/random.js";
import type { ActivityPlan } from "./activity.js";
import * as words from "./words.js";

export interface Scale {
  movies: number;
  people: number;
  users: number;
  collections: number;
}

export type Tick = (done: number, total: number) => void;

export interface GeneratorContext {
  db: Kysely<Database>;
  scale: Scale;
  random: Random;
  createdAt: string;
  plan: ActivityPlan;
  /** Bench members: user ids 1 … count sign in as benchLoginId(k) with BENCH_MEMBER_PASSWORD (bench/shared/members.ts). */
  members: { count: number; passwordHash: string };
}

const CHUNK = 5000;
const total = (items: ReadonlyArray<readonly [unknown, number]>) => items.reduce((sum, [, w]) => sum + w, 0);

/** Ids `from` … `to` in chunks, each written in one transaction. */
async function inChunks(
  ctx: GeneratorContext,
  count: number,
  tick: Tick,
  write: (db: Kysely<Database>, from: number, to: number) => Promise<void>,
) {
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await inTransaction(ctx.db, (trx) => write(trx, from, to));
    tick(to, count);
  }
}

export async function generateVocabulary(ctx: GeneratorContext): Promise<void> {
  await insertRows(ctx.db, "genres", words.GENRES.map(([name], i) => ({ id: i + 1, name })));
  await insertRows(ctx.db, "countries", words.COUNTRIES.map(([name], i) => ({ id: i + 1, name })));
}

function koreanTitle(r: Random): string {
  const noun = () => r.pick(words.KOREAN_NOUNS);
  const shape = r.int(10);
  if (shape < 3) return `${r.pick(words.KOREAN_MODIFIERS)} ${noun()}`;
  if (shape < 5) return `${noun()}의 ${noun()}`;
  if (shape < 6) return noun();
  if (shape < 8) return `${noun()} ${noun()}`;
  if (shape < 9) return `${noun()} ${2 + r.int(3)}`;
  return `${r.pick(words.KOREAN_MODIFIERS)} ${noun()}의 ${noun()}`;
}

function englishTitle(r: Random): string {
  const word = () => r.pick(words.ENGLISH_WORDS);
  const shape = r.int(6);
  if (shape < 2) return `The ${r.pick(words.ENGLISH_ADJECTIVES)} ${word()}`;
  if (shape < 3) return `${word()} of the ${word()}`;
  if (shape < 4) return word();
  if (shape < 5) return `${r.pick(words.ENGLISH_ADJECTIVES)} ${word()} ${2 + r.int(3)}`;
  return `The ${word()}`;
}

export async function generateMovies(ctx: GeneratorContext, tick: Tick): Promise<void> {
  const { random: r, scale, plan } = ctx;
  const genreTotal = total(words.GENRES);
  const foreignCountries = words.COUNTRIES.slice(1);
  const foreignTotal = total(foreignCountries);
  await inChunks(ctx, scale.movies, tick, async (db, from, to) => {
    const movies: Array<Insertable<Database["movies"]>> = [];
    const genres: Array<Insertable<Database["movie_genres"]>> = [];
    const countries: Array<Insertable<Database["movie_countries"]>> = [];
    for (let id = from; id <= to; id++) {
      const korean = r.next() < 0.6;
      const title = koreanTitle(r);
      movies.push({
        id,
        key: `bench-movie-${id}`,
        title,
        original_title: korean ? title : englishTitle(r),
        english_title: null,
        year: 1950 + r.int(76),
        running_time: 80 + r.int(100),
        grade: r.pick(words.GRADES),
        synopsis: "",
        poster_url: null,
        backdrop_url: null,
        rating_sum: plan.movieRatingSum[id]!,
        ratings_count: plan.movieRatings[id]!,
        reviews_count: plan.movieWritten[id]!,
        created_at: ctx.createdAt,
      });
      const picked = new Set<string>();
      const want = 1 + r.int(3);
      while (picked.size < want) picked.add(r.weighted(words.GENRES, genreTotal));
      [...picked].forEach((name, position) =>
        genres.push({ movie_id: id, genre_id: words.GENRES.findIndex(([g]) => g === name) + 1, position }),
      );
      const country = korean ? words.COUNTRIES[0]![0] : r.weighted(foreignCountries, foreignTotal);
      countries.push({ movie_id: id, country_id: words.COUNTRIES.findIndex(([c]) => c === country) + 1, position: 0 });
    }
    await insertRows(db, "movies", movies);
    await insertRows(db, "movie_genres", genres);
    await insertRows(db, "movie_countries", countries);
  });
}

function personName(r: Random, surnameTotal: number): string {
  if (r.next() < 0.75) {
    return `${r.weighted(words.SURNAMES, surnameTotal)}${r.pick(words.GIVEN_SYLLABLES)}${r.pick(words.GIVEN_SYLLABLES)}`;
  }
  return `${r.pick(words.FOREIGN_FIRST)} ${r.pick(words.FOREIGN_LAST)}`;
}

export async function generatePeople(ctx: GeneratorContext, tick: Tick): Promise<void> {
  const { random: r, scale } = ctx;
  const surnameTotal = total(words.SURNAMES);
  await inChunks(ctx, scale.people, tick, async (db, from, to) => {
    const people: Array<Insertable<Database["people"]>> = [];
    for (let id = from; id <= to; id++) {
      people.push({
        id,
        key: `bench-person-${id}`,
        name: personName(r, surnameTotal),
        original_name: null,
        biography: null,
        profile_url: null,
        likes_count: ctx.plan.personLikeCount[id]!,
        credits_count: 0,
        created_at: ctx.createdAt,
      });
    }
    await insertRows(db, "people", people);
  });
}

const CAST_KINDS = ["주연", "주연", "조연", "조연", "조연", "단역", "단역", "출연", "특별출연"];

/** 1–2 directors and 3–10 cast per movie; a few people appear in very many films. */
export async function generateCredits(ctx: GeneratorContext, tick: Tick): Promise<void> {
  const { random: r, scale } = ctx;
  const person = () => ctx.plan.personOrder[r.skewed(scale.people, 2.2)]!;
  let creditId = 1;
  await inChunks(ctx, scale.movies, tick, async (db, from, to) => {
    const credits: Array<Insertable<Database["credits"]>> = [];
    for (let movieId = from; movieId <= to; movieId++) {
      const directors = r.next() < 0.1 ? 2 : 1;
      const ids = r.distinct(directors + 3 + r.int(8), scale.people, person);
      ids.forEach((personId, position) => {
        const kind = position < directors ? "감독" : CAST_KINDS[Math.min(position - directors, CAST_KINDS.length - 1)]!;
        const character = kind === "감독" ? null : `인물${position}`;
        credits.push({ id: creditId++, movie_id: movieId, person_id: personId, kind, character, position });
      });
    }
    await insertRows(db, "credits", credits);
  });
}

export async function generateUsers(ctx: GeneratorContext, tick: Tick): Promise<void> {
  const { random: r, scale, plan, members } = ctx;
  const taken = new Set<string>();
  await inChunks(ctx, scale.users, tick, async (db, from, to) => {
    const users: Array<Insertable<Database["users"]>> = [];
    for (let id = from; id <= to; id++) {
      let username = "";
      while (username === "" || taken.has(username.toLowerCase())) {
        const base = `${r.pick(words.USERNAME_WORDS)}${r.next() < 0.5 ? "_" : ""}${r.pick(words.USERNAME_WORDS)}`;
        username = `${base}${r.next() < 0.6 ? r.int(1000) : ""}`.slice(0, 20);
      }
      taken.add(username.toLowerCase());
      const member = id <= members.count;
      users.push({
        id,
        username,
        username_lower: username.toLowerCase(),
        login_id: member ? benchLoginId(id) : null,
        login_id_lower: member ? benchLoginId(id).toLowerCase() : null,
        password_hash: member ? members.passwordHash : null,
        login_type: member ? ("local" as const) : ("demo" as const),
        profile_url: null,
        status_message: null,
        follower_count: plan.userFollowers[id]!,
        following_count: plan.userFollowing[id]!,
        review_count: plan.userReviews[id]!,
        collection_count: plan.userCollections[id]!,
        liked_people_count: plan.userLikedPeople[id]!,
        liked_collections_count: plan.userLikedCollections[id]!,
        liked_reviews_count: plan.userLikedReviews[id]!,
        created_at: ctx.createdAt,
      });
    }
    await insertRows(db, "users", users);
  });
}

export async function generateCollections(ctx: GeneratorContext, tick: Tick): Promise<void> {
  const { random: r, scale, plan } = ctx;
  await inChunks(ctx, scale.collections, tick, async (db, from, to) => {
    const collections: Array<Insertable<Database["collections"]>> = [];
    const links: Array<Insertable<Database["collection_movies"]>> = [];
    for (let id = from; id <= to; id++) {
      const pattern = r.pick(words.COLLECTION_PATTERNS);
      const movieIds = r.distinct(5 + r.skewed(26, 1.5), scale.movies, () => plan.movieOrder[r.skewed(scale.movies, 2)]!);
      collections.push({
        id,
        user_id: plan.collectionOwner[id - 1]!,
        title: pattern(r.pick(words.KOREAN_NOUNS), r.pick(words.KOREAN_MODIFIERS)),
        overview: null,
        movie_count: movieIds.length,
        likes_count: plan.collectionLikeCount[id]!,
        comments_count: plan.collectionCommentCount[id]!,
        created_at: ctx.createdAt,
      });
      movieIds.forEach((movieId, position) => links.push({ collection_id: id, movie_id: movieId, position }));
    }
    await insertRows(db, "collections", collections);
    await insertRows(db, "collection_movies", links);
  });
}

/** The one counter that follows from generated catalogue rows rather than the plan, recounted in SQL. */
export async function recountCounters(ctx: GeneratorContext): Promise<void> {
  await recountRegistered(ctx.db, (c) => counterLabel(c) === "people.credits_count");
}
