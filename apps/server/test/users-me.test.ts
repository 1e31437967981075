// GET/PATCH /api/users/me and GET /api/users/profile/{id} (API.md §4.1, §1.7, §1.8).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, injectAs, type TestMember } from "./helpers/factories.js";
import { insertUser } from "../src/modules/users/repository.js";
import { toTimestamp } from "../src/lib/time.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const ME_KEYS = [
  "collection_count",
  "follower_count",
  "following_count",
  "id",
  "is_blocked",
  "is_following",
  "liked_collections_count",
  "liked_people_count",
  "liked_reviews_count",
  "login_id",
  "login_type",
  "profile_url",
  "review_count",
  "status_message",
  "user_id",
  "username",
];
const PROFILE_KEYS = ME_KEYS.filter((k) => !k.startsWith("liked_") && k !== "login_id" && k !== "login_type");

function patch(member: TestMember, body: unknown) {
  return injectAs(
    ctx,
    member,
  )({
    method: "PATCH",
    url: "/api/users/me",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(body),
  });
}

async function expectPatchError(member: TestMember, body: unknown, status: number, code: string, field?: string) {
  const res = await patch(member, body);
  expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)} → ${res.body}`).toBe(status);
  expect(res.json()).toEqual({ detail: field ? expect.stringContaining(`'${field}'`) : expect.any(String), code });
}

async function stored(member: TestMember) {
  return ctx.db
    .selectFrom("users")
    .select(["username", "username_lower", "status_message", "profile_url"])
    .where("id", "=", member.id)
    .executeTakeFirstOrThrow();
}

describe("GET /api/users/me", () => {
  it("answers the caller's Me", async () => {
    const member = await createMember(ctx);
    const res = await injectAs(ctx, member)({ method: "GET", url: "/api/users/me" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(ME_KEYS);
    expect(body).toMatchObject({
      id: member.id,
      user_id: member.id,
      username: member.username,
      login_id: member.loginId,
    });
    expect(body.login_type).toBe("local");
  });

  it("requires a bearer", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/users/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: expect.any(String), code: "AUTH_REQUIRED" });
  });
});

describe("PATCH /api/users/me", () => {
  it("accepts a bodiless PATCH with Content-Type: application/json and {} as no change", async () => {
    const member = await createMember(ctx);
    const before = await stored(member);
    const bodiless = await injectAs(
      ctx,
      member,
    )({ method: "PATCH", url: "/api/users/me", headers: { "content-type": "application/json" } });
    expect(bodiless.statusCode).toBe(200);
    expect(Object.keys(bodiless.json()).sort()).toEqual(ME_KEYS);
    const noType = await injectAs(ctx, member)({ method: "PATCH", url: "/api/users/me" });
    expect(noType.statusCode).toBe(200);
    expect((await patch(member, {})).json()).toEqual(bodiless.json());
    expect((await patch(member, { unknown_field: 1 })).statusCode).toBe(200);
    expect(await stored(member)).toEqual(before);
  });

  it("renames, with a case change alone accepted and a new generated avatar URL", async () => {
    const member = await createMember(ctx, { username: `Rename_${Date.now() % 100000}` });
    const old = (await injectAs(ctx, member)({ method: "GET", url: "/api/users/me" })).json();
    const renamed = await patch(member, { username: "brand-new_name" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().username).toBe("brand-new_name");
    expect(renamed.json().profile_url).not.toBe(old.profile_url);
    expect(await stored(member)).toMatchObject({ username: "brand-new_name", username_lower: "brand-new_name" });
    const recased = await patch(member, { username: "Brand-New_Name" });
    expect(recased.statusCode).toBe(200);
    expect(await stored(member)).toMatchObject({ username: "Brand-New_Name", username_lower: "brand-new_name" });
  });

  it("refuses another member's username case-insensitively with 409", async () => {
    const owner = await createMember(ctx, { username: "Taken_Name" });
    const member = await createMember(ctx);
    await expectPatchError(member, { username: "taken_name" }, 409, "USERNAME_TAKEN");
    await expectPatchError(member, { username: "TAKEN_NAME" }, 409, "USERNAME_TAKEN");
    expect((await stored(member)).username).toBe(member.username);
    expect(owner.id).not.toBe(member.id);
  });

  it("validates a new username with the signup regex; null and other types are INVALID_FIELD", async () => {
    const member = await createMember(ctx);
    for (const bad of ["ab", "a".repeat(21), "has space", "", null, 123, true, ["abc"]]) {
      await expectPatchError(member, { username: bad }, 400, "INVALID_FIELD", "username");
    }
    for (const bad of ["ㅎㄱ이름", "한글 이름", "한글\u200b이름", "\u202e한글이름", "漢字名前"]) {
      await expectPatchError(member, { username: bad }, 400, "INVALID_FIELD", "username");
    }
  });

  it("accepts Hangul names (revision 2), stored in NFC, unique case-insensitively on the NFC form", async () => {
    const member = await createMember(ctx);
    const name = `한글이름${Date.now() % 1000}`;
    const renamed = await patch(member, { username: name.normalize("NFD") });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().username).toBe(name);
    expect(await stored(member)).toMatchObject({ username: name, username_lower: name });
    // Its own name again, in either form: unchanged, no conflict with itself.
    expect((await patch(member, { username: name })).statusCode).toBe(200);
    expect((await patch(member, { username: name.normalize("NFD") })).json().username).toBe(name);
    const other = await createMember(ctx);
    await expectPatchError(other, { username: name }, 409, "USERNAME_TAKEN");
    await expectPatchError(other, { username: name.normalize("NFD") }, 409, "USERNAME_TAKEN");
    const signup = await ctx.app.inject({
      method: "POST",
      url: "/api/users/signup",
      payload: { username: name, login_id: `hangul${Date.now() % 100000}`, login_password: "abcd1234" },
    });
    expect(signup.json().code).toBe("USERNAME_TAKEN");
  });

  it("accepts an unchanged username that breaks the regex (derived social names)", async () => {
    // Derived social names may be 2 characters long (API.md §3.4), which the signup rule refuses.
    const social = await insertUser(ctx.db, {
      username: "홍길",
      username_lower: "홍길",
      login_id: null,
      login_id_lower: null,
      password_hash: null,
      login_type: "kakao",
      profile_url: "https://example.com/kakao.png",
      status_message: null,
      created_at: toTimestamp(ctx.clock.now()),
    });
    const tokens = await ctx.services.auth.startSession(social.id);
    const member = { id: social.id, accessToken: tokens.access_token } as TestMember;
    const res = await patch(member, { username: "홍길", status_message: "안녕하세요" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: "홍길",
      status_message: "안녕하세요",
      login_id: null,
      login_type: "kakao",
      profile_url: "https://example.com/kakao.png",
    });
    await expectPatchError(member, { username: "홍길 동" }, 400, "INVALID_FIELD", "username");
    expect((await patch(member, { username: "홍길동" })).json().username).toBe("홍길동");
  });

  it("checks fields in documented order and every 400 before the 409", async () => {
    await createMember(ctx, { username: "order_taken" });
    const member = await createMember(ctx);
    const long = "가".repeat(101);
    await expectPatchError(member, { username: "!!", status_message: long }, 400, "INVALID_FIELD", "username");
    await expectPatchError(
      member,
      { profile_url: "http://x", status_message: 5 },
      400,
      "INVALID_FIELD",
      "status_message",
    );
    await expectPatchError(member, { status_message: long, profile_url: "" }, 400, "TEXT_TOO_LONG", "status_message");
    await expectPatchError(member, { username: "order_taken", status_message: long }, 400, "TEXT_TOO_LONG");
    await expectPatchError(
      member,
      { username: "order_taken", profile_url: "ftp://x" },
      400,
      "INVALID_FIELD",
      "profile_url",
    );
    await expectPatchError(member, { username: "order_taken", status_message: "ok" }, 409, "USERNAME_TAKEN");
    // Nothing was written by the failed requests.
    expect(await stored(member)).toMatchObject({ status_message: null, profile_url: null, username: member.username });
  });

  it("stores status_message as sent, clears it on blank or null, and counts code points", async () => {
    const member = await createMember(ctx);
    const cases: Array<[unknown, string | null]> = [
      ["  hello\nworld  ", "  hello\nworld  "],
      ["", null],
      ["   \n\t ", null],
      ["😀".repeat(100), "😀".repeat(100)],
      [null, null],
      ["가".repeat(100), "가".repeat(100)],
    ];
    for (const [sent, expected] of cases) {
      const res = await patch(member, { status_message: sent });
      expect(res.statusCode).toBe(200);
      expect(res.json().status_message).toBe(expected);
      expect((await stored(member)).status_message).toBe(expected);
    }
    await expectPatchError(member, { status_message: "😀".repeat(101) }, 400, "TEXT_TOO_LONG", "status_message");
    await expectPatchError(member, { status_message: "x".repeat(101) }, 400, "TEXT_TOO_LONG", "status_message");
    await expectPatchError(member, { status_message: 5 }, 400, "INVALID_FIELD", "status_message");
    await expectPatchError(member, { status_message: ["a"] }, 400, "INVALID_FIELD", "status_message");
    // Absent leaves it alone.
    expect((await patch(member, { username: member.username })).json().status_message).toBe("가".repeat(100));
  });

  it("takes an https profile_url up to 1000 characters, null to clear, and the current URL as no change", async () => {
    const member = await createMember(ctx);
    const generated: string = (await injectAs(ctx, member)({ method: "GET", url: "/api/users/me" })).json().profile_url;
    expect(generated).toMatch(/^\/media\/avatar\/\d+\.svg\?v=[0-9a-f]{8}$/);
    const unchanged = await patch(member, { profile_url: generated });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().profile_url).toBe(generated);
    expect((await stored(member)).profile_url).toBeNull();

    const url = "https://images.example.com/a.png";
    expect((await patch(member, { profile_url: url })).json().profile_url).toBe(url);
    expect((await patch(member, { profile_url: url })).statusCode).toBe(200);
    const max = `https://example.com/${"a".repeat(1000 - "https://example.com/".length)}`;
    expect(max).toHaveLength(1000);
    expect((await patch(member, { profile_url: max })).json().profile_url).toBe(max);
    const cleared = await patch(member, { profile_url: null });
    expect(cleared.json().profile_url).toBe(generated);
    expect((await stored(member)).profile_url).toBeNull();

    for (const bad of [
      "",
      "http://example.com/a.png",
      `${max}a`,
      "example.com/a.png",
      "/media/avatar/1.svg",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "not a url",
      "https://example.com/a\u0000b.png",
      "https://example.com/a\nb.png",
      5,
      {},
    ]) {
      await expectPatchError(member, { profile_url: bad }, 400, "INVALID_FIELD", "profile_url");
    }
    expect((await stored(member)).profile_url).toBeNull();
  });

  it("refuses bodies that are not objects with INVALID_JSON and other media types with 415", async () => {
    const member = await createMember(ctx);
    for (const payload of ["[]", '"x"', "1", "null", "false", "{"]) {
      const res = await injectAs(
        ctx,
        member,
      )({ method: "PATCH", url: "/api/users/me", headers: { "content-type": "application/json" }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code).toBe("INVALID_JSON");
    }
    const text = await injectAs(
      ctx,
      member,
    )({ method: "PATCH", url: "/api/users/me", headers: { "content-type": "text/plain" }, payload: "{}" });
    expect(text.statusCode).toBe(415);
    const anonymous = await ctx.app.inject({
      method: "PATCH",
      url: "/api/users/me",
      headers: { "content-type": "text/plain" },
      payload: "{}",
    });
    expect(anonymous.json().code).toBe("AUTH_REQUIRED");
  });
});

