// The recommender model (API.md §4.12): quality against the bias baseline on synthetic ratings with a known truth,
// determinism, the stored payload, training in a worker thread, the retraining rules and fold-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { biasBaseline, score, type Split } from "../../../bench/recommend/baselines.js";
import { generate } from "../../../bench/recommend/synthetic.js";
import { retrainReason, startRecommenderTrainingJob, trainRecommender } from "../src/modules/recommend/index.js";
import { type AlsParams, trainAls, type TrainedFactors } from "../src/modules/recommend/als.js";
import { coldMovieBias, foldIn, predictRow } from "../src/modules/recommend/fold-in.js";
import {
  decodeModel,
  encodeModel,
  itemNorms,
  MODEL_FORMAT,
  payloadFormat,
  type ServedModel,
} from "../src/modules/recommend/model.js";
import type { MovieStats } from "../src/modules/recommend/movie-stats.js";
import { rankBoth } from "../src/modules/recommend/ranking.js";
import { createRng } from "../src/modules/recommend/prng.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createMovie } from "./helpers/factories.js";

const FAST: AlsParams = { factors: 16, iterations: 8, seed: 11 };

function splitOff(data: Split, seed: number): { train: Split; test: Split } {
  const rng = createRng(seed);
  const flags = Array.from(data.values, () => rng.next() < 0.1);
  const pick = (test: boolean): Split => {
    const idx = flags.flatMap((f, i) => (f === test ? [i] : []));
    return {
      users: Int32Array.from(idx, (i) => data.users[i]!),
      items: Int32Array.from(idx, (i) => data.items[i]!),
      values: Float32Array.from(idx, (i) => data.values[i]!),
    };
  };
  return { train: pick(false), test: pick(true) };
}

function predictor(model: TrainedFactors) {
  const users = new Map(Array.from(model.userIds, (id, i) => [id, i]));
  const items = new Map(Array.from(model.itemIds, (id, i) => [id, i]));
  const k = model.factors;
  return (user: number, item: number) => {
    const u = users.get(user);
    const m = items.get(item);
    if (u === undefined || m === undefined) return model.mu;
    let r = model.mu + model.users.bias[u]! + model.items.bias[m]!;
    for (let c = 0; c < k; c++) r += model.users.factors[u * k + c]! * model.items.factors[m * k + c]!;
    return r;
  };
}

describe("training (pure)", () => {
  const data = generate({ users: 300, items: 250, ratings: 30_000, rank: 6, seed: 3 });
  const { train, test } = splitOff(data, 4);

  it("beats the user + item bias baseline on synthetic ratings", () => {
    const model = trainAls(train, FAST);
    // Components the learned prior shrank away are dropped: the model keeps about the true rank (6).
    expect(model.factors).toBeLessThan(FAST.factors);
    expect(model.factors).toBeGreaterThanOrEqual(6);
    const ours = score(test, predictor(model)).rmse;
    const baseline = score(test, biasBaseline(train, 300, 250, 5)).rmse;
    // Loose bound: the benchmark shows ~20% on this kind of data.
    expect(ours).toBeLessThan(baseline * 0.92);
  });

  it("gives the same model for the same ratings in any order", () => {
    const a = encodeModel(trainAls(train, { ...FAST, iterations: 3 }));
    const order = Array.from(train.values, (_, i) => i).reverse();
    const shuffled: Split = {
      users: Int32Array.from(order, (i) => train.users[i]!),
      items: Int32Array.from(order, (i) => train.items[i]!),
      values: Float32Array.from(order, (i) => train.values[i]!),
    };
    expect(encodeModel(trainAls(shuffled, { ...FAST, iterations: 3 }))).toBe(a);
  });

  it("round-trips the stored payload and folds a trained member back in", () => {
    const trained = trainAls(train, FAST);
    const payload = encodeModel(trained);
    expect(payloadFormat(payload)).toBe(MODEL_FORMAT);
    const model = decodeModel({ id: 1, trained_at: "2025-01-01T00:00:00", ratings_seen: 1, payload });
    expect(Array.from(model.movieIds)).toEqual(Array.from(trained.itemIds));
    expect(Array.from(model.itemFactors)).toEqual(Array.from(trained.items.factors));
    // Fold-in is the training's own member step: a member's refit predictions track their trained ones.
    const user = trained.userIds[0]!;
    const ratings = Array.from(train.values.keys())
      .filter((e) => train.users[e] === user)
      .map((e) => ({ movieId: train.items[e]!, rating: train.values[e]! }))
      .sort((x, y) => x.movieId - y.movieId);
    const member = foldIn(model, ratings, () => undefined);
    const trainedPredict = predictor(trained);
    for (let row = 0; row < 20; row++) {
      expect(predictRow(model, member, row)).toBeCloseTo(trainedPredict(user, model.movieIds[row]!), 1);
    }
  });
});

