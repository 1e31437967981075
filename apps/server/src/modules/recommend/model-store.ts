// The model this instance serves. Every instance polls the id of the newest stored model (one indexed MAX, at
// most every POLL_MS) and swaps a newer one in by replacing one reference once it is fully decoded: requests in
// flight keep the model they started with, later ones get the new one. A training run in this process announces
// its model, so the next request here loads it without waiting for the poll.
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { decodeModel, type ServedModel } from "./model.js";
import { findModel, latestModelId } from "./repository.js";

export const POLL_MS = 30_000;

let announced = 0;

/** Tells every store in this process that a new model was stored. */
export function announceNewModel(): void {
  announced++;
}

export function createModelStore(db: Kysely<Database>, onError: (error: unknown) => void = () => undefined) {
  let model: ServedModel | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let seen = -1;
  let checking: Promise<void> | null = null;

  function check(): Promise<void> {
    checking ??= (async () => {
      const generation = announced;
      try {
        const latest = await latestModelId(db);
        if (latest !== null && latest !== model?.id) {
          const row = await findModel(db, latest);
          if (row) model = decodeModel(row);
        }
        seen = generation;
      } catch (error) {
        onError(error);
      } finally {
        checkedAt = performance.now();
        checking = null;
      }
    })();
    return checking;
  }

  return {
    /**
     * The served model (null before the first training). Without one yet, waits for a look in the database;
     * otherwise a due poll or an announced model is loaded in the background while this request keeps the
     * current one (decoding a 100,000-movie model takes tens of milliseconds).
     */
    async current(): Promise<ServedModel | null> {
      const due = seen !== announced || performance.now() - checkedAt >= POLL_MS;
      if (model === null && due) await check();
      else if (due) void check();
      return model;
    },
    /** Looks for a newer model now. */
    refresh: check,
  };
}

export type ModelStore = ReturnType<typeof createModelStore>;
