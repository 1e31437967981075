// npm run bench:imports -- [--ratings=5000] [--export=50000] [--films=6000] [--parse-mb=10]
// Issue #19's targets: importing `ratings` Letterboxd ratings (matching included, no network) takes < 10 s on SQLite
// and < 20 s on PostgreSQL while the app keeps answering reads at p99 ≤ 25 ms; reading a 10 MB file keeps reads at
// p99 ≤ 25 ms too; exporting `export` ratings takes < 5 s with flat memory. Runs on a fresh SQLite file
// (var/bench-imports.db) and, when DATABASE_URL names a PostgreSQL database, again in its `bench_imports` schema.
// The real app (buildApp) answers reads through inject: the import's background job runs in the same process, as in
// production, while a reader asks for films every 5 ms. The export is downloaded over a loopback socket and counted,
// not kept, as a browser would save it: the RSS growth is the server's own, not the answer held in memory.
// Writes its section of docs/performance.md (BENCH_REPORT=off for exploratory runs).
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { ImportJob } from "@moviepedia/contract";
import { sql } from "kysely";
import { buildApp, createServices } from "../../apps/server/src/app.js";
import { loadConfig, REPO_ROOT } from "../../apps/server/src/config.js";
import { migrateToLatest } from "../../apps/server/src/db/migrate.js";
import { toTimestamp } from "../../apps/server/src/lib/time.js";
import { insertUser } from "../../apps/server/src/modules/users/repository.js";
import { type BenchTarget, flag, openTarget, resetTarget } from "../shared/database.js";
import { markdownTable, writeReport } from "../shared/report.js";

const RATINGS = Number(flag("ratings") ?? 5_000);
const EXPORTED = Number(flag("export") ?? 50_000);
const PARSE_MB = Number(flag("parse-mb") ?? 10);
const FILMS = Math.max(Number(flag("films") ?? 0), RATINGS, EXPORTED);

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

interface Result {
  database: string;
  "import ratings": number;
  "import s": number;
  "reads during import": number;
  "read p99 ms": number;
  "10 MB file s": number;
  "read p99 ms (10 MB)": number;
  "export ratings": number;
  "JSON export s": number;
  "CSV export s": number;
  "export MB": number;
  "RSS growth MB": number;
}

