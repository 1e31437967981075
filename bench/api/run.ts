// `npm run bench:api [-- --duration=5 --connections=32 --only=review]`: starts the real server on the bench:data
// database (SQLite var/bench.db, or with DATABASE_URL the PostgreSQL `bench` schema) in a child process and drives
// each endpoint of the fixed mix (mix.ts) with autocannon for `duration` seconds at `connections` connections,
// after a warm-up (a read endpoint's distinct requests once each, then `warmup` seconds of its mix). In the same run
// it measures the floor — a bare Fastify route reading one row by primary key from the same database (floor.ts) —
// and prints every endpoint's requests/s, p50, p99, errors (any non-2xx answer or socket error) and throughput as a
// fraction of the floor, with pass/fail against the targets. Two mixes: the read mix (each endpoint alone, as above)
// and the write-heavy mix (each write kind interleaved with all the reads, 1 write per 10 reads: what the caches
// buy when writes keep invalidating them). The server's RSS is reported before and after each mix.
import { markdownTable, writeReport } from "../shared/report.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { REPO_ROOT } from "../../apps/server/src/config.js";
import { migrateToLatest } from "../../apps/server/src/db/migrate.js";
import { trainRecommender } from "../../apps/server/src/jobs/recommender-training.js";
import { systemClock } from "../../apps/server/src/lib/time.js";
import { latestModelHeader } from "../../apps/server/src/modules/recommend/repository.js";
import { type ChildServer, startChildServer } from "../shared/child-server.js";
import { BENCH_META_KEY, benchTarget, flag, openTarget } from "../shared/database.js";
import { BENCH_MEMBER_PASSWORD, benchLoginId } from "../shared/members.js";
import {
  type BenchRequest,
  type Bearers,
  type Endpoint,
  endpoints,
  type Fixtures,
  minePairs,
  sampleFixtures,
} from "./mix.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Targets of issues #10, #18 and #23 (2-core machine, SQLite, 32 connections). */
const TARGETS = {
  readFloorRatio: 0.35,
  readP99Ms: 25,
  writeRps: 2500,
  writeP99Ms: 30,
  /** Reads per write in the write-heavy mix. */
  readsPerWrite: 10,
  rssMb: 400,
} as const;

/** A request of a mixed run, tagged with what it is so its latencies are kept apart. */
type TaggedRequest = BenchRequest & { tag?: string };

interface Latencies {
  requests: number;
  p50: number;
  p99: number;
}

interface Measurement {
  requests: number;
  /** The server's CPU time per request, microseconds: unlike wall latency, it does not grow with other load. */
  cpuMicros: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
  /** Mixed runs: the latencies of each tag. */
  byTag?: Record<string, Latencies>;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Drives `next` requests at `connections` for `seconds`: throughput, latency percentiles and failures. */
async function drive(server: ChildServer, next: (n: number) => TaggedRequest, connections: number, seconds: number) {
  const cpuBefore = await server.cpuMicros();
  const m = await load(server.port, next, connections, seconds);
  m.cpuMicros = Math.round((await server.cpuMicros()) - cpuBefore) / Math.max(1, m.requests);
  return m;
}

/**
 * A read endpoint's distinct requests among the first `span` of its rotation. Each is sent once before the endpoint
 * is timed, so answers the server keeps per distinct request are measured warm, as a fixed mix's steady state is;
 * what a first, cold request costs is bench:search's subject (result cache off) and the read-caches tests'.
 */
function distinctRequests(endpoint: Endpoint, span = 4000, cap = 2000): BenchRequest[] {
  const seen = new Map<string, BenchRequest>();
  for (let n = 0; n < span && seen.size < cap; n++) {
    const request = endpoint.request(n);
    const key = JSON.stringify([request.method, request.path, request.headers ?? {}, request.body ?? null]);
    if (!seen.has(key)) seen.set(key, request);
  }
  return [...seen.values()];
}

/** Sends each request once, `connections` at a time. */
function prime(port: number, requests: BenchRequest[], connections: number): Promise<void> {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: Math.min(connections, requests.length),
        amount: requests.length,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: {},
              body: undefined,
              ...requests[n++ % requests.length],
            }),
          },
        ],
      },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

