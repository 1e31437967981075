// Issue #22 item 8: password change (PATCH /api/users/me/password [EXT]), scrypt at N=2^17 with transparent rehash
// on the next sign-in, an absolute session lifetime (SESSION_MAX_DAYS), and at most one new pair per rotated token
// inside the reuse grace window.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPasswordHasher, DEFAULT_SCRYPT_LOG_N, passwordHashing } from "../../src/modules/auth/passwords.js";
import { JSON_HEADERS, refresh, signin, signupMember } from "../helpers/auth.js";
import { createTestContext, type TestContext } from "../helpers/context.js";
import { createMember, injectAs } from "../helpers/factories.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMIT_SIGNIN_FAILURES: "3", RATE_LIMIT_SIGNIN_FAILURES_PER_IP: "0", RATE_LIMIT_SIGNIN_PER_IP: "0" },
  });
});
afterAll(async () => ctx?.close());

interface Tokens {
  access_token: string;
  refresh_token: string;
  user_id: number;
}

function changePassword(accessToken: string, body: unknown, ip = "198.51.100.5") {
  return ctx.app.inject({
    method: "PATCH",
    url: "/api/users/me/password",
    remoteAddress: ip,
    headers: { ...JSON_HEADERS, authorization: `Bearer ${accessToken}` },
    payload: JSON.stringify(body),
  });
}

const me = (token: string) => injectAs(ctx, { accessToken: token })({ method: "GET", url: "/api/users/me" });

describe("PATCH /api/users/me/password", () => {
  it("changes the password, keeps the caller's session and ends every other one", async () => {
    const m = await signupMember(ctx);
    const here = (await signin(ctx, m.loginId, m.password)).json<Tokens>();
    const elsewhere = (await signin(ctx, m.loginId, m.password)).json<Tokens>();
    const res = await changePassword(here.access_token, { current_password: m.password, new_password: "new-pass-42" });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await me(here.access_token)).statusCode).toBe(200);
    expect((await refresh(ctx, here.refresh_token)).statusCode).toBe(200);
    expect((await me(elsewhere.access_token)).json().code).toBe("INVALID_TOKEN");
    expect((await refresh(ctx, elsewhere.refresh_token)).json().code).toBe("INVALID_TOKEN");
    expect((await signin(ctx, m.loginId, m.password)).statusCode).toBe(401);
    expect((await signin(ctx, m.loginId, "new-pass-42")).statusCode).toBe(201);
  });

  it("validates in order: current_password, then new_password by signup's rules", async () => {
    const m = await createMember(ctx);
    const cases: Array<[unknown, string, string]> = [
      [{}, "MISSING_FIELD", "current_password"],
      [{ current_password: "", new_password: "abcd1234" }, "INVALID_FIELD", "current_password"],
      [{ current_password: "x".repeat(21), new_password: "abcd1234" }, "INVALID_FIELD", "current_password"],
      [{ current_password: m.password }, "MISSING_FIELD", "new_password"],
      [{ current_password: m.password, new_password: "abcdEFGH" }, "INVALID_FIELD", "new_password"],
      [{ current_password: m.password, new_password: "short1" }, "INVALID_FIELD", "new_password"],
      [{ current_password: m.password, new_password: "has space1" }, "INVALID_FIELD", "new_password"],
      [{ current_password: m.password, new_password: 12345678 }, "INVALID_FIELD", "new_password"],
    ];
    for (const [body, code, field] of cases) {
      const res = await changePassword(m.accessToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ detail: expect.stringContaining(`'${field}'`), code });
    }
    expect((await me(m.accessToken)).statusCode).toBe(200);
  });

  it("answers 401 to a wrong current password and counts it like a failed sign-in", async () => {
    const m = await createMember(ctx);
    for (let i = 0; i < 3; i++) {
      const wrong = await changePassword(m.accessToken, { current_password: "wrong-pass1", new_password: "abcd5678" });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe("INVALID_CREDENTIALS");
    }
    // RATE_LIMIT_SIGNIN_FAILURES (3) per address and login id: the fourth attempt, right or wrong, waits.
    const limited = await changePassword(m.accessToken, { current_password: m.password, new_password: "abcd5678" });
    expect(limited.statusCode).toBe(429);
    expect((await signin(ctx, m.loginId, m.password, { ip: "198.51.100.5" })).statusCode).toBe(429);
  });

  it("needs a bearer, and refuses social-only accounts (no password to change)", async () => {
    const anonymous = await ctx.app.inject({
      method: "PATCH",
      url: "/api/users/me/password",
      headers: JSON_HEADERS,
      payload: JSON.stringify({ current_password: "abcd1234", new_password: "abcd5678" }),
    });
    expect(anonymous.json().code).toBe("AUTH_REQUIRED");
    const m = await createMember(ctx);
    await ctx.db
      .updateTable("users")
      .set({ password_hash: null, login_type: "kakao" })
      .where("id", "=", m.id)
      .execute();
    const res = await changePassword(m.accessToken, { current_password: "abcd1234", new_password: "abcd5678" });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("FORBIDDEN");
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = (await ctx.app.inject({ url: "/api/openapi.json" })).json();
    const op = doc.paths["/api/users/me/password"].patch;
    expect(Object.keys(op.requestBody.content["application/json"].schema.properties).sort()).toEqual([
      "current_password",
      "new_password",
    ]);
    expect(op.responses["204"]).toBeDefined();
  });
});

