// POST /api/users/signup (API.md §3.1, §4.1): rules in order, the 201 Me body, case-insensitive conflicts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, createTestContext, type TestContext } from "./helpers/context.js";
import { signup } from "./helpers/auth.js";

let ctx: TestContext;
beforeAll(async () => {
  // The signup limit has its own tests (rate-limits.test.ts); here it would get in the way.
  ctx = await createTestContext({ env: { RATE_LIMIT_SIGNUP_PER_HOUR: "0" } });
});
afterAll(async () => ctx.close());

let n = 0;
/** A valid body whose username and login id nobody has used yet. */
function fresh(overrides: Record<string, unknown> = {}) {
  n++;
  const tag = `${n}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `su_${tag}`, login_id: `sl_${tag}`, login_password: "abcd1234", ...overrides };
}

async function expectError(body: unknown, code: string, field?: string) {
  const res = await signup(ctx, body);
  expect(res.statusCode, res.body).toBe(code.endsWith("TAKEN") ? 409 : 400);
  expect(Object.keys(res.json()).sort()).toEqual(["code", "detail"]);
  expect(res.json().code).toBe(code);
  if (field) expect(res.json().detail).toContain(`'${field}'`);
  return res;
}

describe("signup validation", () => {
  it("reports the first missing field in order username, login_id, login_password", async () => {
    await expectError({}, "MISSING_FIELD", "username");
    await expectError({ login_id: "abcdef", login_password: "abcd1234" }, "MISSING_FIELD", "username");
    await expectError({ username: "abc" }, "MISSING_FIELD", "login_id");
    await expectError({ username: "abc", login_id: "abcdef" }, "MISSING_FIELD", "login_password");
  });

  it("checks username before login_id before password", async () => {
    await expectError({ username: "a", login_id: "b", login_password: "c" }, "INVALID_FIELD", "username");
    await expectError({ username: "abc", login_id: "b", login_password: "c" }, "INVALID_FIELD", "login_id");
    await expectError({ username: "a", login_password: "abcd1234" }, "INVALID_FIELD", "username");
    await expectError({ username: "abc", login_id: "abcdef", login_password: "c" }, "INVALID_FIELD", "login_password");
  });

  it("treats null and wrong types as invalid, not missing, and never coerces", async () => {
    await expectError(fresh({ username: null }), "INVALID_FIELD", "username");
    await expectError(fresh({ username: 12345 }), "INVALID_FIELD", "username");
    await expectError(fresh({ login_id: 12345678 }), "INVALID_FIELD", "login_id");
    await expectError(fresh({ login_password: 12345678 }), "INVALID_FIELD", "login_password");
    await expectError(fresh({ login_password: ["abcd1234"] }), "INVALID_FIELD", "login_password");
    await expectError(fresh({ username: { name: "abc" } }), "INVALID_FIELD", "username");
  });

  it("applies the username rule ^[A-Za-z0-9_\\-가-힣]{3,20}$ to the NFC form (revision 2: Hangul syllables)", async () => {
    const bad = [
      ...["", "ab", "a".repeat(21), "가".repeat(21), "abc def", "abc!", "abc.def", " abc", "abc\n", "ａｂｃ"],
      // Jamo (compatibility and conjoining that compose to nothing), other scripts, spaces, invisible characters.
      ...["ㄱㄴㄷ", "영화ㅋㅋ", "\u1100\u1100\u1100", "映画ファン", "кино", "영화 팬", "영화\u3000팬"],
      ...["영화\u200b팬", "영화\u200d팬", "영화\ufeff팬", "\u202e영화팬", "영화\u2066팬", "가나\u0301"],
    ];
    for (const name of bad) await expectError(fresh({ username: name }), "INVALID_FIELD", "username");
    const tag = String(Date.now() % 100000);
    const good = [
      "abc",
      "a".repeat(20),
      "A-b_C-9",
      "___",
      "---",
      "영화팬",
      "가".repeat(20),
      `무비_Fan-${tag}`,
      "힣힣힣",
    ];
    for (const name of good) {
      const res = await signup(ctx, fresh({ username: name }));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      expect(res.json().username).toBe(name);
    }
  });

  it("stores a decomposed (NFD) Hangul name in NFC and treats both forms as one name", async () => {
    const name = `기생충팬${Date.now() % 1000}`;
    const decomposed = name.normalize("NFD");
    expect(decomposed).not.toBe(name);
    const res = await signup(ctx, fresh({ username: decomposed }));
    expect(res.statusCode).toBe(201);
    expect(res.json().username).toBe(name);
    const stored = await ctx.db
      .selectFrom("users")
      .select(["username", "username_lower"])
      .where("id", "=", res.json().id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ username: name, username_lower: name });
    await expectError(fresh({ username: name }), "USERNAME_TAKEN");
    await expectError(fresh({ username: decomposed }), "USERNAME_TAKEN");
    // Mixed with ASCII: case-insensitive as before.
    const mixed = `Kim김_${Date.now() % 1000}`;
    expect((await signup(ctx, fresh({ username: mixed }))).statusCode).toBe(201);
    await expectError(fresh({ username: mixed.toUpperCase() }), "USERNAME_TAKEN");
  });

  it("applies the login_id rule ^[A-Za-z0-9_.]{6,20}$", async () => {
    for (const bad of ["abcde", "a".repeat(21), "abc-def", "abc def", "아이디아이디", "abcdef!", ""]) {
      await expectError(fresh({ login_id: bad }), "INVALID_FIELD", "login_id");
    }
    for (const good of ["abc.de", "A_b.C_d.9", "z".repeat(20)]) {
      const res = await signup(ctx, fresh({ login_id: good }));
      expect(res.statusCode, `${good}: ${res.body}`).toBe(201);
    }
  });

  it("applies the password rule: 8-20 characters, no whitespace, two of letters / digits / others", async () => {
    for (const bad of [
      "abcdEFGH",
      "abcdefgh",
      "12345678",
      "!@#$%^&*",
      "abc1234",
      "abcd 1234",
      "abcd\t1234",
      "abcd1234\n",
      "\u3000abcd1234",
      "a1".repeat(10) + "x",
      "",
    ]) {
      await expectError(fresh({ login_password: bad }), "INVALID_FIELD", "login_password");
    }
    for (const good of ["abcd1234", "abcd!@#$", "1234!@#$", "a1".repeat(10), "가나다라1234", "😀😀😀😀1234"]) {
      const res = await signup(ctx, fresh({ login_password: good }));
      expect(res.statusCode, `${good}: ${res.body}`).toBe(201);
    }
  });

  it("refuses bodies that are not JSON objects", async () => {
    for (const payload of ["[]", '"abc"', "42", "null", "true", "{oops"]) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/users/signup",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code).toBe("INVALID_JSON");
    }
    const empty = await ctx.app.inject({
      method: "POST",
      url: "/api/users/signup",
      headers: { "content-type": "application/json" },
    });
    expect(empty.json()).toEqual({ detail: "Field 'username' is required.", code: "MISSING_FIELD" });
  });
});

describe("signup result", () => {
  it("answers 201 with exactly the Me fields, and no tokens or cookie", async () => {
    const body = fresh({ extra: "ignored" });
    const res = await signup(ctx, body);
    expect(res.statusCode).toBe(201);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    const me = res.json();
    expect(me).toEqual({
      id: expect.any(Number),
      user_id: me.id,
      username: body.username,
      profile_url: expect.stringMatching(new RegExp(`^/media/avatar/${me.id}\\.svg\\?v=[0-9a-f]{8}$`)),
      status_message: null,
      follower_count: 0,
      following_count: 0,
      review_count: 0,
      collection_count: 0,
      is_following: false,
      is_blocked: false,
      login_id: body.login_id,
      login_type: "local",
      liked_people_count: 0,
      liked_collections_count: 0,
      liked_reviews_count: 0,
    });
    expect(Number.isInteger(me.id)).toBe(true);
    const row = await ctx.db.selectFrom("users").selectAll().where("id", "=", me.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(body.login_password);
  });

  it("stores usernames and login ids as sent and compares them case-insensitively", async () => {
    const first = fresh({ username: `Case_${n}x`, login_id: `Login.Case${n}` });
    expect((await signup(ctx, first)).statusCode).toBe(201);
    const stored = await ctx.db
      .selectFrom("users")
      .select(["username", "login_id"])
      .where("username_lower", "=", first.username.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ username: first.username, login_id: first.login_id });

    await expectError(fresh({ username: first.username.toUpperCase() }), "USERNAME_TAKEN");
    await expectError(fresh({ username: first.username.toLowerCase() }), "USERNAME_TAKEN");
    await expectError(fresh({ login_id: first.login_id.toUpperCase() }), "LOGIN_ID_TAKEN");
    // Both taken: the username is checked first.
    await expectError(
      fresh({ username: first.username.toLowerCase(), login_id: first.login_id.toLowerCase() }),
      "USERNAME_TAKEN",
    );
  });

  it("validates every field before reporting a conflict", async () => {
    const taken = fresh();
    expect((await signup(ctx, taken)).statusCode).toBe(201);
    await expectError({ ...taken, login_password: "short" }, "INVALID_FIELD", "login_password");
  });

  it("lets exactly one of concurrent duplicate signups succeed", async () => {
    const base = fresh();
    const sameName = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        signup(ctx, {
          ...base,
          username: i % 2 ? base.username.toUpperCase() : base.username,
          login_id: `cc${n}_${i}x`,
        }),
      ),
    );
    expect(sameName.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of sameName.filter((r) => r.statusCode === 409)) expect(r.json().code).toBe("USERNAME_TAKEN");

    const other = fresh();
    const sameLogin = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        signup(ctx, {
          ...other,
          username: `cl${n}_${i}`,
          login_id: i % 2 ? other.login_id.toUpperCase() : other.login_id,
        }),
      ),
    );
    expect(sameLogin.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of sameLogin.filter((r) => r.statusCode === 409)) expect(r.json().code).toBe("LOGIN_ID_TAKEN");

    const rows = await ctx.db
      .selectFrom("users")
      .select("id")
      .where((eb) =>
        eb.or([
          eb("username_lower", "=", base.username.toLowerCase()),
          eb("login_id_lower", "=", other.login_id.toLowerCase()),
        ]),
      )
      .execute();
    expect(rows).toHaveLength(2);
    expect(await countRows(ctx, "users")).toBeGreaterThan(2);
  });
});
