// Recommender training (API.md §4.12): load every rating > 0 (keyset pages, so requests keep flowing), train in a
// worker thread, store the model in `recommender_models` and announce it; every instance then swaps it in (see
// model-store.ts). Scheduled by recommender-job.ts, run by hand with `npm run recommend:train`.
import type { Kysely } from "kysely";
import type { Database } from "../db/types.js";
import { type Clock, toTimestamp } from "../lib/time.js";
import { startModuleWorker } from "../lib/worker-thread.js";
import { type AlsParams, DEFAULT_ALS_PARAMS } from "../modules/recommend/als.js";
import { announceNewModel } from "../modules/recommend/model-store.js";
import type { RatingTriples } from "../modules/recommend/ratings-matrix.js";
import { insertModel, ratingsPage } from "../modules/recommend/repository.js";
import type { TrainMessage, TrainRequest } from "./recommender-worker.js";

const PAGE = 50_000;

export interface TrainingDeps {
  db: Kysely<Database>;
  clock: Clock;
  params?: AlsParams;
}

export interface TrainingProgress {
  onLoaded?(ratings: number): void;
  onProgress?(done: number, total: number): void;
  /** Aborting stops the worker at once (server shutdown); the run then rejects and stores nothing. */
  signal?: AbortSignal;
}

export interface TrainingResult {
  modelId: number | null;
  ratings: number;
  members: number;
  movies: number;
  /** Taste components the model kept (at most the configured factors). */
  factors: number;
  seconds: number;
}

export async function loadRatings(db: Kysely<Database>): Promise<RatingTriples> {
  const users: number[] = [];
  const items: number[] = [];
  const values: number[] = [];
  let after = 0;
  for (;;) {
    const page = await ratingsPage(db, after, PAGE);
    for (const row of page) {
      users.push(row.user_id);
      items.push(row.movie_id);
      values.push(Number(row.rating));
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { users: Int32Array.from(users), items: Int32Array.from(items), values: Float32Array.from(values) };
}

export function trainInWorker(
  triples: RatingTriples,
  params: AlsParams,
  progress: Pick<TrainingProgress, "onProgress" | "signal"> = {},
): Promise<Extract<TrainMessage, { type: "done" }>> {
  return new Promise((resolve, reject) => {
    progress.signal?.throwIfAborted();
    const request: TrainRequest = { ...triples, params };
    const entry = import.meta.url.endsWith(".ts") ? "./recommender-worker.ts" : "./recommender-worker.js";
    const worker = startModuleWorker(new URL(entry, import.meta.url), {
      workerData: request,
      transferList: [triples.users.buffer, triples.items.buffer, triples.values.buffer] as ArrayBuffer[],
    });
    let settled = false;
    const abort = () => {
      settled = true;
      reject(progress.signal?.reason ?? new Error("training aborted"));
      void worker.terminate();
    };
    progress.signal?.addEventListener("abort", abort, { once: true });
    worker.on("message", (message: TrainMessage) => {
      if (message.type === "progress") progress.onProgress?.(message.done, message.total);
      else {
        settled = true;
        progress.signal?.removeEventListener("abort", abort);
        resolve(message);
        void worker.terminate();
      }
    });
    worker.on("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.on("exit", (code) => {
      if (!settled) reject(new Error(`recommender worker exited with code ${code}`));
    });
  });
}

/** One training run: load, train off the main thread, store, announce. No ratings → no model. */
export async function trainRecommender(deps: TrainingDeps, progress: TrainingProgress = {}): Promise<TrainingResult> {
  const started = performance.now();
  // Changes from this instant on count toward the next run (the model's trained_at).
  const snapshot = toTimestamp(deps.clock.now());
  const triples = await loadRatings(deps.db);
  const ratings = triples.values.length;
  progress.onLoaded?.(ratings);
  if (ratings === 0) return { modelId: null, ratings, members: 0, movies: 0, factors: 0, seconds: 0 };
  const trained = await trainInWorker(triples, deps.params ?? DEFAULT_ALS_PARAMS, progress);
  const modelId = await insertModel(deps.db, { trained_at: snapshot, ratings_seen: ratings, payload: trained.payload });
  announceNewModel();
  return {
    modelId,
    ratings,
    members: trained.members,
    movies: trained.movies,
    factors: trained.factors,
    seconds: (performance.now() - started) / 1000,
  };
}
