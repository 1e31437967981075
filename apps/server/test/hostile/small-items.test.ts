// Issue #22 item 9: invalid UTF-8 in a JSON body, bidi controls in free text, access tokens without `exp`, the
// Permissions-Policy header and HSTS only over https. (431 and other pre-routing errors in the error shape:
// proxy-and-connections.test.ts; zod's jitless mode: apps/web/src/zod-jitless.test.ts and e2e/tests/auth-forms.spec.ts.)
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../helpers/context.js";
import { createMember, injectAs, type TestMember } from "../helpers/factories.js";

let ctx: TestContext;
let member: TestMember;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TRUST_PROXY: "127.0.0.1" } });
  member = await createMember(ctx);
});
afterAll(async () => ctx?.close());

const patchMe = (payload: string | Buffer) =>
  injectAs(
    ctx,
    member,
  )({
    method: "PATCH",
    url: "/api/users/me",
    headers: { "content-type": "application/json" },
    payload,
  });

const statusMessage = async () =>
  (await ctx.db.selectFrom("users").select("status_message").where("id", "=", member.id).executeTakeFirstOrThrow())
    .status_message;

describe("request bodies", () => {
  it("refuse bytes that are not UTF-8 with 400 INVALID_JSON and store nothing", async () => {
    const prefix = Buffer.from('{"status_message":"', "utf8");
    const suffix = Buffer.from('"}', "utf8");
    for (const bad of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xe0, 0x80, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]]) {
      const res = await patchMe(Buffer.concat([prefix, Buffer.from(bad), suffix]));
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toEqual({ detail: expect.any(String), code: "INVALID_JSON" });
    }
    expect(await statusMessage()).toBeNull();
    // Real multi-byte UTF-8 is stored as sent.
    expect((await patchMe(Buffer.from('{"status_message":"안녕 🎬"}', "utf8"))).statusCode).toBe(200);
    expect(await statusMessage()).toBe("안녕 🎬");
  });

  it("refuse bidi embedding, override and isolate controls in free text (400 INVALID_FIELD, never stripped)", async () => {
    const before = await statusMessage();
    for (const cp of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      const res = await patchMe(JSON.stringify({ status_message: `gpj${String.fromCodePoint(cp)}exe` }));
      expect(res.statusCode, cp.toString(16)).toBe(400);
      expect(res.json()).toEqual({ detail: expect.stringContaining("'status_message'"), code: "INVALID_FIELD" });
    }
    const collection = await injectAs(
      ctx,
      member,
    )({
      method: "POST",
      url: "/api/collections",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ title: "\u202Eevil" }),
    });
    expect(collection.json().code).toBe("INVALID_FIELD");
    expect(await statusMessage()).toBe(before);
    // Right-to-left text itself (Arabic, Hebrew) and the implicit marks (U+200E, U+200F) are fine.
    expect((await patchMe(JSON.stringify({ status_message: "שלום \u200F مرحبا" }))).statusCode).toBe(200);
  });
});

describe("access tokens", () => {
  it("without `exp` are refused, even when correctly signed", async () => {
    const key = await crypto.subtle.importKey("raw", ctx.config.jwtSecret, { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    const sid = (JSON.parse(atob(member.accessToken.split(".")[1]!)) as { sid: string }).sid;
    const forever = await new SignJWT({ sid, typ: "access" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(member.id))
      .setIssuedAt()
      .setJti("ab".repeat(16))
      .sign(key);
    const res = await injectAs(ctx, { accessToken: forever })({ method: "GET", url: "/api/users/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("INVALID_TOKEN");
    expect((await injectAs(ctx, member)({ method: "GET", url: "/api/users/me" })).statusCode).toBe(200);
  });
});

describe("response headers", () => {
  it("carry a Permissions-Policy that switches off features the app never uses", async () => {
    for (const url of ["/api/health", "/", "/api/no-such-route"]) {
      const policy = String((await ctx.app.inject({ url })).headers["permissions-policy"]);
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
        expect(policy, url).toContain(`${feature}=()`);
      }
    }
  });

  it("send HSTS only over https (directly or from a trusted proxy)", async () => {
    const http = await ctx.app.inject({ url: "/api/health" });
    expect(http.headers["strict-transport-security"]).toBeUndefined();
    const https = await ctx.app.inject({ url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    expect(https.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });
});
