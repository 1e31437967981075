// `npm run bench:api [-- --rounds=3 --duration=3 --connections=32 --only=review]`: starts the real server on the
// bench:data database (SQLite var/bench.db, or with DATABASE_URL the PostgreSQL `bench` schema) in a child process and
// drives each endpoint of the fixed mix (mix.ts) with autocannon for `duration` seconds at `connections` connections,
// after a warm-up (a read endpoint's distinct requests once each, then `warmup` seconds of its mix). The floor — a
// bare Fastify route reading one row by primary key from the same database (floor.ts) — runs beside it. A run is
// `rounds` rounds: each measures the floor, then every endpoint in turn, then the write-heavy mix (each write kind
// interleaved with all the reads, 1 write per 10 reads: what the caches buy when writes keep invalidating them).
// Each endpoint's row is its median round by throughput relative to that round's floor, with the range beside it,
// so one noisy window no longer decides a row. Rows: requests/s, p50, p99, errors (any non-2xx answer or socket
// error), the fraction of the floor and the server's CPU per request, with pass/fail against the targets. The
// server's RSS is sampled throughout (peak) and snapshotted after the first round's reads and mix.
import { markdownTable, writeReport } from "../shared/report.js";
import type { SqlTime } from "./sql-time.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { REPO_ROOT } from "../../apps/server/src/config.js";
import { migrateToLatest } from "../../apps/server/src/db/migrate.js";
import { trainRecommender } from "../../apps/server/src/modules/recommend/index.js";
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
  writeCycle,
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
  /** SQLite: the server's SQL per request — statements, their µs, and the commits' µs (sql-time.ts). */
  sql?: { statements: number; micros: number; commitMicros: number };
}