describe("GET /api/users/profile/{user_id}", () => {
  it("answers exactly the UserProfile fields, anonymously too", async () => {
    const member = await createMember(ctx);
    const res = await ctx.app.inject({ method: "GET", url: `/api/users/profile/${member.id}` });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(PROFILE_KEYS);
    expect(res.json()).toMatchObject({ id: member.id, user_id: member.id, is_following: false, is_blocked: false });
    expect(res.headers["www-authenticate"]).toBeUndefined();
  });

  it("reports is_following and is_blocked for the caller, never on the own profile", async () => {
    const viewer = await createMember(ctx);
    const target = await createMember(ctx);
    const as = injectAs(ctx, viewer);
    expect((await as({ method: "POST", url: `/api/users/follow/${target.id}` })).statusCode).toBe(201);
    expect((await as({ method: "POST", url: `/api/users/block/${target.id}` })).statusCode).toBe(201);
    const seen = (await as({ method: "GET", url: `/api/users/profile/${target.id}` })).json();
    expect(seen).toMatchObject({ is_following: true, is_blocked: true, follower_count: 1 });
    const anonymous = (await ctx.app.inject({ method: "GET", url: `/api/users/profile/${target.id}` })).json();
    expect(anonymous).toMatchObject({ is_following: false, is_blocked: false, follower_count: 1 });
    const own = (await as({ method: "GET", url: `/api/users/profile/${viewer.id}` })).json();
    expect(own).toMatchObject({ is_following: false, is_blocked: false, following_count: 1 });
  });

  it("serves a bad or expired bearer anonymously with WWW-Authenticate", async () => {
    const member = await createMember(ctx);
    for (const authorization of ["Bearer garbage", "Bearer a.b.c"]) {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/api/users/profile/${member.id}`,
        headers: { authorization },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
    }
    const viewer = await createMember(ctx);
    ctx.clock.advance(31 * 60);
    const expired = await injectAs(ctx, viewer)({ method: "GET", url: `/api/users/profile/${member.id}` });
    expect(expired.statusCode).toBe(200);
    expect(expired.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
    // No bearer at all: nothing to refresh, no header.
    const none = await ctx.app.inject({
      method: "GET",
      url: `/api/users/profile/${member.id}`,
      headers: { authorization: "Bearer " },
    });
    expect(none.headers["www-authenticate"]).toBeUndefined();
  });

  it("answers 404 USER_NOT_FOUND for unknown ids, however large, and 400 for malformed ones", async () => {
    for (const id of ["0", "999999", "2147483647", "2147483648", "9".repeat(30), "9".repeat(3000)]) {
      const res = await ctx.app.inject({ method: "GET", url: `/api/users/profile/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: expect.any(String), code: "USER_NOT_FOUND" });
    }
    const member = await createMember(ctx);
    const padded = await ctx.app.inject({ method: "GET", url: `/api/users/profile/000${member.id}` });
    expect(padded.json().id).toBe(member.id);
    for (const id of ["abc", "-1", "1.5", "1e3", "%20", "%ED%95%9C", "0x10", "+1"]) {
      const res = await ctx.app.inject({ method: "GET", url: `/api/users/profile/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toEqual({ detail: expect.stringContaining("'user_id'"), code: "INVALID_FIELD" });
    }
  });
});
