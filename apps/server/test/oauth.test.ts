import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, createTestContext, type TestContext } from "./helpers/context.js";
import { FakeKakao } from "./helpers/fake-kakao.js";

let ctx: TestContext;
let kakao: FakeKakao;
let google: OAuth2Server;

function cookieFrom(setCookie: string | string[] | undefined, name: string): string | undefined {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = list.find((c) => c.startsWith(`${name}=`));
  return found?.split(";")[0]?.slice(name.length + 1);
}

/** Starts the flow like the login button does; returns the authorize URL and the state cookie. */
async function begin(provider: "kakao" | "google") {
  const res = await ctx.app.inject({ method: "GET", url: `/api/auth/${provider}` });
  expect(res.statusCode).toBe(302);
  return {
    location: new URL(String(res.headers.location)),
    cookie: cookieFrom(res.headers["set-cookie"], "oauth_state"),
  };
}

/** The callback the SPA calls; `state` undefined = left out of the query (SPEC clients may drop it). */
async function finish(provider: string, code: string, state: string | undefined, cookie: string | undefined) {
  const query = `code=${encodeURIComponent(code)}${state === undefined ? "" : `&state=${encodeURIComponent(state)}`}`;
  return ctx.app.inject({
    method: "GET",
    url: `/api/auth/${provider}/callback?${query}`,
    headers: cookie ? { cookie: `oauth_state=${cookie}` } : {},
  });
}

/** Follows the authorize URL as the browser does: the provider's redirect back carries the code and state. */
async function authorizeAt(location: URL): Promise<{ code: string; state: string }> {
  const authorize = await fetch(location, { redirect: "manual" });
  const back = new URL(authorize.headers.get("location")!);
  return { code: back.searchParams.get("code")!, state: back.searchParams.get("state")! };
}

async function kakaoLogin() {
  const { location, cookie } = await begin("kakao");
  const { code, state } = await authorizeAt(location);
  return finish("kakao", code, state, cookie);
}

beforeAll(async () => {
  kakao = await new FakeKakao().start();
  google = new OAuth2Server();
  await google.issuer.keys.generate("RS256");
  await google.start(0, "127.0.0.1");
  const g = google.issuer.url!;
  ctx = await createTestContext({
    env: {
      ...kakao.env(),
      GOOGLE_CLIENT_ID: "google-client",
      GOOGLE_CLIENT_SECRET: "google-secret",
      GOOGLE_AUTHORIZE_URL: `${g}/authorize`,
      GOOGLE_TOKEN_URL: `${g}/token`,
      GOOGLE_USERINFO_URL: `${g}/userinfo`,
      PUBLIC_ORIGIN: "http://localhost:3000",
      RATE_LIMIT_OAUTH_PER_10MIN: "200",
    },
  });
});

afterAll(async () => {
  await ctx.close();
  await kakao.stop();
  await google.stop();
});

