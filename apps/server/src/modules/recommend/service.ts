// Recommendations, predicted ratings and taste match (API.md §4.12). The caller is folded into the served model from
// their review rows and every candidate is scored in memory. The folded-in member, their reviewed ids and each list
// asked for are cached per member, keyed by (served model, the member's `data_version`, movie totals version):
// data_version moves in the same transaction as every write of the member's reviews and dismissals that changes a
// signal (a star, a status, whether there is text: rewording a comment does not), so one new rating misses the cache
// at once, while a repeated read costs one indexed query. Taste match is cached by both members' versions. The member's implicit marks (보고싶어요, 보는 중, comments, 관심없어요) are folded in with their
// stars (signals.ts); films they reviewed or dismissed are never recommended.
import {
  type Prediction,
  RECOMMEND_LIMIT_DEFAULT,
  RECOMMEND_LIMIT_MAX,
  Recommendation,
  type TasteMatch,
} from "@moviepedia/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/types.js";
import { invalidField, notFound } from "../../http/errors.js";
import { defineRegion, type Freshness } from "../../cache/index.js";
import type { Clock } from "../../lib/time.js";
import { coldMovieBias, foldIn, type MemberVector, predictRow } from "./fold-in.js";
import { modelRow } from "./model.js";
import { createModelStore } from "./model-store.js";
import { createMovieStatsCache, totalsIn } from "./movie-stats.js";
import { type Ranked, type RankMode, rankBoth, rankColdStart } from "./ranking.js";
import {
  coRatings,
  findMovieTotals,
  memberDismissals,
  memberMeans,
  memberReviews,
  memberVersion,
  memberVersions,
} from "./repository.js";
import { memberSignals, SIGNAL_RATING } from "./signals.js";
import { tasteMatch } from "./taste-match.js";

const RecommendationList = z.array(Recommendation);
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

/** The longest a member's kept state is trusted (catalogue edits). */
export const MEMBER_CACHE_MAX_AGE_S = 600;

interface MemberEntry {
  /** Movie ids with a visible review row of the member or dismissed (관심없어요), ascending: never recommended. */
  reviewed: Int32Array;
  /** The member folded into the model; null without a model or without ratings (cold start). */
  vector: MemberVector | null;
  /** Mean of the member's ratings (0 without): /difference keeps films predicted above it (or ≥ 3.5). */
  meanRating: number;
}

// Everything kept for a member is under one token: the served model id (0: none yet), the member's data_version and
// the movie totals version, and at most MEMBER_CACHE_MAX_AGE_S old.
const memberStates = defineRegion<MemberEntry>({
  name: "recommend-members",
  share: 0.04,
  stale: { token: "model", maxAgeS: MEMBER_CACHE_MAX_AGE_S },
  keeps: "a member folded into the served model, with the films they reviewed or dismissed",
  sizeOf: (e) => 128 + e.reviewed.byteLength + (e.vector ? e.vector.factors.byteLength + 32 : 0),
});
const rankedLists = defineRegion<string>({
  name: "recommend-lists",
  share: 0.02,
  stale: { token: "model", maxAgeS: MEMBER_CACHE_MAX_AGE_S },
  keeps: "a member's recommendations (expect or difference, per limit) as sent",
});
/** Films in one of a member's orders, best first: ids and their predicted ratings. */
interface Order {
  ids: number[];
  expected: number[];
}
/** A member's expect order to a depth and /difference's order to RECOMMEND_LIMIT_MAX, ranked in one pass. */
interface Orders {
  expect: Order;
  difference: Order;
}
// Ranked to growing depths so a scroll ranks a few times; /expect and /difference read their films from the same
// pass.
const queues = defineRegion<Orders>({
  name: "recommend-queues",
  share: 0.02,
  stale: { token: "model", maxAgeS: MEMBER_CACHE_MAX_AGE_S },
  keeps: "a member's expect order to a depth (200, 800, 3200, …) and /difference's first 50, ranked in one pass",
  sizeOf: (orders) => 64 + (orders.expect.ids.length + orders.difference.ids.length) * 16,
});
// Taste match under both members' versions.
const matches = defineRegion<TasteMatch>({
  name: "taste-match",
  share: 0.01,
  stale: { token: "member", maxAgeS: MEMBER_CACHE_MAX_AGE_S },
  keeps: "the taste match of two members",
  sizeOf: () => 160,
});

