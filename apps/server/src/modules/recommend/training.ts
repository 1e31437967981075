// Recommender training (API.md §4.12): load every rating > 0 and every implicit mark (review rows with a status or a
// text but no rating, dismissals; keyset pages, so requests keep flowing), train in a
// worker thread, store the model in `recommender_models` and announce it; every instance then swaps it in (see
// model-store.ts). Scheduled by training-job.ts, run by hand with `npm run recommend:train`.
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { type Clock, toTimestamp } from "../../lib/time.js";
import { startModuleWorker } from "../../lib/worker-thread.js";
import { type AlsParams, DEFAULT_ALS_PARAMS } from "./als.js";
import { announceNewModel } from "./model-store.js";
import type { RatingTriples } from "./ratings-matrix.js";
import { dismissalsPage, insertModel, signalsPage } from "./repository.js";
import { reviewSignal, SIGNAL_DISMISSED, SIGNAL_RATING } from "./signals.js";
import type { TrainMessage, TrainRequest } from "./training-worker.js";

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
  /** Implicit marks learned from (보고싶어요, 보는 중, comments without a star, 관심없어요). */
  marks: number;
  members: number;
  movies: number;
  /** Taste components the model kept (at most the configured factors). */
  factors: number;
  seconds: number;
}

/** Every rating and implicit mark, one entry per (member, movie) (signals.ts decides what a row is). */
export async function loadSignals(db: Kysely<Database>): Promise<RatingTriples & { kinds: Uint8Array }> {
  const users: number[] = [];
  const items: number[] = [];
  const values: number[] = [];
  const kinds: number[] = [];
  const pageThrough = async <Row extends { id: number }>(
    read: (after: number) => Promise<Row[]>,
    take: (row: Row) => void,
  ) => {
    let after = 0;
    for (;;) {
      const page = await read(after);
      for (const row of page) take(row);
      if (page.length < PAGE) break;
      after = page[page.length - 1]!.id;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  await pageThrough(
    (after) => signalsPage(db, after, PAGE),
    (row) => {
      const kind = reviewSignal(row);
      if (kind === null) return;
      users.push(row.user_id);
      items.push(row.movie_id);
      values.push(kind === SIGNAL_RATING ? Number(row.rating) : 0);
      kinds.push(kind);
    },
  );
  await pageThrough(
    (after) => dismissalsPage(db, after, PAGE),
    (row) => {
      users.push(row.user_id);
      items.push(row.movie_id);
      values.push(0);
      kinds.push(SIGNAL_DISMISSED);
    },
  );
  return {
    users: Int32Array.from(users),
    items: Int32Array.from(items),
    values: Float32Array.from(values),
    kinds: Uint8Array.from(kinds),
  };
}

export function trainInWorker(
  triples: RatingTriples,
  params: AlsParams,
  progress: Pick<TrainingProgress, "onProgress" | "signal"> = {},
): Promise<Extract<TrainMessage, { type: "done" }>> {
  return new Promise((resolve, reject) => {
    progress.signal?.throwIfAborted();
    const request: TrainRequest = { ...triples, params };
    const entry = import.meta.url.endsWith(".ts") ? "./training-worker.ts" : "./training-worker.js";
    const worker = startModuleWorker(new URL(entry, import.meta.url), {
      workerData: request,
      transferList: [triples.users.buffer, triples.items.buffer, triples.values.buffer, triples.kinds?.buffer].filter(
        (b) => b !== undefined,
      ) as ArrayBuffer[],
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
  const triples = await loadSignals(deps.db);
  let ratings = 0;
  for (const kind of triples.kinds) if (kind === SIGNAL_RATING) ratings++;
  const marks = triples.kinds.length - ratings;
  progress.onLoaded?.(ratings);
  // Marks alone teach nothing about stars: no ratings, no model.
  if (ratings === 0) return { modelId: null, ratings, marks, members: 0, movies: 0, factors: 0, seconds: 0 };
  const trained = await trainInWorker(triples, deps.params ?? DEFAULT_ALS_PARAMS, progress);
  const modelId = await insertModel(deps.db, { trained_at: snapshot, ratings_seen: ratings, payload: trained.payload });
  announceNewModel();
  return {
    modelId,
    ratings,
    marks,
    members: trained.members,
    movies: trained.movies,
    factors: trained.factors,
    seconds: (performance.now() - started) / 1000,
  };
}