async function run(target: BenchTarget): Promise<Result> {
  await resetTarget(target);
  const database = openTarget(target, 10);
  await migrateToLatest(database.db, target.dialect === "postgres" ? { schema: target.schema } : {});
  const config = loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: target.dialect === "sqlite" ? `sqlite:${target.file}` : target.url,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-01",
    RATE_LIMIT_IP_PER_MIN: "0",
    RATE_LIMIT_CREATES_PER_MIN: "0",
    MEDIA_DIR: path.join(os.tmpdir(), "moviepedia-bench-imports-media"),
  } as NodeJS.ProcessEnv);
  const services = createServices({ config, database, logError: (error, message) => console.error(message, error) });
  const app = await buildApp({ config, database, services, logger: false });
  await app.ready();
  const now = toTimestamp(new Date());

  // The catalogue: films with English original titles, as a Letterboxd export names them.
  for (let start = 0; start < FILMS; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(FILMS, start + 500); i++) {
      rows.push({
        key: `bench-import-${i}`,
        title: `가져오기 영화 ${i}`,
        original_title: `Imported Film ${i}`,
        english_title: null,
        year: 1950 + (i % 70),
        synopsis: "",
        created_at: now,
      });
    }
    await database.db.insertInto("movies").values(rows).execute();
  }
  // Statistics as autovacuum's analyze leaves them soon after a bulk write (as before the export below): without
  // them PostgreSQL guesses thousands of films per title list and reads the whole catalogue for every batch's titles.
  if (target.dialect === "postgres") await sql`analyze`.execute(database.db);
  const filmIds = (await database.db.selectFrom("movies").select("id").orderBy("id").execute()).map((r) => r.id);
  const member = async (name: string) => {
    const user = await insertUser(database.db, {
      username: name,
      username_lower: name,
      login_id: `${name}_login`,
      login_id_lower: `${name}_login`,
      password_hash: null,
      login_type: "local",
      profile_url: null,
      status_message: null,
      created_at: now,
    });
    const session = await services.auth.startSession(user.id);
    return { id: user.id, headers: { authorization: `Bearer ${session.access_token}` } };
  };

  // Import: a Letterboxd ratings.csv of RATINGS lines, while a reader asks for films every 5 ms.
  const importer = await member("bench_importer");
  const csv = [
    "Date,Name,Year,Letterboxd URI,Rating",
    ...Array.from(
      { length: RATINGS },
      (_, i) => `2024-01-01,Imported Film ${i},${1950 + (i % 70)},https://boxd.it/${i},${((i % 10) + 1) / 2}`,
    ),
  ].join("\n");
  // Warm-up: the first reads compile the route and fill the caches.
  for (let i = 0; i < 50; i++) await app.inject({ method: "GET", url: `/api/movies/${filmIds[i % filmIds.length]}` });
  /** Uploads a file and waits for its job while a reader asks for a film every 5 ms: seconds, read times, job. */
  const importWithReads = async (query: string, payload: Buffer) => {
    const readTimes: number[] = [];
    let reading = true;
    const reader = (async () => {
      let i = 0;
      while (reading) {
        // Timed from when the read was due, so time the event loop spent busy elsewhere (the import) counts too.
        const due = performance.now() + 5;
        await new Promise((resolve) => setTimeout(resolve, 5));
        await app.inject({ method: "GET", url: `/api/movies/${filmIds[i++ % filmIds.length]}` });
        readTimes.push(performance.now() - due);
      }
    })();
    const started = performance.now();
    const accepted = await app.inject({
      method: "POST",
      url: `/api/users/me/imports?${query}`,
      headers: { ...importer.headers, "content-type": "text/csv" },
      payload,
    });
    if (accepted.statusCode !== 202) throw new Error(`import refused: ${accepted.body}`);
    await services.imports.idle();
    const seconds = (performance.now() - started) / 1000;
    reading = false;
    await reader;
    const job = (
      await app.inject({ method: "GET", url: `/api/users/me/imports/${accepted.json().id}`, headers: importer.headers })
    ).json<ImportJob>();
    return { seconds, readTimes, job };
  };
  const imported = await importWithReads("format=letterboxd", Buffer.from(csv));
  if (imported.job.status !== "done" || imported.job.created !== RATINGS) {
    throw new Error(`import ended ${JSON.stringify(imported.job)}`);
  }

  // A 10 MB file read while reads go on: Letterboxd's watched.csv, whose lines change nothing (no rating), so the
  // time is reading the file, not writing reviews.
  const watchedLines = ["Date,Name,Year,Letterboxd URI"];
  let watchedBytes = watchedLines[0]!.length;
  for (let i = 0; watchedBytes < PARSE_MB * 1_000_000 - 200; i++) {
    const line = `2024-01-01,"본 영화, ${i}번째 — Watched Film ${i}",${1950 + (i % 70)},https://boxd.it/w${i}`;
    watchedLines.push(line);
    watchedBytes += Buffer.byteLength(line) + 1;
  }
  // Encoded before the reads start: an upload arrives as bytes (inject would encode a string in the same process).
  const parsed = await importWithReads("format=letterboxd&name=watched.csv", Buffer.from(watchedLines.join("\n")));
  if (parsed.job.status !== "done" || parsed.job.skipped !== watchedLines.length - 1) {
    throw new Error(`reading the ${PARSE_MB} MB file ended ${JSON.stringify({ ...parsed.job, unmatched: [] })}`);
  }

  // Export: EXPORTED ratings of one member (written in bulk: the export reads them, counters do not matter here).
  const exporter = await member("bench_exporter");
  for (let start = 0; start < EXPORTED; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(EXPORTED, start + 500); i++) {
      rows.push({
        movie_id: filmIds[i]!,
        user_id: exporter.id,
        content: i % 10 === 0 ? `벤치 코멘트 ${i}, "따옴표"\n둘째 줄` : "",
        rating: ((i % 10) + 1) / 2,
        status: "",
        spoiler: 0,
        created_at: now,
        updated_at: now,
      });
    }
    await database.db.insertInto("reviews").values(rows).execute();
  }
  // Statistics as autovacuum's analyze leaves them soon after a bulk write: without them PostgreSQL estimates this
  // member's 50,000 rows at ~50 and sorts them all for every page of the export instead of walking reviews_user.
  if (target.dialect === "postgres") await sql`analyze`.execute(database.db);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as { port: number };
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const timed = (format: "json" | "csv") =>
    new Promise<{ seconds: number; bytes: number }>((resolve, reject) => {
      const started = performance.now();
      const path = `/api/users/me/export?format=${format}`;
      http
        .get({ host: "127.0.0.1", port, path, headers: exporter.headers }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`export failed: ${res.statusCode}`));
          let bytes = 0;
          res.on("data", (chunk: Buffer) => (bytes += chunk.length));
          res.on("end", () => resolve({ seconds: (performance.now() - started) / 1000, bytes }));
          res.on("error", reject);
        })
        .on("error", reject);
    });
  const json = await timed("json");
  const zip = await timed("csv");
  clearInterval(sampler);

  await app.close();
  await database.close();
  return {
    database: target.dialect === "sqlite" ? "SQLite" : "PostgreSQL",
    "import ratings": RATINGS,
    "import s": round(imported.seconds, 2),
    "reads during import": imported.readTimes.length,
    "read p99 ms": round(percentile(imported.readTimes, 99)),
    "10 MB file s": round(parsed.seconds, 2),
    "read p99 ms (10 MB)": round(percentile(parsed.readTimes, 99)),
    "export ratings": EXPORTED,
    "JSON export s": round(json.seconds, 2),
    "CSV export s": round(zip.seconds, 2),
    "export MB": round(json.bytes / 1048576),
    // Peak during both downloads, over the RSS before them (the downloads are counted, not kept).
    "RSS growth MB": round((rssPeak - rssBefore) / 1048576),
  };
}

