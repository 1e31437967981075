// npm run charts:sync -- box_office [--date YYYYMMDD] | netflix | watcha_buying   (docs/catalog-sync.md)
import { ImportError } from "./catalog/parse.js";
import { runCli } from "./catalog/run.js";
import { KobisClient, REAL_CHARTS, type RealChart, syncChart, TmdbClient } from "../modules/catalog-sync/index.js";
import { systemClock } from "../lib/time.js";

const USAGE = "usage: npm run charts:sync -- box_office [--date YYYYMMDD] | netflix | watcha_buying";

await runCli(USAGE, async (database, args, config) => {
  const [chart, flag, date, ...extra] = args;
  if (!chart || !(REAL_CHARTS as readonly string[]).includes(chart)) {
    throw new ImportError(`usage: the chart must be one of ${REAL_CHARTS.join(", ")}`);
  }
  if (extra.length || (flag !== undefined && (flag !== "--date" || chart !== "box_office"))) {
    throw new ImportError("usage: only box_office takes --date YYYYMMDD");
  }
  if (flag === "--date" && !/^[0-9]{8}$/.test(date ?? "")) throw new ImportError("usage: --date takes YYYYMMDD");
  if (chart === "box_office" && !config.catalog.kobis) {
    throw new ImportError("KOBIS_API_KEY is not set (see docs/catalog-sync.md)");
  }
  if (chart !== "box_office" && !config.catalog.tmdb) {
    throw new ImportError("TMDB_API_KEY is not set (see docs/catalog-sync.md)");
  }
  const summary = await syncChart(
    {
      db: database.db,
      clock: systemClock,
      tmdb: config.catalog.tmdb ? new TmdbClient(config.catalog.tmdb) : undefined,
      kobis: config.catalog.kobis ? new KobisClient(config.catalog.kobis) : undefined,
    },
    chart as RealChart,
    date,
  );
  for (const missing of summary.unmatched) console.error(`left out: ${missing}`);
  if (summary.unknownGenres) {
    console.error(`TMDB genres missing from the catalog's vocabulary: ${summary.unknownGenres.join(", ")}`);
  }
  console.log(
    `${summary.chart}${summary.date ? ` of ${summary.date}` : ""}: ${summary.entries} films ranked, ` +
      `${summary.created} fetched from TMDB, ${summary.unmatched.length} left out`,
  );
  if (summary.entries === 0) process.exitCode = 1;
});