function perRequest(before: SqlTime, after: SqlTime, requests: number) {
  const per = (a: number, b: number) => Math.round(((a - b) / Math.max(1, requests)) * 10) / 10;
  return {
    statements: per(after.statements, before.statements),
    micros: per(after.micros, before.micros),
    commitMicros: per(after.commitMicros, before.commitMicros),
  };
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

interface RegionCounts {
  name: string;
  hits: number;
  misses: number;
  bytes?: number;
  maxBytes?: number;
}

interface ServerCounts {
  cache: RegionCounts[];
  /** SQLite only: the main thread's statements and their time so far (bench/api/sql-time.ts). */
  sql: SqlTime;
  /** The server's `process.memoryUsage()`: what of its RSS is V8's heap and what lives outside it. */
  memory: NodeJS.MemoryUsage;
}

/** The server's read-cache counters per region and its SQL time (bench/api/server.ts answers "cache"). */
function serverCounts(server: ChildServer): Promise<ServerCounts> {
  return new Promise((resolve) => {
    const listener = (message: Partial<ServerCounts>) => {
      if (!message?.cache) return;
      server.child.off("message", listener);
      resolve(message as ServerCounts);
    };
    server.child.on("message", listener);
    server.child.send("cache");
  });
}

/** The regions an endpoint's run read, with their hit rates in %. */
/** Per region, how many answers were built (misses) per write of a mix: what each write costs the reads after it. */
function rebuilt(before: RegionCounts[], after: RegionCounts[], writes = 0): string {
  const was = new Map(before.map((r) => [r.name, r.misses]));
  return after
    .map((r) => ({ name: r.name, perWrite: (r.misses - (was.get(r.name) ?? 0)) / Math.max(1, writes) }))
    .filter((r) => r.perWrite >= 0.05)
    .sort((a, b) => b.perWrite - a.perWrite)
    .map((r) => `${r.name} ${r.perWrite.toFixed(2)}`)
    .join(", ");
}

function regionsRead(before: RegionCounts[], after: RegionCounts[]): Record<string, number> {
  const was = new Map(before.map((r) => [r.name, r]));
  const out: Record<string, number> = {};
  for (const r of after) {
    const b = was.get(r.name) ?? { hits: 0, misses: 0 };
    const reads = r.hits - b.hits + r.misses - b.misses;
    if (reads > 0) out[r.name] = Math.round(((r.hits - b.hits) / reads) * 100);
  }
  return out;
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

/**
 * `--accept-encoding=br` (or gzip): every request asks for that encoding, as browsers do (autocannon asks for none,
 * so by default the figures leave out what compressing an answer costs).
 */
const ACCEPT_ENCODING = flag("accept-encoding");
const withEncoding = (headers: Record<string, string> | undefined) => ({
  ...(ACCEPT_ENCODING ? { "accept-encoding": ACCEPT_ENCODING } : {}),
  ...headers,
});

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
            setupRequest: (request) => {
              const next = requests[n++ % requests.length]!;
              return { ...request, body: undefined, ...next, headers: withEncoding(next.headers) };
            },
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
              return { ...request, body: undefined, ...rest, headers: withEncoding(rest.headers) };
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
      // A tag "read:movie" counts for "read:movie" and for "read".
      for (const key of tag ? new Set([tag, tag.split(":")[0]!]) : []) {
        const list = tagged.get(key) ?? [];
        list.push(time);
        tagged.set(key, list);
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
  /** Of which SQL (statements run on the main thread, commits included), and commits alone; SQLite only. */
  "sql µs": number | string;
  "commit µs": number | string;
  /** Floor CPU per request ÷ this endpoint's: the throughput ratio an otherwise idle 2-core machine would show. */
  "cpu × floor": number;
  target: string;
  result: "pass" | "FAIL";
  /** Lowest–highest ratio to the floor over the rounds. */
  "× floor range"?: string;
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
    "sql µs": m.sql ? Math.round(m.sql.micros) : "",
    "commit µs": m.sql ? Math.round(m.sql.commitMicros) : "",
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
  "sql µs": number | string;
  "commit µs": number | string;
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
    const read = reads[r % reads.length]!;
    return { ...read.request(Math.floor(r / reads.length)), tag: `read:${read.name}` };
  };
}

/**
 * What a write costs the reads after it (`--after-write[=samples]`): for each write kind, `samples` times one write
 * and then every read endpoint once, in turn, one request at a time, so the server's CPU per request is the request's
 * own; each read is then sent again at once (kept, if its answer is kept). Per endpoint: the kept read's CPU, and what
 * the first read after each kind of write costs beyond it (medians, µs). A member-only read is the writing member's,
 * as it mostly is in the write-heavy mix (each of 32 members reads each endpoint about once between two of their
 * writes).
 */
async function afterWriteCosts(
  server: ChildServer,
  reads: Endpoint[],
  writes: Endpoint[],
  samples: number,
  cycle: number,
) {
  const send = async (request: BenchRequest) => {
    const before = await server.cpuMicros();
    const response = await fetch(`http://127.0.0.1:${server.port}${request.path}`, {
      method: request.method,
      // As autocannon sends them: uncompressed (fetch would ask for gzip or br, whose cost is per request).
      headers: { "accept-encoding": "identity", ...request.headers },
      body: request.body,
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${request.method} ${request.path} answered ${response.status}`);
    return (await server.cpuMicros()) - before;
  };
  // What measuring costs by itself (two CPU readings around nothing).
  const idle: number[] = [];
  for (let k = 0; k < 20; k++) {
    const before = await server.cpuMicros();
    idle.push((await server.cpuMicros()) - before);
  }
  const base = median(idle);
  const table: Array<Record<string, string | number>> = [];
  const costs = new Map<string, Record<string, number[]>>();
  for (const write of writes) {
    for (let k = 0; k < samples; k++) {
      // The same write a cycle apart sets the other value: the second always changes the row, whatever the last run
      // left there.
      await send(write.request(5_000_000 + k));
      for (const read of reads) await send(read.request(5_000_000 + k));
      await send(write.request(5_000_000 + k + cycle));
      for (const read of reads) {
        const request = read.request(5_000_000 + k);
        const cold = await send(request);
        const again = await send(request);
        const row = costs.get(read.name) ?? {};
        (row[write.name] ??= []).push(cold - base);
        (row.kept ??= []).push(again - base);
        costs.set(read.name, row);
      }
    }
  }
  const sums: Record<string, number> = {};
  for (const [endpoint, row] of costs) {
    const kept = Math.round(median(row.kept!));
    const line: Record<string, string | number> = { endpoint, "kept µs": kept };
    for (const write of writes) {
      const extra = Math.max(0, Math.round(median(row[write.name]!) - kept));
      line[`+ after ${write.name.replace("write: ", "a ")} µs`] = extra;
      sums[write.name] = (sums[write.name] ?? 0) + extra;
    }
    table.push(line);
  }
  return { table, sums };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function judgeMix(writeKind: string, m: Measurement): MixRow {
  const w = m.byTag?.write ?? { requests: 0, p50: 0, p99: 0 };
  const r = m.byTag?.read ?? { requests: 0, p50: 0, p99: 0 };
  const pass = w.p99 <= TARGETS.writeP99Ms && r.p99 <= TARGETS.readP99Ms && m.errors === 0;
  return {
    "write kind": writeKind,
    "req/s": Math.round(m.rps),
    "writes/s": Math.round(m.rps / (TARGETS.readsPerWrite + 1)),
    "write p50": w.p50,
    "write p99": w.p99,
    "read p99": r.p99,
    errors: m.errors,
    "cpu µs": Math.round(m.cpuMicros),
    "sql µs": m.sql ? Math.round(m.sql.micros) : "",
    "commit µs": m.sql ? Math.round(m.sql.commitMicros) : "",
    target: `writes p99 ≤ ${TARGETS.writeP99Ms} ms, reads p99 ≤ ${TARGETS.readP99Ms} ms`,
    result: pass ? "pass" : "FAIL",
  };
}

/** What a run leaves in var/ for a later `--cache-off` run to compare with. */
interface SavedRun {
  at: string;
  rows: Row[];
  mixRows: MixRow[];
  regionsOf: Record<string, Record<string, number>>;
  details: Record<string, Measurement>;
}

/**
 * The `--cache-off` run against the last run with the cache on: per endpoint and mix, the server's CPU per request
 * both ways (load from elsewhere does not move it) and throughput; per region, the endpoints that read it.
 */
function payoffReport(off: string, on: SavedRun | null, now: SavedRun): string {
  if (!on) return "No run with the read cache on in var/ to compare with: run `npm run bench:api` first.";
  const cpu = (run: SavedRun, name: string) => run.details[name]?.cpuMicros;
  const rps = (run: SavedRun, name: string) => run.details[name]?.rps;
  const ratio = (name: string) => {
    const [a, b] = [cpu(on, name), cpu(now, name)];
    return a && b ? Math.round((b / a) * 100) / 100 : null;
  };
  const names = [...now.rows.map((r) => r.endpoint), ...now.mixRows.map((r) => `mix: ${r["write kind"]}`)];
  const lines = names.map((name) => ({
    endpoint: name,
    "cpu µs, cache on": Math.round(cpu(on, name) ?? 0),
    "cpu µs, off": Math.round(cpu(now, name) ?? 0),
    "cpu off ÷ on": ratio(name) ?? "",
    "req/s on": Math.round(rps(on, name) ?? 0),
    "req/s off": Math.round(rps(now, name) ?? 0),
  }));
  const byRegion = new Map<string, string[]>();
  for (const [endpoint, regions] of Object.entries(on.regionsOf)) {
    for (const [region, rate] of Object.entries(regions)) {
      const entry = `${endpoint} (${rate}% hits, ×${ratio(endpoint) ?? "?"})`;
      byRegion.set(region, [...(byRegion.get(region) ?? []), entry]);
    }
  }
  return (
    `Regions switched off: \`${off}\`, compared with the run of ${on.at.slice(0, 16).replace("T", " ")} UTC with ` +
    `the cache on (same dataset). "cpu off ÷ on" is what the cache saves per request: 2 means the endpoint costs ` +
    `twice the server's CPU without it; CPU per request, unlike req/s, is not moved by other load.\n\n` +
    markdownTable(lines) +
    `\n\nEach region and the endpoints that read it (hit rate with the cache on; × the endpoint's CPU without ` +
    `the cache):\n\n` +
    markdownTable(
      [...byRegion].sort(([a], [b]) => a.localeCompare(b)).map(([region, e]) => ({ region, "read by": e.join("; ") })),
    )
  );
}

/** Median of a list (the lower middle for an even count). */
function medianIndex<T>(items: T[], value: (item: T) => number): T {
  return [...items].sort((a, b) => value(a) - value(b))[Math.floor((items.length - 1) / 2)]!;
}

/** Every measured run of one endpoint (or mix) across the rounds, each with the floor of its own round. */
interface Runs {
  runs: Array<{ m: Measurement; floorRps: number }>;
}

/** The round whose throughput relative to its round's floor is the median: reported whole (rps, latencies, CPU). */
function medianRun(r: Runs): { m: Measurement; floorRps: number; spread: string } {
  const ratios = r.runs.map((x) => x.m.rps / x.floorRps);
  const lo = Math.min(...ratios);
  const hi = Math.max(...ratios);
  return { ...medianIndex(r.runs, (x) => x.m.rps / x.floorRps), spread: `${lo.toFixed(2)}–${hi.toFixed(2)}` };
}

async function main(): Promise<void> {
  const target = benchTarget();
  const seconds = Number(flag("duration") ?? 3);
  const warmup = Number(flag("warmup") ?? 1);
  const connections = Number(flag("connections") ?? 32);
  // Each endpoint runs once per round; rounds go through every endpoint in turn, so a noisy neighbour slows one
  // run of several endpoints rather than every run of one, and the median round per endpoint is reported.
  const rounds = Math.max(1, Number(flag("rounds") ?? 3));
  // --only=movie,write: just the endpoints whose names contain one of these; `mix` every write-heavy mix,
  // `mix:rating` the mixes whose write kind contains "rating".
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
    `${connections} connections, ${rounds} rounds of ${seconds} s per endpoint (${warmup} s warm-up each); review ` +
      `list of movie ${fixtures.popularMovie} (${fixtures.reviewsOfPopular} written reviews)`,
  );
  const loadBefore = os.loadavg()[0]!.toFixed(2);

  const floorServer = await startChildServer(path.join(here, "floor.ts"), { args: process.argv.slice(2) });
  let server: ChildServer | undefined;
  const measured = new Map<string, Runs>();
  const floors: Measurement[] = [];
  const rss: Array<{ point: string; MB: number; "read cache MB": number; heap: string }> = [];
  let rssPeak = 0;
  /** What was running when the peak was sampled. */
  let phase = "start";
  let peakPhase = "start";
  let sampler: NodeJS.Timeout | undefined;
  const record = (name: string, m: Measurement, floorRps: number) => {
    const runs = measured.get(name) ?? { runs: [] };
    runs.runs.push({ m, floorRps });
    measured.set(name, runs);
  };
  let all: Endpoint[] = [];
  /** Per endpoint (first round): the read-cache regions it read, with their hit rates in %. */
  const regionsOf: Record<string, Record<string, number>> = {};
  const cacheOff = flag("cache-off");
  /** Per write kind (last round): the read cache's regions by answers built per write. */
  const rebuiltPerWrite: Record<string, string> = {};
  try {
    // --profile=<dir>: the server writes a V8 CPU profile there when it stops.
    const profile = flag("profile");
    server = await startChildServer(path.join(here, "server.ts"), {
      args: process.argv.slice(2),
      execArgv: profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`] : [],
    });
    const running = server;
    // The peak is sampled throughout (every 250 ms), the points below are snapshots.
    sampler = setInterval(() => {
      const MB = running.rssBytes() / 1048576;
      if (MB > rssPeak) [rssPeak, peakPhase] = [MB, phase];
    }, 250);
    const bearers = await signIn(server.port, connections);
    await prepare(server.port, fixtures, bearers);
    // With each snapshot, what the read cache holds then (its regions' bytes), to tell the budget from the rest.
    const noteRss = async (point: string) => {
      const MB = Math.round(running.rssBytes() / 1048576);
      const counts = await serverCounts(running);
      const cached = counts.cache.reduce((sum, r) => sum + (r.bytes ?? 0), 0);
      const mb = (bytes: number) => Math.round(bytes / 1048576);
      const { heapUsed, heapTotal, external } = counts.memory;
      if (MB > rssPeak) [rssPeak, peakPhase] = [MB, phase];
      rss.push({
        point,
        MB,
        "read cache MB": mb(cached),
        heap: `V8 heap ${mb(heapUsed)} of ${mb(heapTotal)} MB, external ${mb(external)} MB`,
      });
    };
    await noteRss("start (signed in, before the first round)");
    all = endpoints(fixtures, bearers).filter((e) => !only || only.some((part) => e.name.includes(part)));
    const reads = endpoints(fixtures, bearers).filter((e) => e.kind === "read");
    const mixes = endpoints(fixtures, bearers).filter(
      (e) =>
        e.kind === "write" &&
        (!only || only.some((part) => part === "mix" || (part.startsWith("mix:") && e.name.includes(part.slice(4))))),
    );
    const floorRequest = (n: number): BenchRequest => ({ method: "GET", path: `/floor/${fixtures.movies[n % 50]}` });
    const afterWrite = flag("after-write");
    if (afterWrite) {
      for (const read of reads) await prime(running.port, distinctRequests(read), connections);
      const writes = endpoints(fixtures, bearers).filter((e) => e.kind === "write");
      const probed = reads.filter((e) => !only || only.some((part) => e.name.includes(part)));
      const cycle = writeCycle(fixtures, bearers);
      // The floor, to compare this machine's speed now with the API section's runs (its CPU per request included).
      await drive(floorServer, floorRequest, connections, warmup);
      const floor = await drive(floorServer, floorRequest, connections, seconds);
      const samples = Number(afterWrite) || 15;
      const { table, sums } = await afterWriteCosts(running, probed, writes, samples, cycle);
      console.table(table);
      const perRead = writes.map((w) => `${w.name.slice(7)} ${Math.round(sums[w.name]! / probed.length)} µs`);
      console.log(`Per read, on average: ${perRead.join(", ")}.`);
      if (!only) {
        writeReport(
          `api:${target.dialect}:after-write`,
          `What a write costs the reads after it (${target.dialect}, ${info.scale} dataset)`,
          `\`npm run bench:api -- --after-write=${samples}\`: for each write kind, ${samples} times one write, then ` +
            `every read endpoint once, one request at a time (the server's CPU per request is that request's own), ` +
            `then the same read again at once. "kept µs" is the second read's CPU (it includes ~300 µs of measuring: ` +
            `two readings of the server's CPU over IPC); each "+ after" column is what the first read after that ` +
            `kind of write costs beyond it — the answer built again because the write made it stale. Member-only ` +
            `reads are the writing member's, as they mostly are in the write-heavy mix. Medians.\n\n` +
            markdownTable(table) +
            `\n\nOn average over the ${probed.length} read endpoints, the first read after a write costs this much ` +
            `more than a kept one: ${perRead.join(", ")}. In the write-heavy mix nearly every read is the first of ` +
            `its endpoint since the last write (ten reads of 25 endpoints between two writes). The bare-Fastify ` +
            `floor ran at ${Math.round(floor.rps)} req/s just before (compare with the API section's floor: CPU ` +
            `figures scale with the machine's speed at the time).`,
          loadBefore,
        );
      }
      return;
    }
    for (let round = 1; round <= rounds; round++) {
      if (round === 1) await drive(floorServer, floorRequest, connections, warmup);
      const floor = await drive(floorServer, floorRequest, connections, seconds);
      floors.push(floor);
      console.log(`Round ${round}/${rounds}: floor ${Math.round(floor.rps)} req/s (p99 ${floor.p99} ms)`);
      for (const endpoint of all) {
        phase = `round ${round}, ${endpoint.name}`;
        if (endpoint.kind === "read") await prime(running.port, distinctRequests(endpoint), connections);
        await drive(running, (n) => endpoint.request(n + 1_000_000 * round), connections, warmup);
        const counts = await serverCounts(running);
        const m = await drive(running, (n) => endpoint.request(n + 10_000_000 * round), connections, seconds);
        const after = await serverCounts(running);
        if (round === 1) regionsOf[endpoint.name] = regionsRead(counts.cache, after.cache);
        m.sql = perRequest(counts.sql, after.sql, m.requests);
        record(endpoint.name, m, floor.rps);
        const bad = Object.entries(m.statuses).filter(([s]) => !s.startsWith("2"));
        if (bad.length) console.log(`  ${endpoint.name}: non-2xx answers ${JSON.stringify(Object.fromEntries(bad))}`);
      }
      if (round === 1) await noteRss("after the first round's endpoints");
      // The write-heavy mix: each write kind among all the reads, 1 write per `readsPerWrite` reads.
      for (const write of mixes) {
        phase = `round ${round}, mix: ${write.name}`;
        const next = writeMix(write, reads);
        await drive(running, (n) => next(n + 1_000_000 * round), connections, warmup);
        const counts = await serverCounts(running);
        const m = await drive(running, (n) => next(n + 10_000_000 * round), connections, seconds);
        const after = await serverCounts(running);
        m.sql = perRequest(counts.sql, after.sql, m.requests);
        record(`mix: ${write.name}`, m, floor.rps);
        if (round === rounds)
          rebuiltPerWrite[write.name] = rebuilt(counts.cache, after.cache, m.byTag?.write?.requests);
      }
      if (round === 1 && mixes.length) await noteRss("after the first round's write-heavy mix");
    }
    await noteRss("end");
    // A region at its share of the budget evicts: its misses in the mixes are partly its size, not the writes.
    const full = (await serverCounts(running)).cache.filter((r) => r.maxBytes && (r.bytes ?? 0) > 0.9 * r.maxBytes);
    if (full.length) console.log(`Regions at their budget at the end: ${full.map((r) => r.name).join(", ")}`);
  } finally {
    if (sampler) clearInterval(sampler);
    await server?.stop();
    await floorServer.stop();
  }

  const floorRps = medianIndex(floors, (f) => f.rps);
  const rows: Row[] = [];
  const mixRows: MixRow[] = [];
  const details: Record<string, Measurement & { floorRps: number; spread: string }> = {};
  for (const endpoint of all) {
    const median = medianRun(measured.get(endpoint.name)!);
    details[endpoint.name] = { ...median.m, floorRps: median.floorRps, spread: median.spread };
    rows.push({ ...judge(endpoint, median.m, { ...floorRps, rps: median.floorRps }), "× floor range": median.spread });
  }
  for (const [name, runs] of measured) {
    if (!name.startsWith("mix: ")) continue;
    const median = medianRun(runs);
    details[name] = { ...median.m, floorRps: median.floorRps, spread: median.spread };
    mixRows.push(judgeMix(name.slice(5), median.m));
  }

  console.log(`\nbench:api — ${target.dialect}, floor ${Math.round(floorRps.rps)} req/s (p99 ${floorRps.p99} ms)`);
  console.table(Object.fromEntries(rows.map(({ endpoint, ...rest }) => [endpoint, rest])));
  const failed = rows.filter((r) => r.result === "FAIL").length;
  console.log(`${rows.length - failed} of ${rows.length} endpoints meet their target.`);
  if (mixRows.length) {
    console.log(`\nWrite-heavy mix: 1 write per ${TARGETS.readsPerWrite} reads (every read endpoint in turn)`);
    console.table(Object.fromEntries(mixRows.map(({ "write kind": kind, ...rest }) => [kind, rest])));
    for (const row of mixRows) {
      const slowest = Object.entries(details[`mix: ${row["write kind"]}`]!.byTag ?? {})
        .filter(([tag]) => tag.startsWith("read:"))
        .sort(([, a], [, b]) => b.p50 - a.p50)
        .slice(0, 6)
        .map(([tag, l]) => `${tag.slice(5)} p50 ${l.p50} p99 ${l.p99}`);
      console.log(`  ${row["write kind"]}: slowest reads — ${slowest.join("; ")}`);
      console.log(`    answers built per write (last round): ${rebuiltPerWrite[row["write kind"]] ?? "?"}`);
    }
  }
  const peak = Math.round(rssPeak);
  console.log(
    `Server RSS: ${rss.map((r) => `${r.point} ${r.MB} MB (read cache ${r["read cache MB"]} MB; ${r.heap})`).join("; ")}; peak ${peak} MB during ${peakPhase} (target < ${TARGETS.rssMb} MB)`,
  );
  console.log(
    `${os.cpus().length} CPUs; load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(2)} after; ` +
      new Date().toISOString(),
  );
  const base = path.join(REPO_ROOT, "var", `bench-api-${target.dialect}-${info.scale}`);
  const out = `${base}${cacheOff ? "-cache-off" : ""}.json`;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const results: SavedRun = { at: new Date().toISOString(), rows, mixRows, regionsOf, details };
  fs.writeFileSync(
    out,
    JSON.stringify({ target: target.label, connections, seconds, rounds, floors, rss, ...results }, null, 2),
  );
  console.log(`Results written to ${path.relative(REPO_ROOT, out)}`);
  if (cacheOff && !only) {
    const on = fs.existsSync(`${base}.json`) ? (JSON.parse(fs.readFileSync(`${base}.json`, "utf8")) as SavedRun) : null;
    const body = payoffReport(cacheOff, on, results);
    console.log(`\n${body}`);
    writeReport(
      `api:${target.dialect}:cache-off`,
      `What the read cache buys (${target.dialect}, ${info.scale} dataset)`,
      body,
      loadBefore,
    );
  } else if (!only) {
    writeReport(
      `api:${target.dialect}`,
      `API (${target.dialect}, ${info.scale} dataset)`,
      `${connections} connections; ${rounds} rounds, each running every endpoint for ${seconds} s after a ` +
        `${warmup}-s warm-up, the bare-Fastify floor measured at the start of each round (median ` +
        `${Math.round(floorRps.rps)} req/s, p99 ${floorRps.p99} ms). Each row is the endpoint's median round by its ` +
        `ratio to that round's floor; "× floor range" is the lowest and highest ratio of the rounds. ` +
        `${rows.length - failed} of ${rows.length} endpoints meet their target.\n\n` +
        markdownTable(rows.map((r) => ({ ...r }))) +
        `\n\nWrite-heavy mix (each write kind among all the reads, 1 write per ${TARGETS.readsPerWrite} reads; ` +
        `median round):\n\n` +
        markdownTable(mixRows.map((r) => ({ ...r }))) +
        `\n\nServer RSS (target < ${TARGETS.rssMb} MB throughout; sampled every 250 ms; peak ${peak} MB during ${peakPhase}: ` +
        `${peak < TARGETS.rssMb ? "pass" : "FAIL"}):\n\n` +
        markdownTable(rss.map((r) => ({ ...r }))),
      loadBefore,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
