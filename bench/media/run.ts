// npm run bench:media — cached TMDB posters served by the image cache (docs/media.md). A fake TMDB image host on
// loopback serves JPEG posters; the server (its own process) fetches each once, re-encodes it as WebP, and then
// serves it from memory. Measured: requests per second for one hot poster and for 200 posters in rotation, with
// autocannon at 32 connections; the goal is ≥ 5,000 req/s for a cached poster. Writes its section of
// docs/performance.md.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import sharp from "sharp";
import { startChildServer } from "../shared/child-server.js";
import { markdownTable, writeReport } from "../shared/report.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const POSTERS = 200;
const DURATION_S = Number(process.env.BENCH_MEDIA_SECONDS ?? 10);
const CONNECTIONS = 32;
const GOAL = 5000;

async function fakeImageHost(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  const poster = await sharp({
    create: {
      width: 500,
      height: 750,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 110, sigma: 50 },
    },
  })
    // Grain like a photograph's: about 50 kB as WebP, a typical w500 poster.
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer();
  let hits = 0;
  const server = http.createServer((request, response) => {
    hits++;
    if (!/^\/t\/p\/w500\/poster[0-9]+\.jpg$/.test(request.url ?? "")) return response.writeHead(404).end();
    response.writeHead(200, { "content-type": "image/jpeg", "content-length": poster.length }).end(poster);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/t/p`,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The transport's ceiling for one answer: a bare Node server on loopback sending `body` to the same client. On some
 * machines loopback throughput depends on the bytes themselves (a sandbox inspecting its traffic): the same size of
 * zeros is measured too, so the report says whether the server or the wire is the limit.
 */
async function bareCeiling(body: Buffer): Promise<Result> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "image/webp", "content-length": body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await drive((server.address() as AddressInfo).port, ["/"]);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

interface Result {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
}

function drive(port: number, paths: string[]): Promise<Result> {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requests: result.requests.total,
          perSecond: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.non2xx,
          bytes: Math.round(result.throughput.average),
        });
      },
    );
  });
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0]!.toFixed(2);
  const upstream = await fakeImageHost();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-media-"));
  const server = await startChildServer(path.join(HERE, "server.ts"), { args: [upstream.url, mediaDir] });
  try {
    const paths = Array.from({ length: POSTERS }, (_, i) => `/media/cache/w500/poster${i}.webp`);
    // Warm-up: every poster fetched from the upstream once, then served from the cache.
    for (const p of paths) {
      const response = await fetch(`http://127.0.0.1:${server.port}${p}`);
      if (response.status !== 200) throw new Error(`${p}: ${response.status}`);
      await response.arrayBuffer();
    }
    const fetched = upstream.hits();
    const poster = Buffer.from(await (await fetch(`http://127.0.0.1:${server.port}${paths[0]}`)).arrayBuffer());
    const one = await drive(server.port, [paths[0]!]);
    const many = await drive(server.port, paths);
    if (upstream.hits() !== fetched) throw new Error("the cache asked the upstream again");
    const bare = await bareCeiling(poster);
    const zeros = await bareCeiling(Buffer.alloc(poster.length));
    const row = (name: string, r: Result) => ({
      case: name,
      "req/s": r.perSecond,
      requests: r.requests,
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      "MB/s": Math.round(r.bytes / 1e5) / 10,
      errors: r.errors,
    });
    const kb = Math.round(poster.length / 1000);
    const rows = [
      row(`one cached poster (w500 WebP, ${kb} kB)`, one),
      row(`${POSTERS} cached posters in rotation`, many),
      row(`ceiling: bare Node server, the same ${kb} kB`, bare),
      row(`ceiling: bare Node server, ${kb} kB of zeros`, zeros),
    ];
    const wireBound = one.perSecond >= 0.8 * bare.perSecond && bare.perSecond < GOAL;
    console.table(rows);
    const busy = Number(loadBefore) > os.cpus().length;
    const verdict =
      one.perSecond >= GOAL
        ? "met"
        : wireBound
          ? `not measurable here: a bare Node server sending the same bytes does ${bare.perSecond.toLocaleString("en")} ` +
            `req/s (${zeros.perSecond.toLocaleString("en")} req/s for as many zeros), so this machine's loopback, ` +
            `not the server, sets the limit (the server serves ${Math.round((100 * one.perSecond) / bare.perSecond)}% of it)`
          : busy
            ? `not shown: the machine was busy (load average ${loadBefore} on ${os.cpus().length} cores before the run), ` +
              "so the server got a small share of the CPU; rerun on a quiet machine"
            : "NOT met";
    writeReport(
      "media",
      "Image cache: cached posters",
      [
        `Posters fetched once from a fake TMDB image host on loopback (${fetched} upstream requests for ${POSTERS} posters, ` +
          `none during the runs), re-encoded as WebP and served by the real server in its own process; autocannon, ` +
          `${CONNECTIONS} connections, ${DURATION_S} s per case, on the same machine. The ceilings: a bare Node server ` +
          "sending the same answer to the same client, and as many zeros (loopback throughput can depend on the bytes).",
        "",
        markdownTable(rows),
        "",
        `Goal ≥ ${GOAL.toLocaleString("en")} req/s for a cached poster: ${verdict}. Hot files are served from memory ` +
          "(64 MiB of encoded images), the rest from MEDIA_DIR/cache within IMAGE_CACHE_MAX_MB (docs/media.md).",
      ].join("\n"),
      loadBefore,
    );
  } finally {
    await server.stop();
    await upstream.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
