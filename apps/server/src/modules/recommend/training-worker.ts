// Worker thread body of recommender training: trains on the ratings it is handed (transferred, not copied) and
// sends back the encoded model, so the CPU-heavy sweeps never block the server's event loop.
import { parentPort, workerData } from "node:worker_threads";
import { type AlsParams, trainAls } from "./als.js";
import { encodeModel } from "./model.js";

export interface TrainRequest {
  users: Int32Array;
  items: Int32Array;
  values: Float32Array;
  /** Kind of each entry (signals.ts); absent: all ratings. */
  kinds?: Uint8Array;
  params: AlsParams;
}

export type TrainMessage =
  | { type: "progress"; done: number; total: number }
  | { type: "done"; payload: string; members: number; movies: number; factors: number; noiseVar: number };

const port = parentPort;
if (port) {
  const request = workerData as TrainRequest;
  const trained = trainAls(request, request.params, (done, total) => {
    port.postMessage({ type: "progress", done, total } satisfies TrainMessage);
  });
  port.postMessage({
    type: "done",
    payload: encodeModel(trained),
    members: trained.userIds.length,
    movies: trained.itemIds.length,
    factors: trained.factors,
    noiseVar: trained.noiseVar,
  } satisfies TrainMessage);
}
