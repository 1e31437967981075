// GET /media/cache/{size}/{file} and tmdbImageUrl (docs/media.md) against a fake TMDB image host on 127.0.0.1: one
// upstream fetch per image, WebP at the asked size, long-lived caching, refusals, the disk budget.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tmdbImageUrl } from "../src/lib/media-urls.js";
import { ImageCache } from "../src/modules/media/image-cache.js";
import { UpstreamFailed } from "../src/modules/media/upstream.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMovie } from "./helpers/factories.js";

interface Answer {
  status?: number;
  type?: string;
  body?: Buffer | string;
  /** Never answer (a hung upstream). */
  hang?: boolean;
}

/** The fake image host: `/t/p/{size}/{file}` → the answer set for that path; counts the requests per path. */
class FakeImageHost {
  readonly hits = new Map<string, number>();
  readonly answers = new Map<string, Answer | Answer[]>();
  /** Requests being answered now, and the most at once since the last reset. */
  inFlight = 0;
  mostInFlight = 0;
  private readonly server = http.createServer((request, response) => {
    const url = request.url ?? "";
    this.hits.set(url, (this.hits.get(url) ?? 0) + 1);
    this.inFlight++;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    response.on("close", () => this.inFlight--);
    const planned = this.answers.get(url);
    const answer = Array.isArray(planned) ? (planned.length > 1 ? planned.shift() : planned[0]) : planned;
    if (!answer) return response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    if (answer.hang) return;
    // Like a CDN: answer after a moment, so concurrent requests overlap.
    setTimeout(() => {
      response.writeHead(answer.status ?? 200, { "content-type": answer.type ?? "image/jpeg" });
      response.end(answer.body ?? "");
    }, 30);
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/t/p`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const host = new FakeImageHost();
let base: string;
let ctx: TestContext;
let mediaDir: string;
let poster: Buffer;

const jpeg = (width: number, height: number, r = 120) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  base = await host.start();
  poster = await jpeg(600, 900);
  host.answers.set("/t/p/w500/poster1.jpg", { body: poster });
  host.answers.set("/t/p/w185/poster1.jpg", { body: await jpeg(185, 278) });
  host.answers.set("/t/p/w500/crowd.jpg", { body: await jpeg(500, 750, 200) });
  host.answers.set("/t/p/w92/logo.png", {
    type: "image/png",
    body: await sharp({ create: { width: 92, height: 92, channels: 4, background: "#ff000080" } })
      .png()
      .toBuffer(),
  });
  host.answers.set("/t/p/w500/page.jpg", { type: "text/html", body: "<html>not an image</html>" });
  host.answers.set("/t/p/w500/garbage.jpg", { body: "definitely not a jpeg" });
  host.answers.set("/t/p/w500/flaky.jpg", [{ status: 500, body: "oops" }, { body: await jpeg(500, 750) }]);
  host.answers.set("/t/p/h632/face.jpg", { body: await jpeg(421, 632) });
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "image-cache-test-"));
  ctx = await createTestContext({ env: { MEDIA_DIR: mediaDir, IMAGE_CACHE: "on", TMDB_IMAGE_BASE_URL: base } });
});
afterAll(async () => {
  await ctx.close();
  await host.stop();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: "GET", url });

describe("tmdbImageUrl", () => {
  it("points at this origin's cache when the cache is on, at TMDB's host otherwise", async () => {
    expect(tmdbImageUrl("/poster1.jpg", "w500")).toBe("/media/cache/w500/poster1.webp");
    expect(tmdbImageUrl("/logo.png", "w92")).toBe("/media/cache/w92/logo.png.webp");
    // Sizes and names the cache does not serve go to the host itself.
    expect(tmdbImageUrl("/poster1.jpg", "original")).toBe(`${base}/original/poster1.jpg`);
    expect(tmdbImageUrl("/logo.svg", "w92")).toBe(`${base}/w92/logo.svg`);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "image-cache-off-"));
    const off = await createTestContext({ env: { MEDIA_DIR: dir, IMAGE_CACHE: "off", TMDB_IMAGE_BASE_URL: base } });
    try {
      expect(tmdbImageUrl("/poster1.jpg", "w500")).toBe(`${base}/w500/poster1.jpg`);
      const res = await off.app.inject({ method: "GET", url: "/media/cache/w500/poster1.webp" });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
      fs.rmSync(dir, { recursive: true, force: true });
      // Back to this file's app's settings.
      const again = await createTestContext({
        env: { MEDIA_DIR: mediaDir, IMAGE_CACHE: "on", TMDB_IMAGE_BASE_URL: base },
      });
      await again.close();
    }
    expect(tmdbImageUrl("/poster1.jpg", "w500")).toBe("/media/cache/w500/poster1.webp");
  });
});

describe("API answers", () => {
  it("point a linked film's poster and backdrop at the cache, which serves them", async () => {
    const movie = await createMovie(ctx);
    await ctx.db
      .updateTable("movies")
      .set({ poster_path: "/poster1.jpg", backdrop_path: "/nowhere.jpg" })
      .where("id", "=", movie.id)
      .execute();
    const answer = (await get(`/api/movies/${movie.id}`)).json<{ poster_url: string; backdrop_url: string }>();
    expect(answer.poster_url).toBe("/media/cache/w500/poster1.webp");
    expect(answer.backdrop_url).toBe("/media/cache/w1280/nowhere.webp");
    const poster = await get(answer.poster_url);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers["content-type"]).toBe("image/webp");
  });
});

describe("GET /media/cache/{size}/{file}", () => {
  it("fetches once, resizes to the size as WebP, stores it and serves it immutable", async () => {
    const first = await get("/media/cache/w500/poster1.webp");
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/webp");
    expect(first.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: "webp", width: 500, height: 750 });
    const stored = path.join(mediaDir, "cache", "w500", "poster1.webp");
    expect(fs.readFileSync(stored).equals(first.rawPayload)).toBe(true);

    const second = await ctx.app.inject({
      method: "GET",
      url: "/media/cache/w500/poster1.webp",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(second.headers["content-encoding"]).toBeUndefined(); // WebP is compressed already
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(host.hits.get("/t/p/w500/poster1.jpg")).toBe(1);

    // Another size is another file upstream.
    const small = await get("/media/cache/w185/poster1.webp");
    expect((await sharp(small.rawPayload).metadata()).width).toBe(185);
    const face = await get("/media/cache/h632/face.webp");
    expect((await sharp(face.rawPayload).metadata()).height).toBe(632);
  });

  it("shares one upstream fetch between concurrent requests for the same file", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => get("/media/cache/w500/crowd.webp")));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(host.hits.get("/t/p/w500/crowd.jpg")).toBe(1);
  });

  it("fetches at most upstreamConcurrency images at once; the others wait their turn", async () => {
    const names = Array.from({ length: 6 }, (_, i) => `turn${i}`);
    for (const name of names)
      host.answers.set(`/t/p/w185/${name}.jpg`, { body: await jpeg(185, 278, 10 * names.indexOf(name)) });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "image-cache-gate-"));
    try {
      const cache = new ImageCache({ dir, upstreamBaseUrl: base, maxBytes: 1e7, upstreamConcurrency: 2 });
      const hungBefore = host.inFlight; // requests an earlier test left unanswered on purpose
      host.mostInFlight = hungBefore;
      const images = await Promise.all(names.map((name) => cache.get("w185", `${name}.webp`)));
      expect(images.every((image) => image !== null && image.byteLength > 0)).toBe(true);
      expect(names.map((name) => host.hits.get(`/t/p/w185/${name}.jpg`))).toEqual(Array(6).fill(1));
      expect(host.mostInFlight - hungBefore).toBe(2);
      await cache.settled();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps PNG sources (logos) apart from JPEGs of the same name", async () => {
    const res = await get("/media/cache/w92/logo.png.webp");
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: "webp", hasAlpha: true });
    expect(host.hits.get("/t/p/w92/logo.png")).toBe(1);
    expect((await get("/media/cache/w92/logo.webp")).statusCode).toBe(404); // logo.jpg is unknown upstream
  });

  it("is a plain 404 for unknown sizes, names that are not TMDB file names, and images TMDB does not have", async () => {
    for (const url of [
      "/media/cache/w9999/poster1.webp",
      "/media/cache/original/poster1.webp",
      "/media/cache/w500/poster1.jpg",
      "/media/cache/w500/poster1",
      "/media/cache/w500/..%2F..%2F..%2Fpackage.json",
      "/media/cache/..%2F..%2Fetc/passwd.webp",
      "/media/cache/w500/.webp",
      "/media/cache/w500/a.b.webp",
      "/media/cache/w500/%2Fetc%2Fpasswd.webp",
      "/media/cache/w500/nowhere.webp",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/^text\/plain/);
    }
    // TMDB's 404 is remembered for a while.
    expect((await get("/media/cache/w500/nowhere.webp")).statusCode).toBe(404);
    expect(host.hits.get("/t/p/w500/nowhere.jpg")).toBe(1);
    expect([...host.hits.keys()].filter((key) => key.includes(".."))).toEqual([]);
  });

  it("answers 502 (not cached) when the upstream sends no image or fails, and recovers on the next request", async () => {
    for (const url of ["/media/cache/w500/page.webp", "/media/cache/w500/garbage.webp"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(502);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    expect(fs.existsSync(path.join(mediaDir, "cache", "w500", "page.webp"))).toBe(false);

    expect((await get("/media/cache/w500/flaky.webp")).statusCode).toBe(502);
    expect((await get("/media/cache/w500/flaky.webp")).statusCode).toBe(200);
    expect(host.hits.get("/t/p/w500/flaky.jpg")).toBe(2);
  });

  it("serves what an earlier run stored without asking the upstream again", async () => {
    const before = host.hits.get("/t/p/w500/poster1.jpg");
    const next = await createTestContext({
      env: { MEDIA_DIR: mediaDir, IMAGE_CACHE: "on", TMDB_IMAGE_BASE_URL: base },
    });
    try {
      const res = await next.app.inject({ method: "GET", url: "/media/cache/w500/poster1.webp" });
      expect(res.statusCode).toBe(200);
      expect(host.hits.get("/t/p/w500/poster1.jpg")).toBe(before);
    } finally {
      await next.close();
    }
  });
});

describe("ImageCache", () => {
  it("times out a hung upstream and refuses one that sends too much", async () => {
    host.answers.set("/t/p/w500/hung.jpg", { hang: true });
    host.answers.set("/t/p/w500/large.jpg", { body: await jpeg(500, 750) });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "image-cache-limits-"));
    try {
      const cache = new ImageCache({ dir, upstreamBaseUrl: base, maxBytes: 1e6, upstreamTimeoutMs: 200 });
      await expect(cache.get("w500", "hung.webp")).rejects.toBeInstanceOf(UpstreamFailed);
      const tiny = new ImageCache({ dir, upstreamBaseUrl: base, maxBytes: 1e6, upstreamMaxBytes: 100 });
      await expect(tiny.get("w500", "large.webp")).rejects.toBeInstanceOf(UpstreamFailed);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps the disk under its budget, evicting the least recently served files", async () => {
    const names = ["e1", "e2", "e3", "e4"];
    for (const name of names) {
      const noise = sharp({
        create: {
          width: 185,
          height: 278,
          channels: 3,
          background: "#000",
          noise: { type: "gaussian", mean: 128, sigma: 40 },
        },
      });
      host.answers.set(`/t/p/w185/${name}.jpg`, { body: await noise.jpeg().toBuffer() });
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "image-cache-lru-"));
    try {
      const sizes = await Promise.all(names.map(encodedSize));
      // Room for any three files, not four; nothing held in memory, so every hit goes to the disk.
      const budget = Math.max(...sizes) * 3 + 16;
      expect(sizes.reduce((a, b) => a + b)).toBeGreaterThan(budget);
      const cache = new ImageCache({ dir, upstreamBaseUrl: base, maxBytes: budget, memoryBytes: 1 });
      const onDisk = (name: string) => fs.existsSync(path.join(dir, "w185", `${name}.webp`));
      await cache.get("w185", "e1.webp");
      await cache.get("w185", "e2.webp");
      await cache.get("w185", "e3.webp");
      await cache.get("w185", "e1.webp"); // e1 served again: e2 is now the least recently served
      await cache.get("w185", "e4.webp");
      await cache.settled();
      expect(names.map(onDisk)).toEqual([true, false, true, true]);
      expect(cache.diskBytes).toBeLessThanOrEqual(budget);
      // A file evicted is fetched again when asked for.
      const before = host.hits.get("/t/p/w185/e2.jpg")!;
      expect(await cache.get("w185", "e2.webp")).not.toBeNull();
      expect(host.hits.get("/t/p/w185/e2.jpg")).toBe(before + 1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function encodedSize(name: string): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "image-cache-size-"));
  try {
    const cache = new ImageCache({ dir, upstreamBaseUrl: base, maxBytes: 1e7 });
    return (await cache.get("w185", `${name}.webp`))!.length;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
