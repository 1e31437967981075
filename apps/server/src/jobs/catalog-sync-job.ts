// Real films in the background (docs/catalog-sync.md), only when TMDB_API_KEY and/or KOBIS_API_KEY are set:
// - CATALOG_SYNC_ON_START: a catalog holding only the seed gets the N most popular films in Korea, once (resumed
//   after a restart until it finished);
// - every day: TMDB's changes to our films, the streaming (netflix) and purchase (watcha_buying) charts, and after
//   08:00 KST the KOBIS box office of the day before;
// - last, the Hangul names of the people those runs added (one /person request each; a 10,000-film fill adds ~30,000):
//   the runs write their films with the credits' spellings and finish, so the charts do not wait behind the names.
//   The pass resumes from the database's state at the first check after a restart and after every run that wrote
//   films.
// A check every CHECK_INTERVAL; one instance at a time holds the "catalog-sync" lease; each daily task records its
// KST day in app_state when it succeeded, so a failure is retried at the next check.
import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { Database } from "../db/types.js";
import type { Clock } from "../lib/time.js";
import {
  KobisClient,
  namePendingPeople,
  onStartSyncDone,
  runCatalogSync,
  syncChart,
  TmdbClient,
  type HttpClientOptions,
} from "../modules/catalog-sync/index.js";
import { type JobLogger, type JobRun, type RunningJob, startLeasedJob } from "./leased-job.js";

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
  // People written under their credit names may be waiting (a pass cut short by a restart): looked up at the first check.
  let peoplePending = true;

  const unknownGenres = (genres: string[] | undefined) => {
    if (genres?.length) log.info({ genres }, "TMDB genres missing from the catalog's vocabulary (vocabulary.ts)");
  };

  const task = async (run: JobRun, name: string, day: string, work: () => Promise<object>) => {
    if (run.signal.aborted || (await doneOn(db, name)) === day) return;
    try {
      const result = await work();
      await markDone(db, name, day);
      log.info({ task: name, ...result }, "catalog sync task done");
    } catch (error) {
      log.error({ err: error, task: name }, "catalog sync task failed");
    }
    await run.renew();
  };

  async function check(run: JobRun): Promise<void> {
    const { signal } = run;
    const { day, hour } = kstDay(run.now);
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
          { signal, namePeople: false },
        );
        peoplePending = true;
        log.info({ ...summary, failed: summary.failed.length }, "catalog filled from TMDB");
        unknownGenres(summary.unknownGenres);
      }
    }
    if (tmdb) {
      await task(run, "changes", day, async () => {
        const { failed, ...summary } = await runCatalogSync(
          { db, tmdb, clock },
          { kind: "changes" },
          { signal, namePeople: false },
        );
        peoplePending = true;
        unknownGenres(summary.unknownGenres);
        return { ...summary, failed: failed.length };
      });
      for (const chart of ["netflix", "watcha_buying"] as const) {
        await task(run, chart, day, async () => {
          const summary = await syncChart({ db, clock, tmdb, kobis }, chart);
          unknownGenres(summary.unknownGenres);
          return summary;
        });
      }
    }
    if (kobis && hour >= BOX_OFFICE_HOUR_KST) {
      await task(run, "box_office", day, () => syncChart({ db, clock, tmdb, kobis }, "box_office"));
    }
    if (tmdb && peoplePending && !signal.aborted) {
      const people = await namePendingPeople({ db, tmdb, clock }, { signal });
      // Failed lookups stay pending for the next run that writes films (not every 10 minutes).
      peoplePending = people.interrupted;
      if (people.named || people.failed) log.info({ ...people }, "people named in Hangul");
    }
  }

  return startLeasedJob({
    db,
    clock,
    log,
    lease: "catalog-sync",
    intervalMs: deps.intervalMs ?? CHECK_INTERVAL_MS,
    leaseTtlS: LEASE_TTL_S,
    // After the boot's own work (seed, index, first HOT ranking): the server answers while films arrive.
    deferFirstRun: true,
    work: (run) => check(run),
  });
}
