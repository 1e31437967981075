// Retention (issue #21): notifications untouched for NOTIFICATION_RETENTION_DAYS (90) and expired stream tickets are
// deleted hourly by whichever instance holds the `notifications-cleanup` lease (jobs/leased-job.ts).
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { type JobLogger, type RunningJob, startLeasedJob } from "../../jobs/leased-job.js";
import { type Clock, toTimestamp } from "../../lib/time.js";
import { deleteExpired } from "./repository.js";

const INTERVAL_S = 3600;

/** Deletes what retention no longer keeps at `now`; the number of notifications deleted. */
export function cleanupNotifications(db: Kysely<Database>, now: Date, retentionDays: number): Promise<number> {
  const before = toTimestamp(new Date(now.getTime() - retentionDays * 86_400_000));
  return deleteExpired(db, before, toTimestamp(now));
}

export function startNotificationsCleanupJob(deps: {
  db: Kysely<Database>;
  clock: Clock;
  retentionDays: number;
  log: JobLogger;
}): RunningJob {
  const { db, retentionDays, log } = deps;
  return startLeasedJob({
    ...deps,
    lease: "notifications-cleanup",
    intervalMs: INTERVAL_S * 1000,
    leaseTtlS: INTERVAL_S + 60,
    work: async ({ now }) => {
      const deleted = await cleanupNotifications(db, now, retentionDays);
      if (deleted > 0) log.info({ deleted }, "old notifications deleted");
    },
  });
}