/**
 * The expect order is ranked to the first depth of 200, 800, 3200, … that covers what is asked: /expect (at most 50),
 * /difference and the queue's first ten pages (20 a page) share the first ranking, and a long scroll ranks a few
 * times, not once per page. A pass walks the catalog until no film left can enter (on the large bench dataset, with
 * /difference's 50: 0.4 ms to 50 films, 0.6 ms to 200, 1.3 ms to 800), so a first depth of 50 made the queue's third
 * page rank again for little.
 */
const FIRST_DEPTH = 4 * RECOMMEND_LIMIT_MAX;
const DEPTH_GROWTH = 4;

export function createRecommendService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  const models = createModelStore(db);
  const stats = createMovieStatsCache(db, clock);

  async function memberState(userId: number) {
    const [model, version, movieStats] = await Promise.all([models.current(), memberVersion(db, userId), stats.get()]);
    const fresh: Freshness = {
      token: version === undefined ? null : `${model?.id ?? 0}:${version}:${movieStats.version}`,
      now: clock.now().getTime(),
    };
    // Rows read AFTER the version: a write committing in between leaves the entry keyed older than its rows, so the
    // next read (which sees the newer version) recomputes; an entry is never newer-keyed than its rows.
    const entry = await memberStates.get(db, fresh, String(userId), async () => {
      const [reviews, dismissals] = await Promise.all([memberReviews(db, userId), memberDismissals(db, userId)]);
      const dismissed = dismissals.map((d) => Number(d.movie_id));
      const signals = memberSignals(reviews, dismissed);
      let ratingCount = 0;
      let ratingSum = 0;
      for (const s of signals) {
        if (s.kind !== SIGNAL_RATING) continue;
        ratingCount++;
        ratingSum += s.rating;
      }
      return {
        reviewed: Int32Array.from(new Set([...reviews.map((r) => r.movie_id), ...dismissed])).sort(),
        // Cold start (API.md §4.12) is a member without a rating: marks alone do not make a prediction.
        vector: model && ratingCount > 0 ? foldIn(model, signals, (id) => totalsIn(movieStats, id)) : null,
        meanRating: ratingCount > 0 ? ratingSum / ratingCount : 0,
      };
    });
    return { model, movieStats, entry, fresh };
  }

  /** A member's recommendations, serialised; kept with their state until it changes. */
  async function recommend(userId: number, mode: RankMode, limit: number): Promise<string> {
    const state = await memberState(userId);
    const { model, movieStats, entry, fresh } = state;
    return rankedLists.get(db, fresh, `${userId}:${mode}:${limit}`, async () => {
      let list: Recommendation[];
      if (model && entry.vector) {
        // The first films of the member's orders, which the 예상 별점 queue pages through too: one pass serves all.
        const order = (await rankedOrders(userId, state, mode === "expect" ? limit : 0))[mode];
        list = order.ids
          .slice(0, limit)
          .map((movieId, i) => ({ movie_id: movieId, expected_rating: roundRating(order.expected[i]!) }));
      } else {
        const ranked = rankColdStart(movieStats, entry.reviewed, limit);
        list = ranked.map((r) => ({ movie_id: r.movieId, expected_rating: roundRating(r.expected) }));
      }
      return JSON.stringify(z.encode(RecommendationList, list));
    });
  }

  /**
   * The member's orders (API.md §4.12: reviewed and dismissed films left out; ties by average, count, id): the expect
   * order to at least `count` films and /difference's to RECOMMEND_LIMIT_MAX, ranked in one pass to a depth (200,
   * 800, 3200, …) and kept with the member's state. The first films of a deeper ranking are exactly a shallower one, so
   * any kept ranking deep enough serves: /expect, /difference and the queue's pages share one pass.
   */
  async function rankedOrders(
    userId: number,
    { model, movieStats, entry, fresh }: Awaited<ReturnType<typeof memberState>>,
    count: number,
  ): Promise<Orders> {
    const total = movieStats.ids.length + model!.movieIds.length;
    const wanted = Math.min(count, total);
    let depth = FIRST_DEPTH;
    while (depth < wanted) depth *= DEPTH_GROWTH;
    for (let deeper = depth; ; deeper *= DEPTH_GROWTH) {
      const kept = queues.peek(db, fresh, `${userId}:${deeper}`);
      if (kept) return kept;
      if (deeper >= total) break;
    }
    return queues.get(db, fresh, `${userId}:${depth}`, async () => {
      const depths = { expect: Math.max(1, Math.min(depth, total)), difference: RECOMMEND_LIMIT_MAX };
      const ranked = rankBoth(model!, entry.vector!, movieStats, entry.reviewed, depths, entry.meanRating);
      const order = (list: Ranked[]): Order => ({
        ids: list.map((r) => r.movieId),
        expected: list.map((r) => r.expected),
      });
      return { expect: order(ranked.expect), difference: order(ranked.difference) };
    });
  }

  /**
   * The first `count` films of the caller's expect order, for the 평가하기 queue's 예상 별점 높은 tab; null in cold
   * start (no model, or no ratings).
   */
  async function predictedQueue(userId: number, count: number): Promise<number[] | null> {
    const state = await memberState(userId);
    if (!state.model || !state.entry.vector) return null;
    return (await rankedOrders(userId, state, count)).expect.ids.slice(0, count);
  }

  /**
   * What the member's orders are ranked from (the served model, their data_version, the movie totals), for answers
   * walked from them (예상 별점 pages) to be kept with: "cold" in cold start, null when there is no such member.
   */
  async function orderToken(userId: number): Promise<string | null> {
    const { model, entry, fresh } = await memberState(userId);
    if (fresh.token === null) return null;
    return model && entry.vector ? String(fresh.token) : "cold";
  }

  async function predict(userId: number, movieId: number | null): Promise<Prediction> {
    const movie = movieId === null ? undefined : await findMovieTotals(db, movieId);
    if (!movie) throw notFound("MOVIE_NOT_FOUND");
    const { model, entry } = await memberState(userId);
    if (!model || !entry.vector) return { movie_id: movie.id, expected_rating: null };
    const row = modelRow(model, movie.id);
    const raw =
      row >= 0
        ? predictRow(model, entry.vector, row)
        : model.mu +
          entry.vector.bias +
          coldMovieBias(model, { count: Number(movie.ratings_count), sum10: Number(movie.rating_sum) });
    return { movie_id: movie.id, expected_rating: roundRating(raw) };
  }

  async function matchWith(callerId: number, otherId: number | null): Promise<TasteMatch> {
    if (otherId === callerId) throw invalidField("user_id", "must be another member's id");
    const rows = otherId === null ? [] : await memberVersions(db, [callerId, otherId]);
    const versionOf = (id: number) => rows.find((r) => Number(r.id) === id)?.data_version;
    const theirs = otherId === null ? undefined : versionOf(otherId);
    if (otherId === null || theirs === undefined) throw notFound("USER_NOT_FOUND");
    const fresh = { token: `${Number(versionOf(callerId) ?? -1)}:${Number(theirs)}`, now: clock.now().getTime() };
    return matches.get(db, fresh, `${callerId}:${otherId}`, async () => {
      const pairs = await coRatings(db, callerId, otherId);
      let match: number | null = null;
      if (pairs.length > 0) {
        const means = new Map((await memberMeans(db, [callerId, otherId])).map((m) => [m.user_id, Number(m.mean)]));
        match = tasteMatch(
          pairs.map((p) => ({ mine: Number(p.mine), theirs: Number(p.theirs) })),
          means.get(callerId) ?? 0,
          means.get(otherId) ?? 0,
        );
      }
      return { user_id: otherId, match, co_rated: pairs.length };
    });
  }

  return {
    expect: (userId: number, limit: number) => recommend(userId, "expect", limit),
    difference: (userId: number, limit: number) => recommend(userId, "difference", limit),
    predict,
    predictedQueue,
    orderToken,
    /** The served model (null before the first training): similar films read its movie factors. */
    currentModel: models.current,
    tasteMatch: matchWith,
    /** Picks up a newly stored model now (the training job calls this in-process through announceNewModel). */
    refreshModel: models.refresh,
    invalidateStats: stats.invalidate,
  };
}

export type RecommendService = ReturnType<typeof createRecommendService>;
