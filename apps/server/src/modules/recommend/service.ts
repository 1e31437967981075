// Recommendations, predicted ratings and taste match (API.md §4.12). Per request: the caller's review rows (one
// indexed query), the served model and the cached movie totals; the caller is folded in and every candidate scored
// in memory.
import {
  type Prediction,
  RECOMMEND_LIMIT_DEFAULT,
  RECOMMEND_LIMIT_MAX,
  type Recommendation,
  type TasteMatch,
} from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { invalidField, notFound } from "../../http/errors.js";
import type { Clock } from "../../lib/time.js";
import { findUserById } from "../users/repository.js";
import { foldIn, type MemberRating, predictRow, coldMovieBias } from "./fold-in.js";
import { modelRow } from "./model.js";
import { createModelStore } from "./model-store.js";
import { createMovieStatsCache, totalsIn } from "./movie-stats.js";
import { type RankMode, rankByModel, rankColdStart } from "./ranking.js";
import { coRatings, findMovieTotals, memberMeans, memberReviews } from "./repository.js";
import { tasteMatch } from "./taste-match.js";

const roundRating = (x: number) => Math.round(Math.min(5, Math.max(0.5, x)) * 10) / 10;

/** `limit` query parameter: absent → default; otherwise a decimal integer 1–50. */
export function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return RECOMMEND_LIMIT_DEFAULT;
  const value = /^[0-9]{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= 1 && value <= RECOMMEND_LIMIT_MAX)) {
    throw invalidField("limit", `must be an integer from 1 to ${RECOMMEND_LIMIT_MAX}`);
  }
  return value;
}

export function createRecommendService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  const models = createModelStore(db);
  const stats = createMovieStatsCache(db, clock);

  async function callerState(userId: number) {
    const [model, reviews] = await Promise.all([models.current(), memberReviews(db, userId)]);
    const ratings: MemberRating[] = reviews
      .filter((r) => r.rating > 0)
      .map((r) => ({ movieId: r.movie_id, rating: Number(r.rating) }));
    return { model, reviews, ratings };
  }

  async function recommend(userId: number, mode: RankMode, limit: number): Promise<Recommendation[]> {
    const [{ model, reviews, ratings }, movieStats] = await Promise.all([callerState(userId), stats.get()]);
    const reviewed = new Set(reviews.map((r) => r.movie_id));
    const ranked =
      model && ratings.length > 0
        ? rankByModel(
            model,
            foldIn(model, ratings, (id) => totalsIn(movieStats, id)),
            movieStats,
            reviewed,
            mode,
            limit,
          )
        : rankColdStart(movieStats, reviewed, limit);
    return ranked.map((r) => ({ movie_id: r.movieId, expected_rating: roundRating(r.expected) }));
  }

  async function predict(userId: number, movieId: number | null): Promise<Prediction> {
    const movie = movieId === null ? undefined : await findMovieTotals(db, movieId);
    if (!movie) throw notFound("MOVIE_NOT_FOUND");
    const { model, ratings } = await callerState(userId);
    if (!model || ratings.length === 0) return { movie_id: movie.id, expected_rating: null };
    const movieStats = await stats.get();
    const member = foldIn(model, ratings, (id) => totalsIn(movieStats, id));
    const row = modelRow(model, movie.id);
    const raw =
      row >= 0
        ? predictRow(model, member, row)
        : model.mu +
          member.bias +
          coldMovieBias(model, { count: Number(movie.ratings_count), sum10: Number(movie.rating_sum) });
    return { movie_id: movie.id, expected_rating: roundRating(raw) };
  }

  async function matchWith(callerId: number, otherId: number | null): Promise<TasteMatch> {
    if (otherId === callerId) throw invalidField("user_id", "must be another member's id");
    const other = otherId === null ? undefined : await findUserById(db, otherId);
    if (!other) throw notFound("USER_NOT_FOUND");
    const pairs = await coRatings(db, callerId, other.id);
    let match: number | null = null;
    if (pairs.length > 0) {
      const means = new Map((await memberMeans(db, [callerId, other.id])).map((m) => [m.user_id, Number(m.mean)]));
      match = tasteMatch(
        pairs.map((p) => ({ mine: Number(p.mine), theirs: Number(p.theirs) })),
        means.get(callerId) ?? 0,
        means.get(other.id) ?? 0,
      );
    }
    return { user_id: other.id, match, co_rated: pairs.length };
  }

  return {
    expect: (userId: number, limit: number) => recommend(userId, "expect", limit),
    difference: (userId: number, limit: number) => recommend(userId, "difference", limit),
    predict,
    tasteMatch: matchWith,
    /** Picks up a newly stored model now (the training job calls this in-process through announceNewModel). */
    refreshModel: models.refresh,
    invalidateStats: stats.invalidate,
  };
}

export type RecommendService = ReturnType<typeof createRecommendService>;
