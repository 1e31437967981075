// Retention (issue #21): notifications untouched for NOTIFICATION_RETENTION_DAYS (90) and expired stream tickets are
// deleted hourly by whichever instance holds the `notifications-cleanup` lease (the job lease of jobs/hot-ranking.ts).
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { acquireLease, type JobLogger, releaseLease, type RunningJob } from "../../jobs/hot-ranking.js";
import { type Clock, toTimestamp } from "../../lib/time.js";
import { deleteExpired } from "./repository.js";

const LEASE = "notifications-cleanup";
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
  const { db, clock, retentionDays, log } = deps;
  const holder = randomBytes(8).toString("hex");
  let inFlight: Promise<void> | null = null;
  let stopped = false;
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    inFlight ??= (async () => {
      try {
        const now = clock.now();
        if (!(await acquireLease(db, LEASE, holder, now, INTERVAL_S + 60))) return;
        const deleted = await cleanupNotifications(db, now, retentionDays);
        if (deleted > 0) log.info({ deleted }, "old notifications deleted");
      } catch (error) {
        log.error({ err: error }, "notifications cleanup failed");
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };
  const timer = setInterval(() => void run(), INTERVAL_S * 1000);
  timer.unref();
  const firstRun = run();
  return {
    firstRun,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight;
      await releaseLease(db, LEASE, holder).catch(() => undefined);
    },
  };
}