describe("training job (database, worker thread)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  const rules = { minNew: 3, intervalS: 600, startup: false };

  it("trains in a worker, stores the model and follows the retraining rules", async () => {
    expect(await retrainReason(ctx.db, ctx.clock.now(), rules)).toBe("no-model");
    expect((await trainRecommender({ db: ctx.db, clock: ctx.clock })).modelId).toBeNull();
    const members = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
    const movies = [await createMovie(ctx), await createMovie(ctx), await createMovie(ctx)];
    for (const [i, m] of members.entries()) {
      for (const [j, movie] of movies.entries()) {
        await ctx.services.reviews.upsertMine(m.id, movie.id, { rating: 1 + ((i + j) % 4) });
      }
    }
    // Rows written in the snapshot's own second count as changes (timestamps have whole seconds): step past it.
    ctx.clock.advance(1);
    const progress: number[] = [];
    const result = await trainRecommender(
      { db: ctx.db, clock: ctx.clock, params: { factors: 16, iterations: 2, seed: 1 } },
      { onProgress: (done) => progress.push(done) },
    );
    expect(result).toMatchObject({ ratings: 9, members: 3, movies: 3 });
    expect(progress).toEqual([1, 2, 3, 4]);
    const stored = await ctx.db.selectFrom("recommender_models").selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ id: result.modelId, ratings_seen: 9 });
    expect(decodeModel(stored).movieIds).toHaveLength(3);

    // Right after training (same second) nothing is due; changes need both the count and the interval.
    ctx.clock.advance(1);
    expect(await retrainReason(ctx.db, ctx.clock.now(), rules)).toBeNull();
    const extra = await createMovie(ctx);
    for (const m of members) await ctx.services.reviews.upsertMine(m.id, extra.id, { rating: 3 });
    expect(await retrainReason(ctx.db, ctx.clock.now(), rules)).toBeNull();
    expect(await retrainReason(ctx.db, ctx.clock.now(), { ...rules, startup: true })).toBe("changes");
    ctx.clock.advance(600);
    expect(await retrainReason(ctx.db, ctx.clock.now(), rules)).toBe("changes");
    expect(await retrainReason(ctx.db, ctx.clock.now(), { ...rules, minNew: 4 })).toBeNull();

    // A second run keeps the newest two models only.
    await trainRecommender({ db: ctx.db, clock: ctx.clock });
    await trainRecommender({ db: ctx.db, clock: ctx.clock });
    const ids = await ctx.db.selectFrom("recommender_models").select("id").orderBy("id").execute();
    expect(ids).toHaveLength(2);
    expect(await retrainReason(ctx.db, ctx.clock.now(), rules)).toBeNull();
  });

  it("runs at start-up when ratings changed since the stored model, and stops cleanly", async () => {
    const logged: string[] = [];
    const log = {
      info: (_: object, msg: string) => logged.push(msg),
      error: (_: object, msg: string) => logged.push(msg),
    };
    const member = await createMember(ctx);
    await ctx.services.reviews.upsertMine(member.id, (await createMovie(ctx)).id, { rating: 4.5 });
    const before = await ctx.db
      .selectFrom("recommender_models")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    ctx.clock.advance(1); // whole-second timestamps: a write in the snapshot's second counts as a change
    const job = startRecommenderTrainingJob({ db: ctx.db, clock: ctx.clock, config: ctx.config, log });
    await job.firstRun;
    await job.stop();
    expect(logged).toEqual(["recommender model trained"]);
    const after = await ctx.db
      .selectFrom("recommender_models")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    expect(Number(after?.id)).toBeGreaterThan(Number(before?.id));
    // Nothing changed since: a restart reuses the stored model.
    const again = startRecommenderTrainingJob({ db: ctx.db, clock: ctx.clock, config: ctx.config, log });
    await again.firstRun;
    await again.stop();
    expect(logged).toHaveLength(1);
  });
});

