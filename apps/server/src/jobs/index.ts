// Background jobs of the server process: started after boot, stopped (and their leases released) when the app
// closes. Timers are unref()ed so they never keep the process alive by themselves.
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { Database } from "../db/types.js";
import type { Clock } from "../lib/time.js";
import { startCatalogSyncJob } from "./catalog-sync-job.js";
import { startTmdbImagesRefresh, TmdbClient } from "../modules/catalog-sync/index.js";
import { startHotRankingJob } from "./hot-ranking.js";
import { startNotificationsCleanupJob } from "../modules/notifications/index.js";
import { startRecommenderTrainingJob } from "../modules/recommend/index.js";

/**
 * Starts every job; resolves once their first runs are done (the HOT chart exists before the first request). A
 * READ_ONLY instance starts none of the jobs that write: the primary's instances run them (their results reach the
 * replica through replication; the recommender model is polled by the services, not by a job). Every instance with
 * TMDB_API_KEY reads TMDB's image configuration (not awaited: the defaults serve until it came).
 */
export async function startJobs(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; config: Config; clock: Clock },
): Promise<void> {
  if (deps.config.catalog.tmdb) {
    const images = startTmdbImagesRefresh({ tmdb: new TmdbClient(deps.config.catalog.tmdb), log: app.log });
    app.addHook("onClose", async () => images.stop());
  }
  if (deps.config.readOnly) return;
  const hot = startHotRankingJob({
    db: deps.db,
    clock: deps.clock,
    intervalSeconds: deps.config.hotRankingRefreshS,
    log: app.log,
  });
  app.addHook("onClose", async () => hot.stop());
  // Training may take a minute on a big catalogue: not awaited; until a model exists recommendations use the
  // cold-start ranking.
  const recommender = startRecommenderTrainingJob({
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    log: app.log,
  });
  app.addHook("onClose", async () => recommender.stop());
  // Real films (only with TMDB/KOBIS keys): not awaited, the site serves the seed while films arrive.
  const catalog = startCatalogSyncJob({ db: deps.db, clock: deps.clock, config: deps.config, log: app.log });
  if (catalog) app.addHook("onClose", async () => catalog.stop());
  const cleanup = startNotificationsCleanupJob({
    db: deps.db,
    clock: deps.clock,
    retentionDays: deps.config.notifications.retentionDays,
    log: app.log,
  });
  app.addHook("onClose", async () => cleanup.stop());
  await hot.firstRun;
}
