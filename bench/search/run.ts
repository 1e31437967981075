// `npm run bench:search [-- --requests=300 --window=10 --rebuild --cache --schema=bench]`: starts the real server on
// the bench:data database and drives GET /api/search over HTTP with the fixed query mix, one connection at a time
// (latency, not queueing), printing p50/p95/p99 per query type, ids only and with expand=true, and the search index
// build time. Besides wall latency it prints the server's CPU time per request, which stays meaningful when other
// programs load the machine. Every query repeats, so the search result cache is off (the figures are the engine's)
// unless --cache is given.
import { markdownTable, writeReport } from "../shared/report.js";
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { REPO_ROOT } from "../../apps/server/src/config.js";
import { rebuildSearchIndex } from "../../apps/server/src/modules/search/index.js";
import { BENCH_META_KEY, benchTarget, flag, openTarget } from "../shared/database.js";
import { buildQueries, QUERY_TYPES } from "./queries.js";

interface Row {
  type: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  "cpu p50": number;
  "cpu p95": number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (n: number) => Number(n.toFixed(1));
const sortedCopy = (values: number[]) => [...values].sort((a, b) => a - b);

interface Server {
  port: number;
  child: ChildProcess;
}

function startServer(): Promise<Server> {
  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), "server.ts"), process.argv.slice(2), {
    execArgv: ["--import", "tsx"],
    stdio: "inherit",
  });
  return new Promise((resolve, reject) => {
    child.once("message", (message: { port: number }) => resolve({ port: message.port, child }));
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** The server's CPU time per request since the last call. */
function serverCpu(server: Server): Promise<number[]> {
  return new Promise((resolve) => {
    server.child.once("message", (message: { cpuMs: number[] }) => resolve(message.cpuMs));
    server.child.send("cpu");
  });
}

function drive(port: number, paths: string[], requests: number): Promise<{ latencies: number[]; errors: number }> {
  let next = 0;
  const latencies: number[] = [];
  let errors = 0;
  return new Promise((resolve) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: 1,
        amount: requests,
        requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
      },
      () => resolve({ latencies, errors }),
    );
    instance.on("response", (_client, status, _bytes, time) => {
      latencies.push(time);
      if (status !== 200) errors++;
    });
  });
}

async function measure(server: Server, type: string, paths: string[], requests: number): Promise<Row> {
  await drive(server.port, paths, paths.length); // warm-up: every query once
  await serverCpu(server);
  const { latencies, errors } = await drive(server.port, paths, requests);
  const wall = sortedCopy(latencies);
  const cpu = sortedCopy(await serverCpu(server));
  return {
    type,
    requests: wall.length,
    p50: ms(percentile(wall, 50)),
    p95: ms(percentile(wall, 95)),
    p99: ms(percentile(wall, 99)),
    max: ms(wall[wall.length - 1] ?? 0),
    "cpu p50": ms(percentile(cpu, 50)),
    "cpu p95": ms(percentile(cpu, 95)),
    errors,
  };
}

async function main(): Promise<void> {
  const target = benchTarget();
  const requests = Number(flag("requests") ?? 300);
  const window = flag("window") ?? "10";
  const handle = openTarget(target, 2);
  const meta = await handle.db
    .selectFrom("app_state")
    .select("value")
    .where("key", "=", BENCH_META_KEY)
    .executeTakeFirst();
  if (!meta) throw new Error(`No benchmark data in ${target.label}: run npm run bench:data first.`);
  const info = JSON.parse(meta.value) as {
    scale: string;
    indexBuildMs: number;
    documents: number;
    counts: Record<string, number>;
  };
  let indexMs = info.indexBuildMs;
  if (process.argv.includes("--rebuild")) indexMs = (await rebuildSearchIndex(handle.db)).milliseconds;
  const queries = await buildQueries(handle.db);
  await handle.close();

  const { movies, people, users, collections } = info.counts;
  console.log(
    `bench:search on ${target.label}: ${info.scale} dataset (${movies} movies, ${people} people, ${users} users, ` +
      `${collections} collections); ${QUERY_TYPES.length} query types × ${queries.exact.length} queries; result cache ` +
      (process.argv.includes("--cache") ? "on" : "off"),
  );
  // Wall latency is only comparable on a quiet machine: the load average is printed with the figures.
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  const server = await startServer();
  const results: Record<string, Row[]> = {};
  try {
    for (const [label, suffix] of [
      [`ids, window [0, ${window})`, `&end=${window}`],
      [`expand=true, window [0, ${window})`, `&end=${window}&expand=true&movies_limit=4`],
    ] as const) {
      const rows: Row[] = [];
      for (const type of QUERY_TYPES) {
        const paths = queries[type].map((q) => `/api/search?search_q=${encodeURIComponent(q)}${suffix}`);
        rows.push(await measure(server, type, paths, requests));
      }
      results[label] = rows;
      console.log(`\n${label} — milliseconds per request, one connection`);
      console.table(Object.fromEntries(rows.map(({ type, ...rest }) => [type, rest])));
    }
  } finally {
    server.child.kill("SIGTERM");
  }
  console.log(`${os.cpus().length} CPUs; load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(1)} after`);
  console.log(`Search index build: ${(indexMs / 1000).toFixed(1)} s for ${info.documents} documents`);
  const out = path.join(REPO_ROOT, "var", `bench-search-${target.dialect}-${info.scale}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify({ target: target.label, ...info, indexBuildMs: indexMs, queries, results }, null, 2),
  );
  console.log(`Results and queries written to ${path.relative(REPO_ROOT, out)}`);
  writeReport(
    `search:${target.dialect}`,
    `Search (${target.dialect}, ${info.scale} dataset)`,
    `Index build ${(indexMs / 1000).toFixed(1)} s for ${info.documents} documents. Milliseconds per request, one ` +
      `connection.\n\n` +
      Object.entries(results)
        .map(([label, rows]) => `**${label}**\n\n${markdownTable(rows.map((r) => ({ ...r })))}`)
        .join("\n\n"),
    loadBefore,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