const targets: BenchTarget[] = [
  { label: "SQLite", dialect: "sqlite", file: path.join(REPO_ROOT, "var/bench-imports.db"), schema: "main" },
];
const url = process.env.DATABASE_URL?.trim();
if (url && /^postgres(ql)?:\/\//.test(url)) {
  targets.push({ label: "PostgreSQL", dialect: "postgres", url, schema: flag("schema") ?? "bench_imports" });
}
const loadBefore = os.loadavg()[0]!.toFixed(2);
const results: Result[] = [];
for (const target of targets) {
  console.log(`${target.label}: importing ${RATINGS} ratings, exporting ${EXPORTED}…`);
  const result = await run(target);
  console.log(result);
  results.push(result);
}
writeReport(
  "imports",
  "Imports and exports",
  `Targets (issue #19): ${RATINGS === 5000 && PARSE_MB === 10 ? "" : "(this run used other sizes) "}5,000 Letterboxd ratings imported in
< 10 s on SQLite and < 20 s on PostgreSQL (matching included, no network) with reads at p99 ≤ 25 ms meanwhile;
a 10 MB file read with reads at p99 ≤ 25 ms meanwhile (Letterboxd's \`watched.csv\`, whose lines change nothing);
50,000 ratings exported in < 5 s with flat memory. Reads are \`GET /api/movies/{id}\` every 5 ms through the same
app while the import's job runs in-process. The exports (JSON, then CSV) are downloaded over a loopback socket and
counted, not kept; RSS growth is the peak during both over the RSS before them.

${markdownTable(results as unknown as Array<Record<string, string | number>>)}`,
  loadBefore,
);
