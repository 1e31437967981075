// Authorization matrix (issue 10 item 7): every mutating /api endpoint and every required-auth GET, called as a
// visitor (no bearer), with a revoked bearer, as another member and as the owner, each on fresh fixtures. The table
// with the expected answer per endpoint and the reason is MATRIX in helpers/authz-rows.ts. A refused call — and any
// call by someone other than the owner — must leave the owner's content and session exactly as they were.
// (GET /api/users/refresh authenticates with the refresh cookie only and is covered by sessions.test.ts.)
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { injectAs, type TestMember } from "./helpers/factories.js";
import { buildWorld, MATRIX, type MatrixRow, type Outcome, urlFor, type World } from "./helpers/authz-rows.js";
import { apiRoutes, fillParams, openApiPaths } from "./helpers/routes.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      RATE_LIMIT_SIGNUP_PER_HOUR: "0",
      RATE_LIMIT_CREATES_PER_MIN: "0",
      RATE_LIMIT_RATINGS_PER_MIN: "0",
      RATE_LIMIT_TOGGLES_PER_MIN: "0",
      RATE_LIMIT_IP_PER_MIN: "0",
    },
  });
});
afterAll(async () => ctx.close());

type Role = "visitor" | "revoked bearer" | "other member" | "owner";
const ROLES: Role[] = ["visitor", "revoked bearer", "other member", "owner"];

function expected(row: MatrixRow, role: Role): Outcome {
  if (role === "owner") return row.owner;
  if (role === "other member") return row.other;
  if (row.auth === "none") return row.other;
  return role === "visitor" ? { status: 401, code: "AUTH_REQUIRED" } : { status: 401, code: "INVALID_TOKEN" };
}

async function revokedBearer(owner: TestMember): Promise<Pick<TestMember, "accessToken">> {
  const session = await ctx.services.auth.startSession(owner.id);
  await ctx.services.auth.logout(session.refresh_token, undefined);
  return { accessToken: session.access_token };
}

/** What only the owner may change: their content, their profile, their session. */
async function ownerState(w: World) {
  const one = async (table: "reviews" | "replies" | "collection_comments", id: number) =>
    ctx.db.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst();
  return {
    user: await ctx.db
      .selectFrom("users")
      .select(["username", "status_message", "profile_url"])
      .where("id", "=", w.owner.id)
      .executeTakeFirst(),
    review: await ctx.db
      .selectFrom("reviews")
      .select(["content", "rating", "status", "spoiler"])
      .where("id", "=", w.review)
      .executeTakeFirst(),
    reply: (await one("replies", w.reply))?.content,
    comment: (await one("collection_comments", w.comment))?.content,
    collection: await ctx.db
      .selectFrom("collections")
      .select(["title", "overview"])
      .where("id", "=", w.collection)
      .executeTakeFirst(),
    movies: (
      await ctx.db
        .selectFrom("collection_movies")
        .select("movie_id")
        .where("collection_id", "=", w.collection)
        .execute()
    ).map((r) => r.movie_id),
    session: (await injectAs(ctx, w.owner)({ method: "GET", url: "/api/users/me" })).statusCode,
  };
}

async function call(
  row: MatrixRow,
  role: Role,
): Promise<{ res: LightMyRequestResponse; before: unknown; after: unknown }> {
  const w = await buildWorld(ctx);
  const actor = role === "owner" ? w.owner : w.other;
  await row.prepare?.(ctx, w, actor);
  const caller = role === "visitor" ? null : role === "revoked bearer" ? await revokedBearer(w.owner) : actor;
  const before = await ownerState(w);
  const body = row.body?.(w);
  const res = await injectAs(
    ctx,
    caller,
  )({
    method: row.method,
    url: urlFor(row.path, w) + (row.query ?? ""),
    // As the web app's fetch calls send it: GET logout acts only for script requests (docs/security.md).
    headers: { "sec-fetch-mode": "cors" },
    ...(body !== undefined ? { payload: body as object } : {}),
    ...(row.contentType ? { headers: { "content-type": row.contentType } } : {}),
  });
  return { res, before, after: role === "owner" ? before : await ownerState(w) };
}

describe("authorization matrix", () => {
  for (const row of MATRIX) {
    const summary = ROLES.map((role) => {
      const o = expected(row, role);
      return `${role} ${typeof o === "number" ? o : `${o.status} ${o.code}`}`;
    }).join(", ");
    it(`${row.method} ${row.path}: ${summary}`, async () => {
      for (const role of ROLES) {
        const { res, before, after } = await call(row, role);
        const want = expected(row, role);
        const label = `${role}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (typeof want === "number") {
          expect(res.statusCode, label).toBe(want);
        } else {
          expect(res.statusCode, label).toBe(want.status);
          expect(res.json(), label).toEqual({ detail: expect.any(String), code: want.code });
        }
        // Nobody but the owner changes the owner's content or ends the owner's session.
        expect(after, `${role} changed the owner's state`).toEqual(before);
      }
    });
  }

  it("covers every mutating endpoint and every required-auth GET the app registers", async () => {
    const covered = new Set(MATRIX.map((r) => `${r.method} ${r.path}`));
    const missing: string[] = [];
    const used = new Set<string>();
    for (const route of apiRoutes(ctx.app)) {
      // Its credentials (bearer or ticket) are tested over a real port: an SSE answer never ends under inject.
      if (route.url === "/api/notifications/stream") continue;
      let needsRow = route.method !== "GET";
      if (!needsRow) {
        const res = await ctx.app.inject({ method: "GET", url: fillParams(route.url, "1") });
        needsRow = res.statusCode === 401 && res.json<{ code: string }>().code === "AUTH_REQUIRED";
      }
      const keys = openApiPaths(route.url).map((p) => `${route.method} ${p}`);
      keys.forEach((k) => used.add(k));
      if (needsRow && !keys.some((k) => covered.has(k))) missing.push(keys.join(" or "));
    }
    expect(missing).toEqual([]);
    expect(
      [...covered].filter((k) => !used.has(k)),
      "rows for routes that do not exist",
    ).toEqual([]);
  });
});