function summarise(latencies: number[]): Latencies {
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, p50: round1(percentile(latencies, 50)), p99: round1(percentile(latencies, 99)) };
}

function load(port: number, next: (n: number) => TaggedRequest, connections: number, seconds: number) {
  let n = 0;
  const latencies: number[] = [];
  const tagged = new Map<string, number[]>();
  const statuses: Record<string, number> = {};
  let failed = 0;
  return new Promise<Measurement>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        requests: [
          {
            // One request in flight per connection (no pipelining): the context holds the tag of the one answered.
            setupRequest: (request, context) => {
              const { tag, ...rest } = next(n++);
              context.tag = tag;
              return { ...request, headers: {}, body: undefined, ...rest };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const all = summarise(latencies);
        resolve({
          requests: all.requests,
          cpuMicros: 0,
          rps: all.requests / seconds,
          p50: all.p50,
          p99: all.p99,
          // bench/search/autocannon.d.ts does not declare `timeouts`; autocannon always reports it.
          errors: failed + result.errors + ((result as { timeouts?: number }).timeouts ?? 0),
          statuses,
          ...(tagged.size ? { byTag: Object.fromEntries([...tagged].map(([tag, l]) => [tag, summarise(l)])) } : {}),
        });
      },
    );
    instance.on("response", (client, status, _bytes, time) => {
      latencies.push(time);
      // autocannon's client keeps the context its setupRequest filled for the request just answered.
      const tag = (client as { requestIterator?: { context?: { tag?: string } } }).requestIterator?.context?.tag;
      if (tag) {
        const list = tagged.get(tag) ?? [];
        list.push(time);
        tagged.set(tag, list);
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status < 200 || status > 299) failed++;
    });
  });
}

async function api(port: number, method: string, url: string, body?: unknown, bearer?: Record<string, string>) {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...bearer },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

/**
 * Bearers of `count` members: the bench members of bench:data (known password) when the dataset has them,
 * otherwise members this benchmark signs up itself (once; later runs sign in again).
 */
async function signIn(port: number, count: number): Promise<Bearers> {
  const probe = await api(port, "POST", "/api/users/signin", {
    login_id: benchLoginId(1),
    login_password: BENCH_MEMBER_PASSWORD,
  });
  const own = probe.status !== 201;
  if (own) console.log("No bench:data members in this dataset: signing up bench:api members.");
  const bearers: Bearers = [];
  for (let k = 1; k <= count; k++) {
    const loginId = own ? `apibench${String(k).padStart(3, "0")}` : benchLoginId(k);
    const credentials = { login_id: loginId, login_password: BENCH_MEMBER_PASSWORD };
    let answer = await api(port, "POST", "/api/users/signin", credentials);
    if (answer.status === 401 && own) {
      await api(port, "POST", "/api/users/signup", { username: loginId, ...credentials });
      answer = await api(port, "POST", "/api/users/signin", credentials);
    }
    if (answer.status !== 201) throw new Error(`signin of ${loginId} answered ${answer.status}`);
    bearers.push({ authorization: `Bearer ${String(answer.body!.access_token)}` });
  }
  return bearers;
}

