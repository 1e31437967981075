// Serving the built SPA: the web build's .br/.gz copies go to browsers that accept them (with Vary), hashed assets
// are cached for a year, index.html (also the answer to every app route) is revalidated every time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";

const INDEX =
  '<!doctype html><html lang="ko"><head><title>무비피디아</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const movies = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `영화 ${i}`))};\n`;

let ctx: TestContext;
let dist: string;

function writeWithCopies(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(content)));
  fs.writeFileSync(`${file}.gz`, gzipSync(Buffer.from(content)));
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "moviepedia-web-"));
  writeWithCopies(path.join(dist, "index.html"), INDEX);
  writeWithCopies(path.join(dist, "assets", "index-Abc123.js"), SCRIPT);
  fs.writeFileSync(path.join(dist, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestContext({ env: { WEB_DIST: dist } });
});

afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("web app static files", () => {
  it("sends the Brotli copy of a hashed asset to a browser that accepts it, cached for a year", async () => {
    const res = await get("/assets/index-Abc123.js", "gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the gzip copy when Brotli is not accepted, and the file itself when nothing is", async () => {
    const gz = await get("/assets/index-Abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get("/assets/index-Abc123.js");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it("serves a file without compressed copies as it is", async () => {
    const res = await get("/favicon.svg", "br, gzip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("answers an app route with index.html, compressed, revalidated every time, with the CSP", async () => {
    const res = await get("/movies/1?tab=info", "br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);

    const plain = await get("/search?query=%EA%B8%B0%EC%83%9D%EC%B6%A9");
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(INDEX);
  });

  it("keeps unknown assets and API paths out of the app fallback", async () => {
    const asset = await get("/assets/missing-Zzz.js", "br");
    expect(asset.statusCode).toBe(404);
    const api = await get("/api/nothing-here", "br");
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});
