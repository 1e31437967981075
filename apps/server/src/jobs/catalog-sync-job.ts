// Real films in the background (docs/catalog-sync.md), only when TMDB_API_KEY and/or KOBIS_API_KEY are set:
// - CATALOG_SYNC_ON_START: a catalog holding only the seed gets the N most popular films in Korea, once (resumed
//   after a restart until it finished);
// - every day: TMDB's changes to our films, the streaming (netflix) and purchase (watcha_buying) charts, and after
//   08:00 KST the KOBIS box office of the day before.
// A check every CHECK_INTERVAL; one instance at a time holds the "catalog-sync" lease; each daily task records its
// KST day in app_state when it succeeded, so a failure is retried at the next check.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { Database } from "../db/types.js";
import type { Clock } from "../lib/time.js";
import {
  KobisClient,
  onStartSyncDone,
  runCatalogSync,
  syncChart,
  TmdbClient,
  type HttpClientOptions,
} from "../modules/catalog-sync/index.js";
import { acquireLease, type JobLogger, releaseLease, type RunningJob } from "./hot-ranking.js";

const LEASE = "catalog-sync";
const LEASE_TTL_S = 3600;
const CHECK_INTERVAL_MS = 10 * 60_000;
const BOX_OFFICE_HOUR_KST = 8;

/** The day in Korea (YYYY-MM-DD) and its hour. */
export function kstDay(now: Date): { day: string; hour: number } {
  const kst = new Date(now.getTime() + 9 * 3_600_000);
  return { day: kst.toISOString().slice(0, 10), hour: kst.getUTCHours() };
}

async function doneOn(db: Kysely<Database>, task: string): Promise<string | undefined> {
  const row = await db.selectFrom("app_state").select("value").where("key", "=", `job:${task}`).executeTakeFirst();
  return row?.value;
}

async function markDone(db: Kysely<Database>, task: string, day: string): Promise<void> {
  await db
    .insertInto("app_state")
    .values({ key: `job:${task}`, value: day })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: day }))
    .execute();
}

export interface CatalogJobDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
  log: JobLogger;
  /** Tests: a shorter check interval and client settings for the fakes. */
  intervalMs?: number;
  http?: Partial<HttpClientOptions>;
}

/** Undefined when no key is set: the demo path never starts a timer or touches the network. */
export function startCatalogSyncJob(deps: CatalogJobDeps): RunningJob | undefined {
  const { db, clock, config, log } = deps;
  const tmdb = config.catalog.tmdb ? new TmdbClient(config.catalog.tmdb, deps.http) : undefined;
  const kobis = config.catalog.kobis ? new KobisClient(config.catalog.kobis, deps.http) : undefined;
  if (!tmdb && !kobis) return undefined;
  const holder = randomBytes(8).toString("hex");
  const controller = new AbortController();
  let inFlight: Promise<void> | null = null;

  const task = async (name: string, day: string, work: () => Promise<object>) => {
    if (controller.signal.aborted || (await doneOn(db, name)) === day) return;
    try {
      const result = await work();
      await markDone(db, name, day);
      log.info({ task: name, ...result }, "catalog sync task done");
    } catch (error) {
      log.error({ err: error, task: name }, "catalog sync task failed");
    }
    await acquireLease(db, LEASE, holder, clock.now(), LEASE_TTL_S);
  };

  const check = async () => {
    if (!(await acquireLease(db, LEASE, holder, clock.now(), LEASE_TTL_S))) return;
    const { day, hour } = kstDay(clock.now());
    if (tmdb && config.catalog.syncOnStart > 0 && !(await onStartSyncDone(db))) {
      const linked = await db.selectFrom("movies").select("id").where("tmdb_id", "is not", null).limit(1).execute();
      const resuming = await db
        .selectFrom("catalog_sync_runs")
        .select("id")
        .where("kind", "=", "on_start")
        .executeTakeFirst();
      if (linked.length === 0 || resuming) {
        const summary = await runCatalogSync(
          { db, tmdb, clock },
          { kind: "on_start", count: config.catalog.syncOnStart },
          { signal: controller.signal },
        );
        log.info({ ...summary, failed: summary.failed.length }, "catalog filled from TMDB");
      }
    }
    if (tmdb) {
      await task("changes", day, async () => {
        const { failed, ...summary } = await runCatalogSync(
          { db, tmdb, clock },
          { kind: "changes" },
          {
            signal: controller.signal,
          },
        );
        return { ...summary, failed: failed.length };
      });
      await task("netflix", day, () => syncChart({ db, clock, tmdb, kobis }, "netflix"));
      await task("watcha_buying", day, () => syncChart({ db, clock, tmdb, kobis }, "watcha_buying"));
    }
    if (kobis && hour >= BOX_OFFICE_HOUR_KST) {
      await task("box_office", day, () => syncChart({ db, clock, tmdb, kobis }, "box_office"));
    }
  };

  const run = (): Promise<void> => {
    if (controller.signal.aborted) return Promise.resolve();
    inFlight ??= check()
      .catch((error: unknown) => log.error({ err: error }, "catalog sync check failed"))
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const timer = setInterval(() => void run(), deps.intervalMs ?? CHECK_INTERVAL_MS);
  timer.unref();
  // After the boot's own work (seed, index, first HOT ranking): the server answers while films arrive.
  const firstRun = new Promise<void>((resolve) => setImmediate(() => void run().then(resolve)));
  return {
    firstRun,
    async stop() {
      controller.abort();
      clearInterval(timer);
      await firstRun.catch(() => undefined);
      await inFlight;
      await releaseLease(db, LEASE, holder).catch(() => undefined);
    },
  };
}
