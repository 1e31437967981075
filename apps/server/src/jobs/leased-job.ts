// The one shape of a periodic background job: a timer (unref'd), at most one run in flight, a lease in job_leases so
// that with several instances only one does the work, errors logged and never thrown, and a stop() that aborts the
// run's signal, waits for it and gives the lease back. The HOT ranking, the recommender's training, the notification
// cleanup and the catalog sync are all started through `startLeasedJob`.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/types.js";
import { type Clock, toTimestamp } from "../lib/time.js";

/** Takes or renews the lease `name` for `holder` until now + ttl; false while another live holder has it. */
export async function acquireLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  now: Date,
  ttlSeconds: number,
): Promise<boolean> {
  const nowText = toTimestamp(now);
  const expires_at = toTimestamp(new Date(now.getTime() + ttlSeconds * 1000));
  const row = await db
    .insertInto("job_leases")
    .values({ name, holder, expires_at })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet({ holder, expires_at })
        .where((eb) => eb.or([eb("job_leases.expires_at", "<", nowText), eb("job_leases.holder", "=", holder)])),
    )
    .returning("holder")
    .executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom("job_leases").where("name", "=", name).where("holder", "=", holder).execute();
}

export interface JobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunningJob {
  /** Settles when the run started with the job has finished. */
  firstRun: Promise<void>;
  /** Stops the timer, aborts and waits for a run in flight, and gives the lease back. */
  stop(): Promise<void>;
}

/** What a run is given. */
export interface JobRun {
  /** The clock's time when the run began. */
  now: Date;
  /** The run started with the job (start-up), not by the timer. */
  first: boolean;
  /** Aborted by stop(): a long run checks it between steps. */
  signal: AbortSignal;
  /** Extends the lease by its time to live from the clock's now (a long run calls it between steps). */
  renew(): Promise<boolean>;
}

export interface LeasedJobOptions {
  db: Kysely<Database>;
  clock: Clock;
  log: JobLogger;
  /** The lease's name in job_leases; also the job's name in log lines. */
  lease: string;
  intervalMs: number;
  leaseTtlS: number;
  /** Checked before the lease is taken, so a run that is not due costs no write (default: always due). */
  due?: (run: Pick<JobRun, "now" | "first">) => Promise<boolean>;
  /** Give the lease back after every run (a job that runs rarely), rather than keeping it until stop(). */
  releaseAfterRun?: boolean;
  /** The first run starts on the next turn of the event loop, after the boot's own work, instead of at once. */
  deferFirstRun?: boolean;
  work: (run: JobRun) => Promise<void>;
}

export function startLeasedJob(options: LeasedJobOptions): RunningJob {
  const { db, clock, log, lease, leaseTtlS } = options;
  const holder = randomBytes(8).toString("hex");
  const shutdown = new AbortController();
  let inFlight: Promise<void> | null = null;

  const once = async (first: boolean) => {
    const now = clock.now();
    if (options.due && !(await options.due({ now, first }))) return;
    if (!(await acquireLease(db, lease, holder, now, leaseTtlS))) return;
    try {
      const renew = () => acquireLease(db, lease, holder, clock.now(), leaseTtlS);
      await options.work({ now, first, signal: shutdown.signal, renew });
    } finally {
      if (options.releaseAfterRun) await releaseLease(db, lease, holder);
    }
  };

  const run = (first: boolean): Promise<void> => {
    if (shutdown.signal.aborted) return Promise.resolve();
    inFlight ??= once(first)
      .catch((error: unknown) => {
        if (!shutdown.signal.aborted) log.error({ err: error, job: lease }, `${lease} failed`);
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const timer = setInterval(() => void run(false), options.intervalMs);
  timer.unref();
  const firstRun = options.deferFirstRun
    ? new Promise<void>((resolve) => setImmediate(() => void run(true).then(resolve)))
    : run(true);
  return {
    firstRun,
    async stop() {
      shutdown.abort();
      clearInterval(timer);
      await firstRun;
      await inFlight;
      await releaseLease(db, lease, holder).catch(() => undefined);
    },
  };
}
