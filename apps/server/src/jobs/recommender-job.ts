// The recommender's schedule: a run at start-up when there is no current model or ratings changed since it, then
// whenever RECOMMENDER_RETRAIN_MIN_NEW_RATINGS rating changes have accumulated and RECOMMENDER_RETRAIN_MIN_INTERVAL_S
// has passed. With several instances a lease in job_leases lets one of them train.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { Database } from "../db/types.js";
import { fromTimestamp } from "../lib/time.js";
import { MODEL_FORMAT, MODEL_REVISION, payloadFormat, payloadRevision } from "../modules/recommend/model.js";
import { countReviewChangesSince, latestModelHeader } from "../modules/recommend/repository.js";
import { acquireLease, type JobLogger, releaseLease, type RunningJob } from "./hot-ranking.js";
import { trainRecommender, type TrainingDeps } from "./recommender-training.js";

const LEASE = "recommender-training";
/** Long enough for a 2M-rating run; a crashed holder's lease simply expires. */
const LEASE_TTL_S = 3600;

export type RetrainReason = "no-model" | "format" | "changes" | null;

/**
 * Whether a run is due. At start-up any change since the stored model counts; later, at least `minNew` changes
 * (created or updated review rows; deletions are picked up by the next run) and `intervalS` since the last run.
 */
export async function retrainReason(
  db: Kysely<Database>,
  now: Date,
  rules: { minNew: number; intervalS: number; startup: boolean },
): Promise<RetrainReason> {
  const latest = await latestModelHeader(db);
  if (!latest) return "no-model";
  // Another format, or a model trained by an older method (a newer one is left alone: that code will replace it).
  if (payloadFormat(latest.head) !== MODEL_FORMAT || payloadRevision(latest.head) < MODEL_REVISION) return "format";
  const changes = await countReviewChangesSince(db, latest.trained_at);
  if (rules.startup) return changes > 0 ? "changes" : null;
  const elapsed = (now.getTime() - fromTimestamp(latest.trained_at).getTime()) / 1000;
  return elapsed >= rules.intervalS && changes >= Math.max(1, rules.minNew) ? "changes" : null;
}

export function startRecommenderTrainingJob(deps: TrainingDeps & { config: Config; log: JobLogger }): RunningJob {
  const { db, clock, config, log } = deps;
  const holder = randomBytes(8).toString("hex");
  const rules = {
    minNew: config.recommender.retrainMinNewRatings,
    intervalS: config.recommender.retrainMinIntervalS,
  };
  let inFlight: Promise<void> | null = null;
  let stopped = false;
  const shutdown = new AbortController();

  const run = (startup: boolean): Promise<void> => {
    if (stopped) return Promise.resolve();
    inFlight ??= (async () => {
      try {
        const reason = await retrainReason(db, clock.now(), { ...rules, startup });
        if (!reason || !(await acquireLease(db, LEASE, holder, clock.now(), LEASE_TTL_S))) return;
        try {
          // Another instance may have trained while we waited for the lease.
          if (!(await retrainReason(db, clock.now(), { ...rules, startup }))) return;
          const result = await trainRecommender(deps, { signal: shutdown.signal });
          log.info({ reason, ...result, seconds: Math.round(result.seconds * 10) / 10 }, "recommender model trained");
        } finally {
          await releaseLease(db, LEASE, holder);
        }
      } catch (error) {
        if (!stopped) log.error({ err: error }, "recommender training failed");
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };

  // Check often enough to honour short intervals, rarely enough to cost nothing (one indexed count).
  const checkMs = Math.min(60, Math.max(5, rules.intervalS / 4)) * 1000;
  const timer = setInterval(() => void run(false), checkMs);
  timer.unref();
  const firstRun = run(true);
  return {
    firstRun,
    async stop() {
      stopped = true;
      clearInterval(timer);
      shutdown.abort();
      await inFlight;
    },
  };
}
