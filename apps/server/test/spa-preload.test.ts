// The landing routes' index.html names the route's chunks (modulepreload, from the build manifest) and the anonymous
// API reads its loader starts (preload as=fetch); other app routes, and a build without a manifest, get the file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { endpoints } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCacheStats } from "../src/cache/index.js";
import { createTestContext, type TestContext } from "./helpers/context.js";

const INDEX =
  '<!doctype html><html lang="ko"><head><title>무비피디아</title>' +
  '<script type="module" crossorigin src="/assets/index-E1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-R1.js"></head><body><div id="root"></div></body></html>';

const MANIFEST = {
  "index.html": { file: "assets/index-E1.js", isEntry: true, imports: ["_react-R1.js", "_shared-S1.js"] },
  "_react-R1.js": { file: "assets/react-R1.js" },
  "_shared-S1.js": { file: "assets/shared-S1.js" },
  "_chart-row-C1.js": { file: "assets/chart-row-C1.js", imports: ["_strings-T1.js", "_react-R1.js"] },
  "_strings-T1.js": { file: "assets/strings-T1.js" },
  "src/features/home/pages/home-page.tsx": {
    file: "assets/home-page-H1.js",
    isDynamicEntry: true,
    imports: ["_shared-S1.js", "_chart-row-C1.js", "index.html"],
  },
  "src/features/movies/pages/movie-page.tsx": {
    file: "assets/movie-page-M1.js",
    isDynamicEntry: true,
    imports: ["_react-R1.js", "_strings-T1.js"],
  },
  "src/features/search/pages/search-page.tsx": { file: "assets/search-page-Q1.js", isDynamicEntry: true },
};

let ctx: TestContext;
let plainCtx: TestContext;
let dist: string;
const dists: string[] = [];

function makeDist(withManifest: boolean): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "moviepedia-spa-"));
  dists.push(dist);
  fs.writeFileSync(path.join(dist, "index.html"), INDEX);
  if (withManifest) {
    fs.mkdirSync(path.join(dist, ".vite"));
    fs.writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  }
  return dist;
}

beforeAll(async () => {
  dist = makeDist(true);
  ctx = await createTestContext({ env: { WEB_DIST: dist } });
  plainCtx = await createTestContext({ env: { WEB_DIST: makeDist(false) } });
});

afterAll(async () => {
  await ctx.close();
  await plainCtx.close();
  for (const dist of dists) fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, on = ctx) =>
  on.app.inject({ method: "GET", url, headers });

/** Every preload link of the page: index.html's own (react-R1) first, then the injected ones. */
const links = (html: string) => html.match(/<link rel="(modulepreload|preload)"[^>]*>/g) ?? [];

describe("landing routes' index.html", () => {
  it("names the home page's chunks (not the entry's) and its two chart reads", async () => {
    const res = await get("/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    expect(links(res.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/react-R1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/home-page-H1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/chart-row-C1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/strings-T1.js">',
      '<link rel="preload" as="fetch" crossorigin href="/api/movies?chart_type=watcha10">',
      '<link rel="preload" as="fetch" crossorigin href="/api/movies?chart_type=box_office">',
    ]);
    expect(res.body.startsWith(INDEX.slice(0, INDEX.indexOf("</head>")))).toBe(true);
  });

  it("names a movie page's chunks and its detail read; search gets its chunks only", async () => {
    const movie = await get("/movies/416");
    expect(links(movie.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/react-R1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/movie-page-M1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/strings-T1.js">',
      '<link rel="preload" as="fetch" crossorigin href="/api/movies/416">',
    ]);
    const search = await get(`/search?query=${encodeURIComponent("기생충")}&category=movie`);
    expect(links(search.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/react-R1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/search-page-Q1.js">',
    ]);
    // An id the app would not read (over 2³¹) gets no data preload.
    expect(links((await get("/movies/99999999999")).body).some((l) => l.includes("/api/"))).toBe(false);
  });

  it("preloads only reads the app sends without a bearer (auth none in the endpoint table)", () => {
    // The web client sends a member's bearer to any other mode, and a request with one never takes the preload.
    expect(endpoints.movies.list.auth).toBe("none");
    expect(endpoints.movies.detail.auth).toBe("none");
  });

  it("sends Brotli or gzip when accepted, answers HEAD and a matching If-None-Match", async () => {
    const plain = await get("/");
    const br = await get("/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);
    const gzip = await get("/", { "accept-encoding": "gzip, br;q=0" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toBe(plain.body);

    const head = await ctx.app.inject({ method: "HEAD", url: "/" });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);

    const etag = plain.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get("/", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("serves the plain file on other routes and without a manifest", async () => {
    expect((await get("/people/3")).body).toBe(INDEX);
    expect((await get("/", {}, plainCtx)).body).toBe(INDEX);
    expect((await get("/movies/416", {}, plainCtx)).body).toBe(INDEX);
  });

  it("keeps a built page in the read cache, and serves a rebuilt index.html at once", async () => {
    const landing = () => readCacheStats().find((r) => r.name === "landing-pages")!;
    const before = landing();
    const first = await get("/movies/417");
    expect((await get("/movies/417")).body).toBe(first.body);
    const after = landing();
    expect([after.misses - before.misses, after.hits - before.hits]).toEqual([1, 1]);
    expect(after.bytes).toBeGreaterThan(before.bytes);
    // A rebuild under the running server (a newer index.html): its pages, not the kept ones.
    const indexFile = path.join(dist, "index.html");
    fs.writeFileSync(indexFile, INDEX.replace("<title>무비피디아</title>", "<title>새 빌드</title>"));
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(indexFile, later, later);
    const rebuilt = await get("/movies/417");
    expect(rebuilt.body).toContain("<title>새 빌드</title>");
    expect(links(rebuilt.body)).toEqual(links(first.body));
  });
});