/** The rows the reads expect to exist: each member's review of ten movie-page films (the same every run). */
async function prepare(port: number, fixtures: Fixtures, bearers: Bearers): Promise<void> {
  const put = async (m: number, movie: number, body: Record<string, unknown>) => {
    const answer = await api(port, "PUT", `/api/reviews/movie/${movie}/mine`, body, bearers[m]);
    if (answer.status !== 200 && answer.status !== 201) throw new Error(`setup PUT answered ${answer.status}`);
    return Number(answer.body!.id);
  };
  for (const [m, movie] of minePairs(fixtures, bearers.length)) await put(m, movie, { rating: 4 });
  // The feed's readers follow 200 active members; the bench members follow one another, so each has notifications.
  // A follow that exists from an earlier run answers 409, which is fine.
  const ids = await Promise.all(
    bearers.map(async (b) => Number((await api(port, "GET", "/api/users/me", undefined, b)).body!.id)),
  );
  for (const [m, bearer] of bearers.entries()) {
    for (const target of [...fixtures.followees, ...ids.filter((_, k) => k !== m)]) {
      const answer = await api(port, "POST", `/api/users/follow/${target}`, undefined, bearer);
      if (answer.status !== 201 && answer.status !== 409) throw new Error(`setup follow answered ${answer.status}`);
    }
  }
  // A dataset without written reviews on the write films: the members' own texts are the like toggles' targets.
  if (fixtures.likeTargets.length === 0) {
    for (let m = 0; m < bearers.length; m++) {
      const movie = fixtures.writeMovies[m % fixtures.writeMovies.length]!;
      fixtures.likeTargets.push(await put(m, movie, { content: "벤치마크가 좋아요를 누를 코멘트예요." }));
    }
  }
}

async function prepareModel(handle: ReturnType<typeof openTarget>): Promise<void> {
  if (await latestModelHeader(handle.db)) return;
  console.log("No recommender model yet: training one (once per dataset)…");
  const result = await trainRecommender({ db: handle.db, clock: systemClock });
  console.log(`Trained on ${result.ratings} ratings in ${result.seconds.toFixed(0)} s.`);
}

interface Row {
  endpoint: string;
  "req/s": number;
  p50: number;
  p99: number;
  errors: number;
  "× floor": number;
  "cpu µs": number;
  /** Floor CPU per request ÷ this endpoint's: the throughput ratio an otherwise idle 2-core machine would show. */
  "cpu × floor": number;
  target: string;
  result: "pass" | "FAIL";
}

function judge(endpoint: Endpoint, m: Measurement, floor: Measurement): Row {
  const ratio = m.rps / floor.rps;
  const read = endpoint.kind === "read";
  const session = endpoint.kind === "session";
  const pass = read
    ? ratio >= TARGETS.readFloorRatio && m.p99 <= TARGETS.readP99Ms && m.errors === 0
    : session
      ? m.p99 <= TARGETS.writeP99Ms && m.errors === 0
      : m.rps >= TARGETS.writeRps && m.p99 <= TARGETS.writeP99Ms && m.errors === 0;
  return {
    endpoint: endpoint.name,
    "req/s": Math.round(m.rps),
    p50: m.p50,
    p99: m.p99,
    errors: m.errors,
    "× floor": Math.round(ratio * 100) / 100,
    "cpu µs": Math.round(m.cpuMicros),
    "cpu × floor": Math.round((floor.cpuMicros / Math.max(1, m.cpuMicros)) * 100) / 100,
    target: read
      ? `≥ ${TARGETS.readFloorRatio} × floor, p99 ≤ ${TARGETS.readP99Ms} ms`
      : session
        ? `p99 ≤ ${TARGETS.writeP99Ms} ms (writes among reads)`
        : `≥ ${TARGETS.writeRps}/s, p99 ≤ ${TARGETS.writeP99Ms} ms`,
    result: pass ? "pass" : "FAIL",
  };
}

interface MixRow {
  "write kind": string;
  "req/s": number;
  "writes/s": number;
  "write p50": number;
  "write p99": number;
  "read p99": number;
  errors: number;
  "cpu µs": number;
  target: string;
  result: "pass" | "FAIL";
}

/** The write-heavy mix of write endpoint `write`: after every `readsPerWrite` reads (all read endpoints in turn), one write. */
function writeMix(write: Endpoint, reads: Endpoint[]) {
  const group = TARGETS.readsPerWrite + 1;
  return (n: number): TaggedRequest => {
    const slot = n % group;
    const k = Math.floor(n / group);
    if (slot === TARGETS.readsPerWrite) return { ...write.request(k), tag: "write" };
    const r = k * TARGETS.readsPerWrite + slot;
    return { ...reads[r % reads.length]!.request(Math.floor(r / reads.length)), tag: "read" };
  };
}

