// Link previews (issue 20 item 18): the HTML sent for a shared movie, collection, comment or profile carries its
// title and Open Graph / Twitter-card tags, from the same rows the API answers; the 1200×630 images render as PNG.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createCollection, createMember, createMovie, createReview, type TestMember } from "./helpers/factories.js";

const INDEX =
  '<!doctype html><html lang="ko"><head><meta name="description" content="무비피디아 — 커뮤니티"><title>무비피디아</title>' +
  '<script type="module" crossorigin src="/assets/index-E1.js"></script></head><body><div id="root"></div></body></html>';
const MANIFEST = {
  "index.html": { file: "assets/index-E1.js", isEntry: true },
  "src/features/movies/pages/movie-page.tsx": { file: "assets/movie-page-M1.js", isDynamicEntry: true },
};

let ctx: TestContext;
let dist: string;
let author: TestMember;
let movieId: number;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "moviepedia-share-"));
  fs.writeFileSync(path.join(dist, "index.html"), INDEX);
  fs.mkdirSync(path.join(dist, ".vite"));
  fs.writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  ctx = await createTestContext({ env: { WEB_DIST: dist, PUBLIC_ORIGIN: "https://movies.example" } });
  author = await createMember(ctx, { username: "share_author" });
  movieId = (await createMovie(ctx, { title: "헤어질 결심", year: 2022, genres: ["드라마", "미스터리"] })).id;
});

afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: "GET", url });

