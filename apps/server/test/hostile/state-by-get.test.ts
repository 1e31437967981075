// Issue #22 item 1: state changes by GET. A member's avatar pointing at /api/users/logout signed out every viewer of
// their comments (the browser's image request carries the Strict cookie: it is same-site); HEAD of refresh rotated
// the token. GET/HEAD of refresh and logout act only for script requests; profile_url cannot address our /api.
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../helpers/context.js";
import { createMember, injectAs, type TestMember } from "../helpers/factories.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_ORIGIN: "https://moviepedia.example" } });
});
afterAll(async () => ctx?.close());

/** What a browser sends for an <img>, a link or a form on our own pages (Fetch Metadata), or an old browser's image. */
const NOT_SCRIPT: Array<[string, Record<string, string>]> = [
  ["an image (Sec-Fetch-Mode: no-cors)", { "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" }],
  ["a link or frame (Sec-Fetch-Mode: navigate)", { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" }],
  ["an image from a browser without Fetch Metadata", { accept: "image/avif,image/webp,*/*" }],
  ["a form-typed bodiless GET without Fetch Metadata", { "content-type": "application/x-www-form-urlencoded" }],
];

async function sessionAlive(member: TestMember): Promise<boolean> {
  return (await injectAs(ctx, member)({ method: "GET", url: "/api/users/me" })).statusCode === 200;
}

async function tokenState(token: string): Promise<string | undefined> {
  const { createHash } = await import("node:crypto");
  const hash = createHash("sha256").update(token).digest("hex");
  const row = await ctx.db
    .selectFrom("refresh_tokens")
    .select("state")
    .where("token_hash", "=", hash)
    .executeTakeFirst();
  return row?.state;
}

function call(method: "GET" | "HEAD", url: string, member: TestMember, headers: Record<string, string>) {
  const options: InjectOptions = { method, url, headers, cookies: { refresh_token: member.refreshToken } };
  return ctx.app.inject(options);
}

describe("GET and HEAD of logout and refresh", () => {
  for (const [what, headers] of NOT_SCRIPT) {
    it(`refuse ${what} with 403 and change nothing`, async () => {
      const member = await createMember(ctx);
      for (const url of ["/api/users/logout", "/api/users/refresh"]) {
        const res = await call("GET", url, member, headers);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ detail: expect.any(String), code: "FORBIDDEN" });
        expect(res.headers["set-cookie"], url).toBeUndefined();
      }
      expect(await sessionAlive(member)).toBe(true);
      expect(await tokenState(member.refreshToken)).toBe("active");
    });
  }

  it("never change state on HEAD, whatever the headers", async () => {
    const member = await createMember(ctx);
    for (const url of ["/api/users/logout", "/api/users/refresh"]) {
      const variants: Array<Record<string, string>> = [
        {},
        { "sec-fetch-mode": "cors" },
        { "content-type": "application/json" },
      ];
      for (const headers of variants) {
        const res = await call("HEAD", url, member, headers);
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(await sessionAlive(member)).toBe(true);
    expect(await tokenState(member.refreshToken)).toBe("active");
  });

  it("still work for script requests: fetch's Sec-Fetch-Mode, a JSON content type, a bearer", async () => {
    const viaFetch = await createMember(ctx);
    const rotated = await call("GET", "/api/users/refresh", viaFetch, { "sec-fetch-mode": "cors" });
    expect(rotated.statusCode).toBe(200);
    expect(await tokenState(viaFetch.refreshToken)).toBe("rotated");
    const sameOrigin = await createMember(ctx);
    expect((await call("GET", "/api/users/logout", sameOrigin, { "sec-fetch-mode": "same-origin" })).statusCode).toBe(
      204,
    );
    expect(await sessionAlive(sameOrigin)).toBe(false);
    const jsonTyped = await createMember(ctx);
    const refreshed = await call("GET", "/api/users/refresh", jsonTyped, {
      "content-type": "application/json; charset=utf-8",
    });
    expect(refreshed.statusCode).toBe(200);
    const withBearer = await createMember(ctx);
    const loggedOut = await ctx.app.inject({
      method: "GET",
      url: "/api/users/logout",
      headers: { authorization: `Bearer ${withBearer.accessToken}` },
    });
    expect(loggedOut.statusCode).toBe(204);
    expect(await sessionAlive(withBearer)).toBe(false);
  });

  it("let POST logout through as before (an image cannot POST)", async () => {
    const member = await createMember(ctx);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/users/logout",
      cookies: { refresh_token: member.refreshToken },
    });
    expect(res.statusCode).toBe(204);
    expect(await sessionAlive(member)).toBe(false);
  });
});

describe("profile_url", () => {
  const patch = (member: TestMember, profile_url: unknown, host = "localhost:80") =>
    injectAs(
      ctx,
      member,
    )({
      method: "PATCH",
      url: "/api/users/me",
      headers: { "content-type": "application/json", host },
      payload: JSON.stringify({ profile_url }),
    });

  it("cannot address our own /api, on the request's origin or PUBLIC_ORIGIN, however it is spelled", async () => {
    const member = await createMember(ctx);
    const attempts: Array<[string, string]> = [
      ["https://moviepedia.example/api/users/logout", "localhost:80"],
      ["https://MOVIEPEDIA.example:443/api/users/refresh", "localhost:80"],
      ["https://moviepedia.example/media/../api/users/logout", "localhost:80"],
      ["https://moviepedia.example/%61pi/users/logout", "localhost:80"],
      ["https://moviepedia.example/API/users/logout", "localhost:80"],
      ["https://moviepedia.example/api", "localhost:80"],
      ["https://app.internal:8443/api/users/logout", "app.internal:8443"],
    ];
    for (const [url, host] of attempts) {
      const res = await patch(member, url, host);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ detail: expect.stringContaining("'profile_url'"), code: "INVALID_FIELD" });
    }
    const me = await injectAs(ctx, member)({ method: "GET", url: "/api/users/me" });
    expect(me.json().profile_url).toMatch(/^\/media\/avatar\//);
  });

  it("must be an absolute https URL", async () => {
    const member = await createMember(ctx);
    for (const url of ["/api/users/logout", "//moviepedia.example/x.png", "javascript:alert(1)", "data:image/png,x"]) {
      expect((await patch(member, url)).statusCode, url).toBe(400);
    }
    expect((await patch(member, "http://img.example/a.png")).statusCode).toBe(400);
  });

  it("still accepts other hosts and our own non-API paths (same-origin /media/… images)", async () => {
    const member = await createMember(ctx);
    for (const url of [
      "https://img.example/api/users/logout",
      "https://moviepedia.example/media/avatar/1.png",
      "https://moviepedia.example/apiary.png",
    ]) {
      const res = await patch(member, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().profile_url).toBe(url);
    }
  });
});
