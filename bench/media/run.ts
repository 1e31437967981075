// npm run bench:media — cached TMDB posters served by the image cache (docs/media.md). A fake TMDB image host on
// loopback serves JPEG posters; the server (its own process) fetches each once, re-encodes it as WebP, and then
// serves it from memory. Measured: requests per second for one hot poster and for 200 posters in rotation, with
// wrk at 32 connections (apt-get install -y wrk); the goal is ≥ 5,000 req/s for a cached poster. Writes its section of
// docs/performance.md.
import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { startChildServer } from "../shared/child-server.js";
import { markdownTable, writeReport } from "../shared/report.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const POSTERS = 200;
const DURATION_S = Number(process.env.BENCH_MEDIA_SECONDS ?? 10);
const CONNECTIONS = 32;
const GOAL = 5000;
const WRK = "/usr/bin/wrk";

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
 * The transport's ceiling for one answer: a bare Node server on loopback sending `body` to the same client.
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

/**
 * wrk (Debian's package) at CONNECTIONS connections on one thread, rotating through `paths`. Not autocannon: its
 * client tops out near 1,000 req/s on answers of 50 kB of incompressible bytes on this machine class (it did 14,870
 * req/s for as many zeros), while wrk takes 20,000+ from a bare Node server, so autocannon measured itself here.
 */
function drive(port: number, paths: string[]): Promise<Result> {
  const script = path.join(os.tmpdir(), `bench-media-${process.pid}.lua`);
  fs.writeFileSync(
    script,
    `local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('RESULT {"requests":%d,"us":%d,"bytes":%d,"p50":%d,"p99":%d,"errors":%d}\\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout + e.status))
end
`,
  );
  return new Promise((resolve, reject) => {
    execFile(
      WRK,
      ["-t1", `-c${CONNECTIONS}`, `-d${DURATION_S}s`, "-s", script, `http://127.0.0.1:${port}${paths[0]}`],
      (error, stdout) => {
        fs.rmSync(script, { force: true });
        if (error) return reject(error);
        const line = stdout.split("\n").find((l) => l.startsWith("RESULT "));
        if (!line) return reject(new Error(`wrk printed no result:\n${stdout}`));
        const r = JSON.parse(line.slice("RESULT ".length)) as Record<string, number>;
        const seconds = r.us! / 1e6;
        resolve({
          requests: r.requests!,
          perSecond: Math.round(r.requests! / seconds),
          p50: Math.round(r.p50! / 100) / 10,
          p99: Math.round(r.p99! / 100) / 10,
          errors: r.errors!,
          bytes: Math.round(r.bytes! / seconds),
        });
      },
    );
  });
}

async function main(): Promise<void> {
  if (!fs.existsSync(WRK)) throw new Error(`bench:media drives the server with wrk: apt-get install -y wrk (${WRK})`);
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
    ];
    console.table(rows);
    const busy = Number(loadBefore) > os.cpus().length;
    const verdict =
      one.perSecond >= GOAL
        ? "met"
        : busy
          ? `not shown: the machine was busy (load average ${loadBefore} on ${os.cpus().length} cores before the run), ` +
            "so the server got a small share of the CPU; rerun on a quiet machine"
          : "NOT met";
    writeReport(
      "media",
      "Image cache: cached posters",
      [
        `Posters fetched once from a fake TMDB image host on loopback (${fetched} upstream requests for ${POSTERS} posters, ` +
          `none during the runs), re-encoded as WebP and served by the real server in its own process; wrk (one thread, ` +
          `${CONNECTIONS} connections, ${DURATION_S} s per case) on the same machine. The ceiling: a bare Node server ` +
          "sending the same answer to the same client. (autocannon is not used here: its client tops out near 1,000 " +
          "req/s on 50 kB answers of incompressible bytes on this machine class, which an earlier run took for the " +
          "loopback's limit.)",
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