describe("ranking", () => {
  // A random served model with ties (clamped 5.0s, equal averages) against a brute-force sort by the contract's
  // order: the bound-pruned top-k must return exactly the same list.
  const rng = createRng(5);
  const k = 8;
  const rows = 3000;
  const factors = Float32Array.from({ length: rows * k }, () => rng.normal() * 0.4);
  const model: ServedModel = {
    id: 1,
    trainedAt: "2025-01-01T00:00:00",
    revision: 2,
    marks: 0,
    markSd: new Float64Array(0),
    ratingsSeen: 0,
    mu: 3.5,
    factors: k,
    noiseVar: 0.4,
    userPrecision: new Float64Array(k + 1).fill(4),
    itemBiasPrecision: 4,
    movieIds: Int32Array.from({ length: rows }, (_, i) => 10 + i * 2),
    bias: Float32Array.from({ length: rows }, (_, i) => (i % 7 === 0 ? 3 : rng.normal() * 0.5)),
    itemFactors: factors,
    itemVariance: new Float32Array(rows * (k + 1)),
    itemNorms: itemNorms(factors, k),
  };
  // Rated movies: most of the model's rows, plus some the model does not know (odd ids).
  const ids = [...Array.from(model.movieIds).filter((_, i) => i % 5 !== 0), 11, 13, 15].sort((a, b) => a - b);
  const stats1: MovieStats = {
    version: 1,
    ids: Int32Array.from(ids),
    counts: Int32Array.from(ids, (_, i) => 1 + (i % 4)),
    sums: Float64Array.from(ids, (_, i) => (1 + (i % 4)) * (30 + (i % 3) * 5)),
    siteMean: 3.4,
  };
  const member = { bias: 0.2, factors: Float32Array.from({ length: k }, () => rng.normal()) };
  const reviewed = new Set([10, 12, 14, 11, ...ids.slice(100, 140)]);
  const reviewedIds = Int32Array.from([...reviewed].sort((a, b) => a - b));

  function bruteForce(mode: "expect" | "difference", limit: number, stats = stats1, who = member) {
    const all = Array.from(stats.ids, (movieId, s) => {
      const row = Array.from(model.movieIds).indexOf(movieId);
      let raw = model.mu + who.bias;
      if (row >= 0) {
        raw += model.bias[row]!;
        for (let c = 0; c < k; c++) raw += who.factors[c]! * model.itemFactors[row * k + c]!;
      } else {
        raw += coldMovieBias(model, { count: stats.counts[s]!, sum10: stats.sums[s]! });
      }
      const expected = Math.min(5, Math.max(0.5, raw));
      const average = Math.round(stats.sums[s]! / stats.counts[s]!) / 10;
      const score = mode === "expect" ? expected : expected - average;
      return { movieId, expected, score, average, count: stats.counts[s]! };
    }).filter((c) => !reviewed.has(c.movieId));
    all.sort((a, b) => b.score - a.score || b.average - a.average || b.count - a.count || a.movieId - b.movieId);
    return all.slice(0, limit);
  }

  it("matches a brute-force sort, ties and movies unknown to the model included", () => {
    for (const mode of ["expect", "difference"] as const) {
      for (const limit of [1, 10, 50, 200, 1000]) {
        const depths = mode === "expect" ? { expect: limit, difference: 0 } : { expect: 0, difference: limit };
        const fast = rankBoth(model, member, stats1, reviewedIds, depths)[mode];
        const slow = bruteForce(mode, limit);
        expect(fast.map((r) => r.movieId)).toEqual(slow.map((r) => r.movieId));
        for (const [i, r] of fast.entries()) expect(r.expected).toBeCloseTo(slow[i]!.expected, 5);
      }
    }
    // Both orders in one pass are each exactly the order ranked alone.
    for (const [expectDepth, differenceDepth] of [
      [50, 10],
      [200, 50],
      [1, 1000],
    ] as const) {
      const both = rankBoth(model, member, stats1, reviewedIds, { expect: expectDepth, difference: differenceDepth });
      expect(both.expect.map((r) => r.movieId)).toEqual(bruteForce("expect", expectDepth).map((r) => r.movieId));
      expect(both.difference.map((r) => r.movieId)).toEqual(
        bruteForce("difference", differenceDepth).map((r) => r.movieId),
      );
    }
    // New totals (another version): /difference's walk, ordered by bias minus average, follows the new averages
    // (a member of mild tastes, whose tight bounds stop the walk early).
    const mild = { bias: 0.1, factors: member.factors.map((f) => f * 0.05) };
    const stats2: MovieStats = {
      ...stats1,
      version: 2,
      sums: stats1.sums.map((sum, i) => (i % 3 === 0 ? sum * 0.8 : sum)),
    };
    for (const stats of [stats1, stats2]) {
      for (const mode of ["expect", "difference"] as const) {
        for (const limit of [1, 50]) {
          const fast = rankBoth(model, mild, stats, reviewedIds, { expect: limit, difference: limit })[mode];
          expect(fast.map((r) => r.movieId)).toEqual(bruteForce(mode, limit, stats, mild).map((r) => r.movieId));
        }
      }
    }
    // The data really has ties at the clamp: more 5.0s than the largest limit.
    expect(bruteForce("expect", rows).filter((r) => r.expected === 5).length).toBeGreaterThan(50);
  });
});
