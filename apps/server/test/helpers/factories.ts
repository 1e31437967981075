// Test factories: real rows through the real repositories, and `injectAs(member)` for authenticated calls.
import type { Collection, Reply, Review, ReviewWrite } from "@moviepedia/contract";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { hashPassword } from "../../src/modules/auth/passwords.js";
import { insertUser } from "../../src/modules/users/repository.js";
import { toTimestamp } from "../../src/lib/time.js";
import type { TestContext } from "./context.js";

export const DEFAULT_PASSWORD = "abcd1234!";
let passwordHash: Promise<string> | undefined;
let sequence = 0;

export interface TestMember {
  id: number;
  username: string;
  loginId: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

export async function createMember(
  ctx: TestContext,
  overrides: { username?: string; loginId?: string } = {},
): Promise<TestMember> {
  sequence++;
  const username = overrides.username ?? `member_${sequence}_${Math.random().toString(36).slice(2, 6)}`;
  const loginId = overrides.loginId ?? `login_${sequence}_${Math.random().toString(36).slice(2, 6)}`;
  passwordHash ??= hashPassword(DEFAULT_PASSWORD, ctx.config.scryptLogN);
  const user = await insertUser(ctx.db, {
    username,
    username_lower: username.toLowerCase(),
    login_id: loginId,
    login_id_lower: loginId.toLowerCase(),
    password_hash: await passwordHash,
    login_type: "local",
    profile_url: null,
    status_message: null,
    created_at: toTimestamp(ctx.clock.now()),
  });
  const tokens = await ctx.services.auth.startSession(user.id);
  return {
    id: user.id,
    username,
    loginId,
    password: DEFAULT_PASSWORD,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
  };
}

export function injectAs(ctx: TestContext, member: Pick<TestMember, "accessToken"> | null) {
  return (options: InjectOptions): Promise<LightMyRequestResponse> =>
    ctx.app.inject({
      ...options,
      headers: {
        ...(member ? { authorization: `Bearer ${member.accessToken}` } : {}),
        ...(options.headers ?? {}),
      },
    });
}

export interface MovieOverrides {
  title?: string;
  originalTitle?: string;
  year?: number;
  runningTime?: number | null;
  genres?: string[];
  countries?: string[];
}

async function namedId(ctx: TestContext, table: "genres" | "countries", name: string): Promise<number> {
  const found = await ctx.db.selectFrom(table).select("id").where("name", "=", name).executeTakeFirst();
  if (found) return found.id;
  const row = await ctx.db.insertInto(table).values({ name }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** A catalog movie with genres and countries (no credits unless `addCredit` is used). */
export async function createMovie(
  ctx: TestContext,
  overrides: MovieOverrides = {},
): Promise<{ id: number; title: string }> {
  sequence++;
  const title = overrides.title ?? `테스트 영화 ${sequence}`;
  const movie = await ctx.db
    .insertInto("movies")
    .values({
      key: `test-movie-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
      title,
      original_title: overrides.originalTitle ?? `Test Movie ${sequence}`,
      english_title: null,
      year: overrides.year ?? 2020,
      running_time: overrides.runningTime === undefined ? 120 : overrides.runningTime,
      grade: "15세 이상 관람가",
      synopsis: "테스트용 줄거리입니다.",
      poster_url: null,
      backdrop_url: null,
      created_at: toTimestamp(ctx.clock.now()),
    })
    .returning(["id", "title"])
    .executeTakeFirstOrThrow();
  for (const [position, name] of (overrides.genres ?? ["드라마"]).entries()) {
    await ctx.db
      .insertInto("movie_genres")
      .values({ movie_id: movie.id, genre_id: await namedId(ctx, "genres", name), position })
      .execute();
  }
  for (const [position, name] of (overrides.countries ?? ["한국"]).entries()) {
    await ctx.db
      .insertInto("movie_countries")
      .values({ movie_id: movie.id, country_id: await namedId(ctx, "countries", name), position })
      .execute();
  }
  return movie;
}

/** A person, optionally credited on movies: `credits` = [{movieId, kind, character?}]. */
export async function createPerson(
  ctx: TestContext,
  name: string,
  credits: Array<{ movieId: number; kind: string; character?: string | null }> = [],
): Promise<{ id: number; name: string }> {
  sequence++;
  const person = await ctx.db
    .insertInto("people")
    .values({
      key: `test-person-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
      name,
      original_name: null,
      biography: null,
      profile_url: null,
      credits_count: credits.length,
      created_at: toTimestamp(ctx.clock.now()),
    })
    .returning(["id", "name"])
    .executeTakeFirstOrThrow();
  for (const credit of credits) {
    const last = await ctx.db
      .selectFrom("credits")
      .select((eb) => eb.fn.max("position").as("p"))
      .where("movie_id", "=", credit.movieId)
      .executeTakeFirst();
    await ctx.db
      .insertInto("credits")
      .values({
        movie_id: credit.movieId,
        person_id: person.id,
        kind: credit.kind,
        character: credit.character ?? null,
        position: Number(last?.p ?? -1) + 1,
      })
      .execute();
  }
  return person;
}

/** A collection owned by `member`, created through the collections service (movies in the given order). */
export async function createCollection(
  ctx: TestContext,
  member: Pick<TestMember, "id">,
  options: { title?: string; overview?: string | null; movieIds?: number[] } = {},
): Promise<Collection> {
  sequence++;
  return ctx.services.collections.create(member.id, {
    title: options.title ?? `테스트 컬렉션 ${sequence}`,
    overview: options.overview ?? null,
    movie_ids: options.movieIds ?? [],
  });
}

/** A review of `movieId` by `member` through the reviews service (so every counter is right); default: rating 4. */
export async function createReview(
  ctx: TestContext,
  member: Pick<TestMember, "id">,
  movieId: number,
  fields: ReviewWrite = { rating: 4 },
): Promise<Review> {
  return (await ctx.services.reviews.create(member.id, movieId, fields)).review;
}

/** A reply by `member` to `reviewId` through the replies service (keeps the review's comments_count). */
export async function createReply(
  ctx: TestContext,
  member: Pick<TestMember, "id">,
  reviewId: number,
  content = "테스트 답글입니다.",
): Promise<Reply> {
  return ctx.services.replies.create(member.id, reviewId, content);
}