function judgeMix(write: Endpoint, m: Measurement): MixRow {
  const w = m.byTag?.write ?? { requests: 0, p50: 0, p99: 0 };
  const r = m.byTag?.read ?? { requests: 0, p50: 0, p99: 0 };
  const pass = w.p99 <= TARGETS.writeP99Ms && r.p99 <= TARGETS.readP99Ms && m.errors === 0;
  return {
    "write kind": write.name,
    "req/s": Math.round(m.rps),
    "writes/s": Math.round(m.rps / (TARGETS.readsPerWrite + 1)),
    "write p50": w.p50,
    "write p99": w.p99,
    "read p99": r.p99,
    errors: m.errors,
    "cpu µs": Math.round(m.cpuMicros),
    target: `writes p99 ≤ ${TARGETS.writeP99Ms} ms, reads p99 ≤ ${TARGETS.readP99Ms} ms`,
    result: pass ? "pass" : "FAIL",
  };
}

async function main(): Promise<void> {
  const target = benchTarget();
  const seconds = Number(flag("duration") ?? 5);
  const warmup = Number(flag("warmup") ?? 1);
  const connections = Number(flag("connections") ?? 32);
  // --only=movie,write: just the endpoints whose names contain one of these.
  const only = flag("only")?.split(",");
  const handle = openTarget(target, 2);
  await migrateToLatest(handle.db);
  const meta = await handle.db
    .selectFrom("app_state")
    .select("value")
    .where("key", "=", BENCH_META_KEY)
    .executeTakeFirst();
  if (!meta) throw new Error(`No benchmark data in ${target.label}: run npm run bench:data first.`);
  const info = JSON.parse(meta.value) as { scale: string; counts: Record<string, number> };
  await prepareModel(handle);
  const fixtures = await sampleFixtures(handle.db);
  await handle.close();

  console.log(
    `bench:api on ${target.label}: ${info.scale} dataset (${Object.entries(info.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ")})`,
  );
  console.log(
    `${connections} connections, ${warmup} s warm-up + ${seconds} s per endpoint; review list of movie ` +
      `${fixtures.popularMovie} (${fixtures.reviewsOfPopular} written reviews)`,
  );
  const loadBefore = os.loadavg()[0]!.toFixed(2);

  const floorServer = await startChildServer(path.join(here, "floor.ts"), { args: process.argv.slice(2) });
  let floor: Measurement;
  try {
    const floorRequest = (n: number): BenchRequest => ({ method: "GET", path: `/floor/${fixtures.movies[n % 50]}` });
    await drive(floorServer, floorRequest, connections, warmup);
    floor = await drive(floorServer, floorRequest, connections, seconds);
  } finally {
    await floorServer.stop();
  }
  console.log(
    `Floor (bare Fastify, one row by primary key): ${Math.round(floor.rps)} req/s, p99 ${floor.p99} ms, ` +
      `${Math.round(floor.cpuMicros)} µs CPU per request`,
  );

  let server: ChildServer | undefined;
  const rows: Row[] = [];
  const mixRows: MixRow[] = [];
  const details: Record<string, Measurement> = {};
  const rss: Array<{ point: string; MB: number }> = [];
  try {
    // --profile=<dir>: the server writes a V8 CPU profile there when it stops.
    const profile = flag("profile");
    server = await startChildServer(path.join(here, "server.ts"), {
      args: process.argv.slice(2),
      execArgv: profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`] : [],
    });
    const bearers = await signIn(server.port, connections);
    await prepare(server.port, fixtures, bearers);
    const running = server;
    const noteRss = (point: string) => rss.push({ point, MB: Math.round(running.rssBytes() / 1048576) });
    noteRss("start (signed in, before the read mix)");
    const all = endpoints(fixtures, bearers);
    for (const endpoint of all) {
      if (only && !only.some((part) => endpoint.name.includes(part))) continue;
      if (endpoint.kind !== "read" && !rss.some((r) => r.point.startsWith("after the read mix"))) {
        noteRss("after the read mix");
      }
      if (endpoint.kind === "read") await prime(server.port, distinctRequests(endpoint), connections);
      await drive(server, (n) => endpoint.request(n + 1_000_000), connections, warmup);
      const m = await drive(server, (n) => endpoint.request(n), connections, seconds);
      details[endpoint.name] = m;
      rows.push(judge(endpoint, m, floor));
      const bad = Object.entries(m.statuses).filter(([s]) => !s.startsWith("2"));
      if (bad.length) console.log(`  ${endpoint.name}: non-2xx answers ${JSON.stringify(Object.fromEntries(bad))}`);
    }
    noteRss("after the write endpoints");
    // The write-heavy mix: each write kind among all the reads, 1 write per `readsPerWrite` reads.
    if (!only || only.includes("mix")) {
      const reads = all.filter((e) => e.kind === "read");
      for (const write of all.filter((e) => e.kind === "write")) {
        const next = writeMix(write, reads);
        await drive(running, (n) => next(n + 1_000_000), connections, warmup);
        const m = await drive(running, next, connections, seconds);
        details[`mix: ${write.name}`] = m;
        mixRows.push(judgeMix(write, m));
      }
      noteRss("after the write-heavy mix");
    }
  } finally {
    await server?.stop();
  }

  console.log(`\nbench:api — ${target.dialect}, floor ${Math.round(floor.rps)} req/s (p99 ${floor.p99} ms)`);
  console.table(Object.fromEntries(rows.map(({ endpoint, ...rest }) => [endpoint, rest])));
  const failed = rows.filter((r) => r.result === "FAIL").length;
  console.log(`${rows.length - failed} of ${rows.length} endpoints meet their target.`);
  if (mixRows.length) {
    console.log(`\nWrite-heavy mix: 1 write per ${TARGETS.readsPerWrite} reads (every read endpoint in turn)`);
    console.table(Object.fromEntries(mixRows.map(({ "write kind": kind, ...rest }) => [kind, rest])));
  }
  const rssPeak = Math.max(...rss.map((r) => r.MB));
  console.log(`Server RSS: ${rss.map((r) => `${r.point} ${r.MB} MB`).join("; ")} (target < ${TARGETS.rssMb} MB)`);
  console.log(
    `${os.cpus().length} CPUs; load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(2)} after; ` +
      new Date().toISOString(),
  );
  const out = path.join(REPO_ROOT, "var", `bench-api-${target.dialect}-${info.scale}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify({ target: target.label, connections, seconds, floor, rows, mixRows, rss, details }, null, 2),
  );
  console.log(`Results written to ${path.relative(REPO_ROOT, out)}`);
  if (!only) {
    writeReport(
      `api:${target.dialect}`,
      `API (${target.dialect}, ${info.scale} dataset)`,
      `${connections} connections, ${seconds} s per endpoint; bare-Fastify floor ${Math.round(floor.rps)} req/s ` +
        `(p99 ${floor.p99} ms). ${rows.length - failed} of ${rows.length} endpoints meet their target.\n\n` +
        markdownTable(rows.map((r) => ({ ...r }))) +
        `\n\nWrite-heavy mix (each write kind among all the reads, 1 write per ${TARGETS.readsPerWrite} reads):\n\n` +
        markdownTable(mixRows.map((r) => ({ ...r }))) +
        `\n\nServer RSS (target < ${TARGETS.rssMb} MB throughout; peak ${rssPeak} MB ` +
        `${rssPeak < TARGETS.rssMb ? "pass" : "FAIL"}):\n\n` +
        markdownTable(rss.map((r) => ({ ...r }))),
      loadBefore,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