/** The content of each <meta property|name=…> in the page. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g))
    tags[match[1]!] = match[2]!;
  return tags;
}

describe("link previews", () => {
  it("a movie: title, description with year, genres and average, and its 1200×630 image", async () => {
    const rater = await createMember(ctx);
    await createReview(ctx, rater, movieId, { rating: 4.5 });
    const res = await get(`/movies/${movieId}`);
    expect(res.statusCode).toBe(200);
    const tags = metaTags(res.body);
    expect(res.body).toContain("<title>헤어질 결심 (2022) - 무비피디아</title>");
    expect(res.body).not.toContain("무비피디아 — 커뮤니티");
    expect(tags["og:title"]).toBe("헤어질 결심 (2022)");
    expect(tags["og:type"]).toBe("video.movie");
    expect(tags["og:site_name"]).toBe("무비피디아");
    expect(tags["og:description"]).toMatch(/^2022 · 드라마, 미스터리 · 평균 ★4\.5/);
    expect(tags["og:url"]).toBe(`https://movies.example/movies/${movieId}`);
    expect(tags["og:image"]).toBe(`https://movies.example/media/share/movie/${movieId}.png`);
    expect(tags["og:image:width"]).toBe("1200");
    expect(tags["og:image:height"]).toBe("630");
    expect(tags["twitter:card"]).toBe("summary_large_image");
    expect(tags["twitter:image"]).toBe(tags["og:image"]);
    // The landing route's preloads are still there.
    expect(res.body).toContain(`<link rel="preload" as="fetch" crossorigin href="/api/movies/${movieId}">`);

    const image = await get(`/media/share/movie/${movieId}.png`);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });

  it("a collection, a comment and a profile", async () => {
    const collection = await createCollection(ctx, author, {
      title: "비 오는 날의 영화",
      overview: "창밖에 비가 올 때 보고 싶은 영화들",
      movieIds: [movieId],
    });
    let tags = metaTags((await get(`/collections/${collection.id}`)).body);
    expect(tags["og:title"]).toBe("비 오는 날의 영화");
    expect(tags["og:description"]).toBe("share_author님의 컬렉션 · 영화 1편 — 창밖에 비가 올 때 보고 싶은 영화들");
    expect(tags["og:image"]).toBe(`https://movies.example/media/share/collection/${collection.id}.png`);
    const image = await get(`/media/share/collection/${collection.id}.png`);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(1200);

    const review = await createReview(ctx, author, movieId, {
      rating: 5,
      content: "마지막 장면의 파도 소리가 오래 남는다.",
    });
    tags = metaTags((await get(`/comments/${movieId}/${review.id}`)).body);
    expect(tags["og:title"]).toBe("share_author님의 「헤어질 결심」 코멘트");
    expect(tags["og:description"]).toBe("★5.0 · 마지막 장면의 파도 소리가 오래 남는다.");
    expect(tags["og:image"]).toBe(`https://movies.example/media/share/movie/${movieId}.png`);

    await ctx.services.reviews.create((await createMember(ctx)).id, movieId, {
      content: "범인은 바로…",
      spoiler: true,
    });
    const spoilers = await ctx.db.selectFrom("reviews").select("id").where("spoiler", "=", 1).execute();
    tags = metaTags((await get(`/comments/${movieId}/${spoilers[0]!.id}`)).body);
    expect(tags["og:description"]).toBe("스포일러가 있는 코멘트예요.");

    tags = metaTags((await get(`/profile/${author.id}`)).body);
    expect(tags["og:title"]).toBe("share_author님의 프로필");
    expect(tags["og:type"]).toBe("profile");
    expect(tags["twitter:card"]).toBe("summary");
  });

  it("unknown records and other pages get the plain page; text is escaped", async () => {
    for (const url of ["/movies/999999", "/collections/999999", "/comments/1/999999", "/profile/999999", "/login"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(metaTags(res.body)["og:title"], url).toBeUndefined();
    }
    expect((await get("/media/share/movie/999999.png")).statusCode).toBe(404);
    expect((await get("/media/share/poster/1.png")).statusCode).toBe(404);
    const tricky = await createMovie(ctx, { title: `"><script>alert(1)</script>` });
    const res = await get(`/movies/${tricky.id}`);
    expect(res.body).not.toContain("<script>alert");
    expect(metaTags(res.body)["og:title"]).toContain("&quot;&gt;&lt;script&gt;");
  });
});

describe("share cards with TMDB images (image cache on)", () => {
  // A fake TMDB image host: a pure red poster and a pure blue backdrop; everything else is missing.
  let host: http.Server;
  let images: TestContext;
  let failing = false;
  const requests: string[] = [];

  beforeAll(async () => {
    const red = await sharp({ create: { width: 342, height: 513, channels: 3, background: "#ff0000" } })
      .jpeg()
      .toBuffer();
    const blue = await sharp({ create: { width: 1280, height: 720, channels: 3, background: "#0000ff" } })
      .jpeg()
      .toBuffer();
    host = http.createServer((request, response) => {
      requests.push(request.url ?? "");
      if (failing) return response.writeHead(503).end();
      const body = request.url === "/t/p/w342/red.jpg" ? red : request.url === "/t/p/w1280/blue.jpg" ? blue : null;
      if (!body) return response.writeHead(404).end();
      response.writeHead(200, { "content-type": "image/jpeg" }).end(body);
    });
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(host.address() as AddressInfo).port}/t/p`;
    images = await createTestContext({ env: { IMAGE_CACHE: "on", TMDB_IMAGE_BASE_URL: base } });
  });

  afterAll(async () => {
    await images.close();
    await new Promise<void>((resolve) => host.close(() => resolve()));
  });

  /** The card's colour at (x, y). */
  async function pixel(png: Buffer, x: number, y: number): Promise<[number, number, number]> {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    return [data[at]!, data[at + 1]!, data[at + 2]!];
  }

  it("puts the film's real poster and backdrop in the card, and keeps it", async () => {
    const movie = await createMovie(images, { title: "실제 포스터", year: 2024 });
    await images.db
      .updateTable("movies")
      .set({ poster_path: "/red.jpg", backdrop_path: "/blue.jpg" })
      .where("id", "=", movie.id)
      .execute();
    const res = await images.app.inject({ method: "GET", url: `/media/share/movie/${movie.id}.png` });
    expect(res.statusCode).toBe(200);
    const [r, g, b] = await pixel(res.rawPayload, 220, 310); // the poster's middle
    expect(r).toBeGreaterThan(200);
    expect(g + b).toBeLessThan(60);
    const corner = await pixel(res.rawPayload, 1190, 10); // the backdrop, under the card's dark veil
    expect(corner[2]).toBeGreaterThan(corner[0] + 40);
    // Kept: the images are not read again for the same card.
    const before = requests.length;
    const again = await images.app.inject({ method: "GET", url: `/media/share/movie/${movie.id}.png` });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(requests.length).toBe(before);
  });

  it("draws the art when TMDB cannot deliver, without keeping that card", async () => {
    const movie = await createMovie(images, { title: "포스터 없음", year: 2023 });
    await images.db.updateTable("movies").set({ poster_path: "/gone.jpg" }).where("id", "=", movie.id).execute();
    failing = true;
    try {
      const res = await images.app.inject({ method: "GET", url: `/media/share/movie/${movie.id}.png` });
      expect(res.statusCode).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(1200);
      const [r, g, b] = await pixel(res.rawPayload, 220, 310);
      expect([r, g, b]).not.toEqual([255, 0, 0]);
    } finally {
      failing = false;
    }
    // Once TMDB answers again (here: the image is missing), the card is drawn anew, not served from a kept failure.
    const before = requests.length;
    await images.app.inject({ method: "GET", url: `/media/share/movie/${movie.id}.png` });
    expect(requests.length).toBeGreaterThan(before);
  });
});
