// PUT / DELETE /api/users/me/avatar and GET /media/avatars/{file} (docs/media.md): real images made with sharp, the
// real app, files under a throw-away MEDIA_DIR.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import type { Me } from "@moviepedia/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, DEFAULT_PASSWORD, injectAs, type TestMember } from "./helpers/factories.js";

let ctx: TestContext;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "avatars-test-"));
  ctx = await createTestContext({ env: { MEDIA_DIR: mediaDir } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const AVATAR_URL = /^\/media\/avatars\/([0-9]+-[0-9a-f]{16}\.webp)$/;

function picture(width: number, height: number, color = { r: 200, g: 40, b: 90 }) {
  return sharp({ create: { width, height, channels: 3, background: color } });
}

function put(member: TestMember | null, body: Buffer | string, contentType: string | undefined) {
  return injectAs(
    ctx,
    member,
  )({
    method: "PUT",
    url: "/api/users/me/avatar",
    headers: contentType ? { "content-type": contentType } : {},
    payload: body,
  });
}

const fileOf = (url: string) => path.join(mediaDir, "avatars", AVATAR_URL.exec(url)![1]!);

/** A PNG whose header declares `width` × `height` pixels, with a little compressed data: a decompression bomb. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(4 * 1024 * 1024), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe("PUT /api/users/me/avatar", () => {
  it("stores a 256 px WebP square without the upload's EXIF and answers Me with its URL on this origin", async () => {
    const member = await createMember(ctx);
    const jpeg = await picture(1200, 800)
      .withExif({ IFD0: { Copyright: "secret-owner", Artist: "camera-person" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await put(member, jpeg, "image/jpeg");
    expect(res.statusCode).toBe(200);
    const me = res.json<Me>();
    expect(me.id).toBe(member.id);
    expect(me.login_id).toBe(member.loginId);
    expect(me.profile_url).toMatch(AVATAR_URL);
    expect(me.profile_url.startsWith(`/media/avatars/${member.id}-`)).toBe(true);

    const served = await ctx.app.inject({ method: "GET", url: me.profile_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes("secret-owner")).toBe(false);
    expect(fs.readFileSync(fileOf(me.profile_url)).equals(served.rawPayload)).toBe(true);

    // Every answer that shows the member now carries the new picture.
    const profile = await ctx.app.inject({ method: "GET", url: `/api/users/profile/${member.id}` });
    expect(profile.json<Me>().profile_url).toBe(me.profile_url);
  });

  it("takes PNG and WebP, whatever the declared type among the three; a new picture replaces the old file", async () => {
    const member = await createMember(ctx);
    const png = await picture(300, 500, { r: 10, g: 200, b: 10 }).png().toBuffer();
    const first = (await put(member, png, "image/png")).json<Me>().profile_url;
    expect(first).toMatch(AVATAR_URL);

    const webp = await picture(640, 640, { r: 10, g: 10, b: 200 }).webp().toBuffer();
    const second = await put(member, webp, "image/jpeg");
    expect(second.statusCode).toBe(200);
    const url = second.json<Me>().profile_url;
    expect(url).toMatch(AVATAR_URL);
    expect(url).not.toBe(first);
    expect(fs.existsSync(fileOf(first))).toBe(false);
    expect(fs.existsSync(fileOf(url))).toBe(true);
    expect((await ctx.app.inject({ method: "GET", url: first })).statusCode).toBe(404);

    // The same picture again: the same name, and the file stays.
    const again = await put(member, webp, "image/webp; charset=binary");
    expect(again.statusCode).toBe(200);
    expect(again.json<Me>().profile_url).toBe(url);
    expect(fs.existsSync(fileOf(url))).toBe(true);
  });

  it("answers 401 before anything else, without a bearer or with a bad one", async () => {
    const png = await picture(10, 10).png().toBuffer();
    for (const res of [
      await put(null, png, "image/png"),
      await put(null, "text", "text/plain"),
      await put(null, Buffer.alloc(6 * 1024 * 1024), "image/png"),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: "AUTH_REQUIRED", detail: expect.any(String) });
    }
    const bad = await put({ accessToken: "not-a-token" } as TestMember, png, "image/png");
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe("INVALID_TOKEN");
  });

  it("answers 415 to any body that is not JPEG, PNG or WebP by its Content-Type", async () => {
    const member = await createMember(ctx);
    const png = await picture(10, 10).png().toBuffer();
    for (const [body, type] of [
      ['{"profile_url":"x"}', "application/json"],
      ["hello", "text/plain"],
      [png, "image/gif"],
      [png, "image/svg+xml"],
      [png, "multipart/form-data; boundary=x"],
      [png, undefined],
    ] as const) {
      const res = await put(member, body, type);
      expect(res.statusCode, String(type)).toBe(415);
      expect(res.json().code).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
    // Every other route still refuses images (API.md §1.2).
    const patch = await injectAs(
      ctx,
      member,
    )({
      method: "PATCH",
      url: "/api/users/me",
      headers: { "content-type": "image/png" },
      payload: png,
    });
    expect(patch.statusCode).toBe(415);
  });

  it("answers 413 over 5 MB, and to pictures over 40 megapixels (decompression bombs) before decoding them", async () => {
    const member = await createMember(ctx);
    const big = Buffer.concat([await picture(10, 10).jpeg().toBuffer(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await put(member, big, "image/jpeg");
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe("BODY_TOO_LARGE");

    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const refused = await put(member, bomb, "image/png");
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe("BODY_TOO_LARGE");

    // Just over the limit, a real image: 8000 × 5001 > 40,000,000.
    const over = await picture(8000, 5001).png({ compressionLevel: 9 }).toBuffer();
    expect((await put(member, over, "image/png")).statusCode).toBe(413);
    const me = await injectAs(ctx, member)({ method: "GET", url: "/api/users/me" });
    expect(me.json<Me>().profile_url).toMatch(/^\/media\/avatar\/[0-9]+\.svg\?v=/);
  });

  it("answers 400 INVALID_IMAGE to bytes that are not a readable picture", async () => {
    const member = await createMember(ctx);
    const png = await picture(64, 64).png().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const gif = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
    for (const [body, type] of [
      [Buffer.from("definitely not an image"), "image/png"],
      [svg, "image/png"],
      [gif, "image/jpeg"],
      [png.subarray(0, 40), "image/png"],
      [Buffer.concat([png.subarray(0, 8), Buffer.alloc(200, 7)]), "image/png"],
      [Buffer.alloc(0), "image/png"],
    ] as const) {
      const res = await put(member, body, type);
      expect(res.statusCode, body.subarray(0, 20).toString("latin1")).toBe(400);
      expect(res.json()).toEqual({ code: "INVALID_IMAGE", detail: expect.any(String) });
    }
  });

  it("draws from the member's create bucket (429 with Retry-After)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "avatars-limit-"));
    const limited = await createTestContext({ env: { MEDIA_DIR: dir, RATE_LIMIT_CREATES_PER_MIN: "2" } });
    try {
      const member = await createMember(limited);
      const png = await picture(20, 20).png().toBuffer();
      const call = () =>
        limited.app.inject({
          method: "PUT",
          url: "/api/users/me/avatar",
          headers: { authorization: `Bearer ${member.accessToken}`, "content-type": "image/png" },
          payload: png,
        });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      const res = await call();
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe("RATE_LIMITED");
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await limited.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("DELETE /api/users/me/avatar", () => {
  it("goes back to the generated art and removes the file", async () => {
    const member = await createMember(ctx);
    const url = (await put(member, await picture(50, 50).png().toBuffer(), "image/png")).json<Me>().profile_url;
    expect(fs.existsSync(fileOf(url))).toBe(true);

    const res = await injectAs(ctx, member)({ method: "DELETE", url: "/api/users/me/avatar" });
    expect(res.statusCode).toBe(200);
    expect(res.json<Me>().profile_url).toMatch(new RegExp(`^/media/avatar/${member.id}\\.svg\\?v=[0-9a-f]{8}$`));
    expect(fs.existsSync(fileOf(url))).toBe(false);

    // Nothing to remove: the same answer.
    const again = await injectAs(
      ctx,
      member,
    )({
      method: "DELETE",
      url: "/api/users/me/avatar",
      headers: { "content-type": "application/json" },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<Me>().profile_url).toBe(res.json<Me>().profile_url);
  });

  it("PATCH /api/users/me pointing profile_url elsewhere removes the uploaded file; re-sending it keeps it", async () => {
    const member = await createMember(ctx);
    const url = (await put(member, await picture(30, 30).png().toBuffer(), "image/png")).json<Me>().profile_url;
    const patch = (body: unknown) =>
      injectAs(
        ctx,
        member,
      )({
        method: "PATCH",
        url: "/api/users/me",
        headers: { "content-type": "application/json" },
        payload: body as object,
      });
    expect((await patch({ profile_url: url, status_message: "안녕" })).json<Me>().profile_url).toBe(url);
    expect(fs.existsSync(fileOf(url))).toBe(true);
    expect((await patch({ profile_url: "https://images.example.com/a.png" })).statusCode).toBe(200);
    expect(fs.existsSync(fileOf(url))).toBe(false);
  });

  it("clears an external picture too, and needs a bearer", async () => {
    const member = await createMember(ctx);
    const patched = await injectAs(
      ctx,
      member,
    )({
      method: "PATCH",
      url: "/api/users/me",
      headers: { "content-type": "application/json" },
      payload: { profile_url: "https://images.example.com/me.png" },
    });
    expect(patched.json<Me>().profile_url).toBe("https://images.example.com/me.png");
    const res = await injectAs(ctx, member)({ method: "DELETE", url: "/api/users/me/avatar" });
    expect(res.json<Me>().profile_url).toMatch(/^\/media\/avatar\//);

    const anonymous = await ctx.app.inject({ method: "DELETE", url: "/api/users/me/avatar" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe("AUTH_REQUIRED");
  });

  it("account deletion removes the uploaded file", async () => {
    const member = await createMember(ctx);
    const url = (await put(member, await picture(40, 40).jpeg().toBuffer(), "image/jpeg")).json<Me>().profile_url;
    const res = await injectAs(
      ctx,
      member,
    )({
      method: "DELETE",
      url: "/api/users/me",
      headers: { "content-type": "application/json" },
      payload: { login_password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(204);
    expect(fs.existsSync(fileOf(url))).toBe(false);
  });
});

describe("GET /media/avatars/{file}", () => {
  it("is a plain 404 for unknown files and names that are not ours", async () => {
    for (const file of ["1-0123456789abcdef.webp", "..%2F..%2Fpackage.json", "x.webp", "1-0123456789ABCDEF.webp"]) {
      const res = await ctx.app.inject({ method: "GET", url: `/media/avatars/${file}` });
      expect(res.statusCode, file).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    }
  });
});

describe("OpenAPI", () => {
  it("documents both methods, the image body types and the Me answer", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const route = doc.paths["/api/users/me/avatar"];
    expect(Object.keys(route.put.requestBody.content).sort()).toEqual(["image/jpeg", "image/png", "image/webp"]);
    expect(route.put.responses["200"]).toBeDefined();
    expect(route.delete.responses["200"]).toBeDefined();
  });
});
