// npm run bench:imports -- [--ratings=5000] [--export=50000] [--films=6000]
// Issue #19's targets: importing `ratings` Letterboxd ratings (matching included, no network) takes < 10 s on SQLite
// and < 20 s on PostgreSQL while the app keeps answering reads at p99 ≤ 25 ms; exporting `export` ratings takes
// < 5 s with flat memory. Runs on a fresh SQLite file (var/bench-imports.db) and, when DATABASE_URL names a
// PostgreSQL database, again in its `bench_imports` schema. The real app (buildApp) answers through inject: the
// import's background job runs in the same process, as in production, while a reader asks for films every 5 ms.
// Writes its section of docs/performance.md (BENCH_REPORT=off for exploratory runs).
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
  const importStarted = performance.now();
  const accepted = await app.inject({
    method: "POST",
    url: "/api/users/me/imports?format=letterboxd",
    headers: { ...importer.headers, "content-type": "text/csv" },
    payload: csv,
  });
  if (accepted.statusCode !== 202) throw new Error(`import refused: ${accepted.body}`);
  await services.imports.idle();
  const importSeconds = (performance.now() - importStarted) / 1000;
  reading = false;
  await reader;
  const job = (
    await app.inject({ method: "GET", url: `/api/users/me/imports/${accepted.json().id}`, headers: importer.headers })
  ).json<ImportJob>();
  if (job.status !== "done" || job.created !== RATINGS) throw new Error(`import ended ${JSON.stringify(job)}`);

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
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const timed = async (format: "json" | "csv") => {
    const started = performance.now();
    const res = await app.inject({
      method: "GET",
      url: `/api/users/me/export?format=${format}`,
      headers: exporter.headers,
    });
    if (res.statusCode !== 200) throw new Error(`export failed: ${res.statusCode}`);
    return { seconds: (performance.now() - started) / 1000, bytes: res.rawPayload.length };
  };
  const json = await timed("json");
  const zip = await timed("csv");
  clearInterval(sampler);

  await app.close();
  await database.close();
  return {
    database: target.dialect === "sqlite" ? "SQLite" : "PostgreSQL",
    "import ratings": RATINGS,
    "import s": round(importSeconds, 2),
    "reads during import": readTimes.length,
    "read p99 ms": round(percentile(readTimes, 99)),
    "export ratings": EXPORTED,
    "JSON export s": round(json.seconds, 2),
    "CSV export s": round(zip.seconds, 2),
    "export MB": round(json.bytes / 1048576),
    // inject buffers the whole answer, so this includes the answer itself; the server's own batches stay small.
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
  `Targets (issue #19): ${RATINGS === 5000 ? "" : "(this run used other sizes) "}5,000 Letterboxd ratings imported in
< 10 s on SQLite and < 20 s on PostgreSQL (matching included, no network) with reads at p99 ≤ 25 ms meanwhile;
50,000 ratings exported in < 5 s. Reads are \`GET /api/movies/{id}\` every 5 ms through the same app while the
import's job runs in-process.

${markdownTable(results as unknown as Array<Record<string, string | number>>)}`,
  loadBefore,
);
