// npm run catalog:sync -- --popular N | --ids 496243,… | --changes [--force]   (docs/catalog-sync.md)
import { ImportError } from "./catalog/parse.js";
import { progressBar, runCli } from "./catalog/run.js";
import { runCatalogSync, type SyncRequest, TmdbClient } from "../modules/catalog-sync/index.js";
import { systemClock } from "../lib/time.js";

const USAGE = "usage: npm run catalog:sync -- --popular N | --ids 496243,… | --changes [--force]";

function parseRequest(args: string[]): { request: SyncRequest; force: boolean } {
  const force = args.includes("--force");
  const rest = args.filter((a) => a !== "--force");
  const [flag, value, ...extra] = rest;
  if (extra.length) throw new ImportError(`usage: unexpected '${extra.join(" ")}'`);
  if (flag === "--popular" && value && /^[0-9]{1,6}$/.test(value) && Number(value) > 0) {
    return { request: { kind: "popular", count: Number(value) }, force };
  }
  if (flag === "--ids" && value && /^[0-9]+(,[0-9]+)*$/.test(value)) {
    return { request: { kind: "ids", ids: value.split(",").map(Number) }, force };
  }
  if (flag === "--changes" && value === undefined) return { request: { kind: "changes" }, force };
  throw new ImportError("usage: choose one of --popular N, --ids 1,2,3 or --changes");
}

await runCli(USAGE, async (database, args, config) => {
  const { request, force } = parseRequest(args);
  if (!config.catalog.tmdb) throw new ImportError("TMDB_API_KEY is not set (see docs/catalog-sync.md)");
  const tmdb = new TmdbClient(config.catalog.tmdb);
  const controller = new AbortController();
  const interrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    console.error("\nstopping after the films in flight (Ctrl-C again to quit now); run the same command to resume");
    controller.abort();
  };
  process.on("SIGINT", interrupt);
  process.on("SIGTERM", interrupt);
  const bar = progressBar("films ");
  const peopleBar = progressBar("people");
  let summary;
  try {
    summary = await runCatalogSync({ db: database.db, tmdb, clock: systemClock }, request, {
      force,
      onProgress: bar.update,
      onPeopleProgress: (done, total) => {
        bar.stop();
        peopleBar.update(done, total);
      },
      signal: controller.signal,
    });
  } finally {
    bar.stop();
    peopleBar.stop();
  }
  if (summary.resumed) console.log(`resumed run ${summary.runId}: ${summary.alreadyDone} films were already done`);
  for (const failure of summary.failed) console.error(`skipped TMDB ${failure.tmdb_id}: ${failure.error}`);
  if (summary.unknownGenres.length) {
    console.error(
      `TMDB genres missing from the catalog's vocabulary (stored under TMDB's name; add them to vocabulary.ts): ` +
        summary.unknownGenres.join(", "),
    );
  }
  const synced = summary.inserted + summary.updated + summary.linked;
  console.log(
    `films: ${summary.inserted} inserted, ${summary.updated} updated, ${summary.linked} linked to the catalog, ` +
      `${summary.failed.length} failed, of ${summary.total}` +
      ` (${tmdb.http.stats.requests} requests, ${tmdb.http.stats.retries} retries)`,
  );
  console.log(
    `people: ${summary.peopleNamed} named in Hangul where TMDB knows it` +
      (summary.peopleFailed ? `, ${summary.peopleFailed} lookups failed (tried again next run)` : ""),
  );
  if (summary.interrupted) {
    console.log("interrupted: run the same command again to resume");
    process.exitCode = 130;
  } else if (summary.total === 0 && request.kind !== "changes") {
    console.error("TMDB returned no films: nothing was synced");
    process.exitCode = 1;
  } else if (summary.total > 0 && synced + summary.alreadyDone === 0) {
    console.error("nothing could be synced");
    process.exitCode = 1;
  }
});
