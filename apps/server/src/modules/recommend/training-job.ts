// The recommender's schedule: a run at start-up when there is no current model or ratings changed since it, then
// whenever RECOMMENDER_RETRAIN_MIN_NEW_RATINGS rating changes have accumulated and RECOMMENDER_RETRAIN_MIN_INTERVAL_S
// has passed; a leased job (jobs/leased-job.ts), so with several instances one of them trains.
import type { Kysely } from "kysely";
import type { Config } from "../../config.js";
import type { Database } from "../../db/types.js";
import { fromTimestamp } from "../../lib/time.js";
import { MODEL_FORMAT, MODEL_REVISION, payloadFormat, payloadRevision } from "./model.js";
import { countReviewChangesSince, latestModelHeader } from "./repository.js";
import { type JobLogger, type RunningJob, startLeasedJob } from "../../jobs/leased-job.js";
import { trainRecommender, type TrainingDeps } from "./training.js";

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
  const { db, config, log } = deps;
  const rules = {
    minNew: config.recommender.retrainMinNewRatings,
    intervalS: config.recommender.retrainMinIntervalS,
  };
  return startLeasedJob({
    ...deps,
    lease: "recommender-training",
    // Check often enough to honour short intervals, rarely enough to cost nothing (one indexed count).
    intervalMs: Math.min(60, Math.max(5, rules.intervalS / 4)) * 1000,
    leaseTtlS: LEASE_TTL_S,
    releaseAfterRun: true,
    due: async ({ now, first }) => (await retrainReason(db, now, { ...rules, startup: first })) !== null,
    work: async ({ now, first, signal }) => {
      // Another instance may have trained while we waited for the lease.
      const reason = await retrainReason(db, now, { ...rules, startup: first });
      if (!reason) return;
      const result = await trainRecommender(deps, { signal });
      log.info({ reason, ...result, seconds: Math.round(result.seconds * 10) / 10 }, "recommender model trained");
    },
  });
}