describe("social login", () => {
  it("lists configured providers", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/auth/providers" });
    expect(res.json()).toEqual({ kakao: true, google: true });
  });

  it("redirects to Kakao with client id, SPA redirect URI, scopes and a state cookie", async () => {
    const { location, cookie } = await begin("kakao");
    expect(location.origin + location.pathname).toBe(`${kakao.origin}/oauth/authorize`);
    expect(location.searchParams.get("client_id")).toBe("kakao-client");
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:3000/oauth/kakao");
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("scope")).toBe("profile_nickname profile_image");
    expect(location.searchParams.get("state")).toMatch(/.{16,}/);
    // PKCE by default (KAKAO_PKCE unset, revision 2).
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toBeTruthy();
    const raw = String((await ctx.app.inject({ method: "GET", url: "/api/auth/kakao" })).headers["set-cookie"]);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).toMatch(/Path=\//);
  });

  it("uses PKCE S256 and the openid profile scope for Google", async () => {
    const { location } = await begin("google");
    expect(location.searchParams.get("scope")).toBe("openid profile");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("creates the account on first login and links to it on the second", async () => {
    kakao.nextProfile = { id: 424242, nickname: "영화광 😀 <b>", thumbnail: "http://k.kakaocdn.net/a.jpg" };
    const first = await kakaoLogin();
    expect(first.statusCode).toBe(200);
    const tokens = first.json();
    expect(tokens).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      user_id: expect.any(Number),
    });
    expect(String(first.headers["set-cookie"])).toContain("refresh_token=");
    const me = await ctx.app.inject({
      method: "GET",
      url: "/api/users/me",
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.json()).toMatchObject({
      username: "영화광b",
      login_id: null,
      login_type: "kakao",
      profile_url: "https://k.kakaocdn.net/a.jpg",
    });
    const sent = kakao.tokenRequests.at(-1)!;
    expect(sent.get("client_secret")).toBe("kakao-secret");
    expect(sent.get("redirect_uri")).toBe("http://localhost:3000/oauth/kakao");
    expect(sent.get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43,128}$/);

    kakao.nextProfile = { id: 424242, nickname: "다른 이름" };
    const second = await kakaoLogin();
    expect(second.statusCode).toBe(200);
    expect(second.json().user_id).toBe(tokens.user_id);
  });

  it("makes derived usernames unique and falls back for empty nicknames", async () => {
    kakao.nextProfile = { id: 5001, nickname: "동명이인" };
    const a = (await kakaoLogin()).json();
    kakao.nextProfile = { id: 5002, nickname: "동명이인" };
    const b = (await kakaoLogin()).json();
    kakao.nextProfile = { id: 5003, nickname: "!!" };
    const c = (await kakaoLogin()).json();
    const names = await Promise.all(
      [a, b, c].map(
        async (t) => (await ctx.app.inject({ method: "GET", url: `/api/users/profile/${t.user_id}` })).json().username,
      ),
    );
    expect(names).toEqual(["동명이인", "동명이인_2", "kakao_user"]);
  });

  it("completes Google's OpenID flow with PKCE against a real mock provider", async () => {
    google.service.once("beforeUserinfo", (response) => {
      response.body = { sub: "google-sub-1", name: "Jane Doe", picture: "https://example.com/p.png" };
    });
    const { location, cookie } = await begin("google");
    const authorize = await fetch(location, { redirect: "manual" });
    const back = new URL(authorize.headers.get("location")!);
    const res = await finish("google", back.searchParams.get("code")!, back.searchParams.get("state")!, cookie);
    expect(res.statusCode).toBe(200);
    const me = await ctx.app.inject({
      method: "GET",
      url: "/api/users/me",
      headers: { authorization: `Bearer ${res.json().access_token}` },
    });
    expect(me.json()).toMatchObject({ username: "JaneDoe", login_type: "google", login_id: null });
  });

  it("refuses a missing or wrong state before calling the provider, writing nothing", async () => {
    const users = await countRows(ctx, "users");
    const requests = kakao.tokenRequests.length;
    const { location, cookie } = await begin("kakao");
    const state = location.searchParams.get("state")!;
    const noCode = await ctx.app.inject({ method: "GET", url: `/api/auth/kakao/callback?state=${state}` });
    expect(noCode.json()).toMatchObject({ code: "MISSING_FIELD", detail: expect.stringContaining("'code'") });
    expect((await finish("kakao", "x", "other-state", cookie)).json().code).toBe("OAUTH_STATE_MISMATCH");
    expect((await finish("kakao", "x", state, undefined)).json().code).toBe("OAUTH_STATE_MISMATCH");
    expect((await finish("kakao", "x", state, `${cookie}tampered`)).json().code).toBe("OAUTH_STATE_MISMATCH");
    // Without a state the cookie is still required, and must be valid.
    expect((await finish("kakao", "x", undefined, undefined)).json().code).toBe("OAUTH_STATE_MISMATCH");
    expect((await finish("kakao", "x", undefined, `${cookie}tampered`)).json().code).toBe("OAUTH_STATE_MISMATCH");
    // Another provider's cookie is no cookie for this one.
    const other = await begin("google");
    expect((await finish("kakao", "x", undefined, other.cookie)).json().code).toBe("OAUTH_STATE_MISMATCH");
    expect(kakao.tokenRequests.length).toBe(requests);
    expect(await countRows(ctx, "users")).toBe(users);
  });

  it("accepts a callback without state when the cookie holds a PKCE verifier (Kakao and Google)", async () => {
    kakao.nextProfile = { id: 8001, nickname: "상태없음" };
    const { location, cookie } = await begin("kakao");
    const { code } = await authorizeAt(location);
    const res = await finish("kakao", code, undefined, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user_id).toEqual(expect.any(Number));
    expect(kakao.tokenRequests.at(-1)!.get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    // The verifier is what binds the code to this browser: another login's cookie cannot redeem it.
    const thief = await begin("kakao");
    const stolen = await authorizeAt(location);
    const refused = await finish("kakao", stolen.code, undefined, thief.cookie);
    expect(refused.json().code).toBe("OAUTH_CODE_INVALID");

    google.service.once("beforeUserinfo", (response) => {
      response.body = { sub: "google-sub-nostate", name: "No State" };
    });
    const g = await begin("google");
    const back = await authorizeAt(g.location);
    expect((await finish("google", back.code, undefined, g.cookie)).statusCode).toBe(200);
  });

  it("accepts a state once, in either order of with and without state; replays fail before the provider", async () => {
    for (const [first, second] of [
      ["with", "without"],
      ["without", "with"],
    ] as const) {
      kakao.nextProfile = { id: first === "with" ? 8101 : 8102, nickname: "한번만" };
      const { location, cookie } = await begin("kakao");
      const { code, state } = await authorizeAt(location);
      const ok = await finish("kakao", code, first === "with" ? state : undefined, cookie);
      expect(ok.statusCode, `${first} first`).toBe(200);
      // The browser no longer has the cookie (cleared); an attacker who copied it replays it with a fresh code.
      const requests = kakao.tokenRequests.length;
      const replay = await finish("kakao", kakao.issueCode(), second === "with" ? state : undefined, cookie);
      expect(replay.statusCode).toBe(400);
      expect(replay.json().code).toBe("OAUTH_STATE_MISMATCH");
      expect(kakao.tokenRequests.length).toBe(requests);
      expect(String(replay.headers["set-cookie"])).toMatch(/^oauth_state=;/);
    }
  });

  it("remembers a state that failed on its code too: the repeat is a state mismatch", async () => {
    const { location, cookie } = await begin("kakao");
    const { state } = await authorizeAt(location);
    expect((await finish("kakao", "never-issued", state, cookie)).json().code).toBe("OAUTH_CODE_INVALID");
    const requests = kakao.tokenRequests.length;
    expect((await finish("kakao", "never-issued", state, cookie)).json().code).toBe("OAUTH_STATE_MISMATCH");
    expect((await finish("kakao", "never-issued", undefined, cookie)).json().code).toBe("OAUTH_STATE_MISMATCH");
    expect(kakao.tokenRequests.length).toBe(requests);
  });

  it("answers a reused or invalid code with 400 and no account", async () => {
    const users = await countRows(ctx, "users");
    const { location, cookie } = await begin("kakao");
    const state = location.searchParams.get("state")!;
    const bad = await finish("kakao", "never-issued", state, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("OAUTH_CODE_INVALID");
    // The state cookie was used up: a repeat of the same callback fails on the state.
    const again = await finish("kakao", "never-issued", state, undefined);
    expect(again.json().code).toBe("OAUTH_STATE_MISMATCH");
    kakao.nextProfile = { id: 7007, nickname: "재사용" };
    const one = await begin("kakao");
    const { code, state: oneState } = await authorizeAt(one.location);
    expect((await finish("kakao", code, oneState, one.cookie)).statusCode).toBe(200);
    const two = await begin("kakao");
    const reused = await finish("kakao", code, two.location.searchParams.get("state")!, two.cookie);
    expect(reused.json().code).toBe("OAUTH_CODE_INVALID");
    expect(await countRows(ctx, "users")).toBe(users + 1);
  });

  it("maps provider failures to 400 and 502 without writing an account", async () => {
    const users = await countRows(ctx, "users");
    for (const [failure, status, code] of [
      ["token-400", 400, "OAUTH_CODE_INVALID"],
      ["token-html", 502, "OAUTH_PROVIDER_UNAVAILABLE"],
      ["userinfo-401", 400, "OAUTH_CODE_INVALID"],
      ["userinfo-no-id", 400, "OAUTH_CODE_INVALID"],
    ] as const) {
      kakao.failNext = failure;
      const res = await kakaoLogin();
      expect(res.statusCode, failure).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect(await countRows(ctx, "users")).toBe(users);
  });

  it("answers 502 when the provider is unreachable", async () => {
    const down = await createTestContext({
      env: {
        KAKAO_CLIENT_ID: "k",
        KAKAO_TOKEN_URL: "http://127.0.0.1:1/token",
        KAKAO_USERINFO_URL: "http://127.0.0.1:1/me",
      },
    });
    try {
      const start = await down.app.inject({ method: "GET", url: "/api/auth/kakao" });
      const state = new URL(String(start.headers.location)).searchParams.get("state")!;
      const res = await down.app.inject({
        method: "GET",
        url: `/api/auth/kakao/callback?code=c&state=${state}`,
        headers: { cookie: `oauth_state=${cookieFrom(start.headers["set-cookie"], "oauth_state")}` },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe("OAUTH_PROVIDER_UNAVAILABLE");
    } finally {
      await down.close();
    }
  });

  it("answers 404 for unknown or unconfigured providers before looking at code and state", async () => {
    const bare = await createTestContext();
    try {
      for (const url of [
        "/api/auth/naver",
        "/api/auth/kakao",
        "/api/auth/google/callback",
        "/api/auth/naver/callback?code=1&state=2",
      ]) {
        const res = await bare.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe("NOT_FOUND");
      }
      expect((await bare.app.inject({ method: "GET", url: "/api/auth/providers" })).json()).toEqual({
        kakao: false,
        google: false,
      });
    } finally {
      await bare.close();
    }
  });

  it("rate-limits callbacks per IP", async () => {
    const limited = await createTestContext({ env: { ...kakao.env(), RATE_LIMIT_OAUTH_PER_10MIN: "2" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await limited.app.inject({ method: "GET", url: "/api/auth/kakao/callback?code=a&state=b" })).statusCode,
        );
      }
      const last = await limited.app.inject({ method: "GET", url: "/api/auth/kakao/callback?code=a&state=b" });
      expect(statuses).toEqual([400, 400, 429]);
      expect(last.json().code).toBe("RATE_LIMITED");
      expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it("gives a social-only account the normal 401 on password signin", async () => {
    kakao.nextProfile = { id: 9009, nickname: "소셜전용" };
    expect((await kakaoLogin()).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/users/signin",
      payload: { login_id: "kakao_user", login_password: "abcd1234!" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("INVALID_CREDENTIALS");
  });
});

describe("social login with KAKAO_PKCE=false", () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext({
      env: { ...kakao.env(), PUBLIC_ORIGIN: "http://localhost:3000", KAKAO_PKCE: "false" },
    });
  });
  afterAll(async () => plain?.close());

  it("sends no code challenge, requires state (MISSING_FIELD before any provider call) and still logs in", async () => {
    const res = await plain.app.inject({ method: "GET", url: "/api/auth/kakao" });
    const location = new URL(String(res.headers.location));
    const cookie = cookieFrom(res.headers["set-cookie"], "oauth_state");
    expect(location.searchParams.get("code_challenge")).toBeNull();
    expect(location.searchParams.get("code_challenge_method")).toBeNull();
    const { code, state } = await authorizeAt(location);
    const requests = kakao.tokenRequests.length;
    const call = (query: string) =>
      plain.app.inject({
        method: "GET",
        url: `/api/auth/kakao/callback?${query}`,
        headers: { cookie: `oauth_state=${cookie}` },
      });
    const noState = await call(`code=${code}`);
    expect(noState.statusCode).toBe(400);
    expect(noState.json()).toEqual({ code: "MISSING_FIELD", detail: expect.stringContaining("'state'") });
    expect((await call(`code=${code}&state=`)).json().code).toBe("MISSING_FIELD");
    expect(kakao.tokenRequests.length).toBe(requests);
    kakao.nextProfile = { id: 8201, nickname: "피케이씨이없음" };
    const ok = await call(`code=${code}&state=${state}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(kakao.tokenRequests.at(-1)!.get("code_verifier")).toBeNull();
  });
});