describe("password hashes", () => {
  it("use scrypt N=2^17 by default, with maxmem raised enough to compute it", async () => {
    expect(DEFAULT_SCRYPT_LOG_N).toBe(17);
    const hasher = createPasswordHasher();
    const hash = await hasher.hash("abcd1234!");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    // One verification at full cost (each takes 128 MiB and a few hundred ms); wrong passwords at lower cost below.
    expect(await hasher.verify("abcd1234!", hash)).toBe(true);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it("made at a smaller cost are replaced on the next successful sign-in, transparently", async () => {
    const m = await signupMember(ctx);
    const old = await createPasswordHasher(10).hash(m.password);
    await ctx.db.updateTable("users").set({ password_hash: old }).where("id", "=", m.id).execute();
    const stored = async () =>
      (await ctx.db.selectFrom("users").select("password_hash").where("id", "=", m.id).executeTakeFirstOrThrow())
        .password_hash!;
    expect((await signin(ctx, m.loginId, "wrong-pass1", { ip: "198.51.100.77" })).statusCode).toBe(401);
    expect(await stored()).toBe(old);
    expect((await signin(ctx, m.loginId, m.password, { ip: "198.51.100.77" })).statusCode).toBe(201);
    const upgraded = await stored();
    expect(upgraded).not.toBe(old);
    expect(upgraded).toMatch(new RegExp(`^scrypt\\$${2 ** ctx.config.scryptLogN}\\$8\\$1\\$`));
    expect((await signin(ctx, m.loginId, m.password, { ip: "198.51.100.77" })).statusCode).toBe(201);
    expect(await stored()).toBe(upgraded);
  });

  it("are computed one at a time, the others waiting their turn (each takes 128 MiB at full cost)", async () => {
    const hasher = createPasswordHasher(12);
    const passwords = ["first-pass1", "second-pass2", "third-pass3", "fourth-pass4"];
    const hashes = Promise.all(passwords.map((p) => hasher.hash(p)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(passwordHashing()).toEqual({ running: 1, waiting: 3 });
    const done = await hashes;
    expect(passwordHashing()).toEqual({ running: 0, waiting: 0 });
    // Each waited for its own turn and is a real hash of its own password.
    for (const [i, hash] of done.entries()) {
      expect(await hasher.verify(passwords[i]!, hash)).toBe(true);
      expect(await hasher.verify(passwords[(i + 1) % passwords.length]!, hash)).toBe(false);
    }
  });

  it("refuse a stored cost beyond 2^20 without computing it", async () => {
    const hasher = createPasswordHasher(10);
    expect(await hasher.verify("x", `scrypt$${2 ** 30}$8$1$AAAA$AAAA`)).toBe(false);
  });
});

describe("sessions", () => {
  it("end SESSION_MAX_DAYS after sign-in however often they are refreshed", async () => {
    const short = await createTestContext({ env: { SESSION_MAX_DAYS: "3", REFRESH_TOKEN_TTL_DAYS: "2" } });
    try {
      const m = await createMember(short);
      let token = m.refreshToken;
      for (let day = 1; day <= 2; day++) {
        short.clock.advance(86400);
        const res = await refresh(short, token);
        expect(res.statusCode, `day ${day}`).toBe(200);
        token = res.json<Tokens>().refresh_token;
      }
      short.clock.advance(86400);
      const ended = await refresh(short, token);
      expect(ended.statusCode).toBe(401);
      expect(ended.json().code).toBe("TOKEN_EXPIRED");
    } finally {
      await short.close();
    }
  });

  it("default to 90 days", () => {
    expect(ctx.config.sessionMaxDays).toBe(90);
  });

  it("let a rotated token inside the grace window yield one new pair at most: repeats get the same one", async () => {
    const m = await createMember(ctx);
    const first = (await refresh(ctx, m.refreshToken)).json<Tokens>();
    const repeats = await Promise.all(Array.from({ length: 5 }, () => refresh(ctx, m.refreshToken)));
    for (const res of repeats) {
      expect(res.statusCode).toBe(200);
      expect(res.json<Tokens>().refresh_token).toBe(first.refresh_token);
      expect((await me(res.json<Tokens>().access_token)).statusCode).toBe(200);
    }
    const hash = createHash("sha256").update(m.refreshToken).digest("hex");
    const row = await ctx.db
      .selectFrom("refresh_tokens")
      .select("session_id")
      .where("token_hash", "=", hash)
      .executeTakeFirstOrThrow();
    const family = await ctx.db
      .selectFrom("refresh_tokens")
      .select("state")
      .where("session_id", "=", row.session_id)
      .execute();
    expect(family.map((r) => r.state).sort()).toEqual(["active", "rotated"]);
  });
});
