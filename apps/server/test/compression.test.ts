// API answers are compressed for clients that accept it (Brotli preferred, then gzip), with Vary: Accept-Encoding;
// identical to the plain answer once decoded; plain for clients that do not; small bodies, HEAD and errors unharmed.
import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "../src/db/seed/index.js";
import { KeptBody, keptBodySize } from "../src/http/json-reply.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createReview, injectAs } from "./helpers/factories.js";

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

// Kept answers (charts, search, the feed, 평가하기 pages, notifications) keep their compressed bytes beside them
// (http/json-reply.ts): compressed once, not once per request.
describe("kept answers' compressed copies", () => {
  it("are made once per kept body and encoding, shared by concurrent requests", async () => {
    const body = KeptBody.of(
      JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, title: `영화 ${i % 7}` }))),
    );
    const [first, concurrent] = await Promise.all([body.encoded("br"), body.encoded("br")]);
    expect(concurrent).toBe(first);
    expect(await body.encoded("br")).toBe(first);
    expect(brotliDecompressSync(first).equals(body.bytes)).toBe(true);
    const gzip = await body.encoded("gzip");
    expect(gzip).not.toBe(first);
    expect(gunzipSync(gzip).equals(body.bytes)).toBe(true);
    // Both fit the room the region counts for copies (half the body), so both are kept.
    expect(first.byteLength + gzip.byteLength).toBeLessThanOrEqual(keptBodySize(body) - body.bytes.byteLength);
    expect(await body.encoded("gzip")).toBe(gzip);
  });

  it("are not kept beyond the room the region counts for them (the byte budget holds)", async () => {
    const noise = new KeptBody(randomBytes(8192));
    const once = await noise.encoded("gzip");
    expect(gunzipSync(once).equals(noise.bytes)).toBe(true);
    expect(await noise.encoded("gzip")).not.toBe(once);
    // A body whose first copy takes most of the room: the second encoding is made per request.
    const text = KeptBody.of(randomBytes(1200).toString("hex") + " ".repeat(600));
    const br = await text.encoded("br");
    expect(br.byteLength).toBeGreaterThan(keptBodySize(text) - text.bytes.byteLength - br.byteLength);
    expect(await text.encoded("br")).toBe(br);
    const gzip = await text.encoded("gzip");
    expect(await text.encoded("gzip")).not.toBe(gzip);
  });

  it("answer a kept chart in the encoding asked for, with Vary, and plain otherwise", async () => {
    const plain = (await get(CHART)).rawPayload;
    expect(plain.length).toBeGreaterThan(10_000);
    const first = await get(CHART, "gzip, deflate, br");
    const again = await get(CHART, "gzip, deflate, br");
    for (const res of [first, again]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers.vary).toBe("accept-encoding");
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      expect(brotliDecompressSync(res.rawPayload).equals(plain)).toBe(true);
    }
    const gzip = await get(CHART, "br;q=0, gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).equals(plain)).toBe(true);
    const identity = await get(CHART, "identity");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.rawPayload.equals(plain)).toBe(true);
    const head = await get(CHART, "br", "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });

  it("answer a member's kept feed compressed, fresh after a write", async () => {
    const reader = await createMember(ctx);
    const writer = await createMember(ctx);
    const asReader = injectAs(ctx, reader);
    expect((await asReader({ method: "POST", url: `/api/users/follow/${writer.id}` })).statusCode).toBe(201);
    const films = (JSON.parse((await get(CHART)).body) as Array<{ id: number }>).map((m) => m.id);
    for (const id of films.slice(0, 6)) {
      await createReview(ctx, writer, id, { rating: 4, content: `${id}번 영화: 연출과 연기가 모두 인상적이었어요.` });
    }
    const feed = () =>
      asReader({ method: "GET", url: "/api/feed?begin=0&end=20", headers: { "accept-encoding": "gzip, br" } });
    const decoded = async () => {
      const res = await feed();
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      return JSON.parse(brotliDecompressSync(res.rawPayload).toString("utf8")) as Array<{ type: string }>;
    };
    expect((await decoded()).filter((item) => item.type === "review")).toHaveLength(6);
    expect(await decoded()).toHaveLength(6);
    await createReview(ctx, writer, films[6]!, { rating: 5, content: "일곱 번째 코멘트예요." });
    expect((await decoded()).filter((item) => item.type === "review")).toHaveLength(7);
  });
});
