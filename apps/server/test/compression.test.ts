// API answers are compressed for clients that accept it (Brotli preferred, then gzip), with Vary: Accept-Encoding;
// identical to the plain answer once decoded; plain for clients that do not; small bodies, HEAD and errors unharmed.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "../src/db/seed/index.js";
import { createTestContext, type TestContext } from "./helpers/context.js";

let ctx: TestContext;
const CHART = "/api/movies?chart_type=box_office";

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCatalog(ctx.db, ctx.clock.now());
});
afterAll(async () => ctx.close());

const get = (url: string, acceptEncoding?: string, method: "GET" | "HEAD" = "GET") =>
  ctx.app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

describe("compressed API answers", () => {
  it("sends a large answer plain when no encoding is accepted", async () => {
    for (const accept of [undefined, "identity"]) {
      const res = await get(CHART, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.rawPayload.length).toBeGreaterThan(10_000);
      expect(() => JSON.parse(res.body) as unknown).not.toThrow();
    }
  });

  it("sends gzip and Brotli that decode to the plain answer, with Vary and an exact Content-Length", async () => {
    const plain = (await get(CHART)).body;
    const gzip = await get(CHART, "gzip, deflate");
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.headers["content-type"]).toMatch(/^application\/json/);
    expect(gzip.headers["cache-control"]).toBe("no-store");
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toBe(plain);
    expect(gzip.rawPayload.length).toBeLessThan(Buffer.byteLength(plain) / 3);
    if (gzip.headers["content-length"] !== undefined) {
      expect(Number(gzip.headers["content-length"])).toBe(gzip.rawPayload.length);
    }

    const br = await get(CHART, "gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain);
  });

  it("answers HEAD without a body", async () => {
    const res = await get(CHART, "gzip, br", "HEAD");
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
  });

  it("leaves small answers and error bodies plain", async () => {
    const small = await get("/api/health", "gzip, br");
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toBeTypeOf("object");

    const missing = await get("/api/movies/999999999", "gzip, br");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-encoding"]).toBeUndefined();
    expect(missing.json()).toMatchObject({ code: "MOVIE_NOT_FOUND" });

    const bad = await get("/api/movies?chart_type=nope", "gzip, br");
    expect(bad.statusCode).toBe(400);
    expect(bad.headers["content-encoding"]).toBeUndefined();
    expect(bad.json()).toHaveProperty("code");
  });

  it("never decompresses a request body", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/signin",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: "{}",
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});
