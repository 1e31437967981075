// Tokens never in logs or URLs (issue 10 item 7): a full session life — signup, signin, an authenticated call,
// refresh, a completed Kakao login with a real code exchange, logout — logged at trace level, then every secret
// looked for in the log text, in every redirect target and in the URLs the API documents.
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_HEADERS } from "./helpers/auth.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { FakeKakao } from "./helpers/fake-kakao.js";

let ctx: TestContext;
let kakao: FakeKakao;
const lines: string[] = [];

beforeAll(async () => {
  kakao = await new FakeKakao().start();
  ctx = await createTestContext({
    logger: { level: "trace", stream: { write: (line: string) => void lines.push(line) } },
    env: { ...kakao.env(), PUBLIC_ORIGIN: "http://localhost:3000" },
  });
});

afterAll(async () => {
  await ctx.close();
  await kakao.stop();
});

function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  const set = res.headers["set-cookie"];
  const list = Array.isArray(set) ? set : set ? [set] : [];
  return list
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0]
    ?.slice(name.length + 1);
}

interface Tokens {
  access_token: string;
  refresh_token: string;
}

describe("tokens, passwords and OAuth codes", () => {
  it("appear in no log line and in no redirect target over a whole session life", async () => {
    const secrets = new Map<string, string>();
    const responses: LightMyRequestResponse[] = [];
    const call = async (options: InjectOptions) => {
      const res = await ctx.app.inject(options);
      responses.push(res);
      return res;
    };
    const keepTokens = (label: string, res: LightMyRequestResponse) => {
      expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(300);
      const tokens = res.json<Tokens>();
      secrets.set(`${label} access token`, tokens.access_token);
      secrets.set(`${label} refresh token`, tokens.refresh_token);
      return tokens;
    };

    const password = "Hygiene!pw42";
    secrets.set("password", password);
    const account = { username: "hygiene_user", login_id: "hygiene_login", login_password: password };
    const signup = await call({ method: "POST", url: "/api/users/signup", headers: JSON_HEADERS, payload: account });
    expect(signup.statusCode).toBe(201);
    const signin = keepTokens(
      "signin",
      await call({
        method: "POST",
        url: "/api/users/signin",
        headers: JSON_HEADERS,
        payload: { login_id: account.login_id, login_password: password },
      }),
    );
    const me = await call({
      method: "GET",
      url: "/api/users/me",
      headers: { authorization: `Bearer ${signin.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    const refreshed = keepTokens(
      "refresh",
      await call({
        method: "GET",
        url: "/api/users/refresh",
        headers: { "content-type": "application/json" },
        cookies: { refresh_token: signin.refresh_token },
      }),
    );

    // Kakao: the authorize redirect carries only the OAuth parameters; the callback answers JSON, not a redirect.
    const start = await call({ method: "GET", url: "/api/auth/kakao" });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect([...authorize.searchParams.keys()].sort()).toEqual(
      // PKCE is on for Kakao by default (API revision 2): the challenge is public, its verifier never leaves the
      // signed cookie but for the token request.
      [
        "client_id",
        "code_challenge",
        "code_challenge_method",
        "redirect_uri",
        "response_type",
        "scope",
        "state",
      ].sort(),
    );
    const state = authorize.searchParams.get("state")!;
    const stateCookie = cookieValue(start, "oauth_state")!;
    const code = kakao.issueCode();
    secrets.set("oauth code", code);
    secrets.set("oauth state", state);
    secrets.set("oauth state cookie", stateCookie);
    secrets.set("kakao client secret", kakao.env().KAKAO_CLIENT_SECRET!);
    const callback = await call({
      method: "GET",
      url: `/api/auth/kakao/callback?code=${code}&state=${encodeURIComponent(state)}`,
      cookies: { oauth_state: stateCookie },
    });
    expect(callback.statusCode, callback.body).toBe(200);
    expect(callback.headers.location).toBeUndefined();
    expect(kakao.tokenRequests.at(-1)?.get("code")).toBe(code);
    secrets.set("pkce verifier", kakao.tokenRequests.at(-1)!.get("code_verifier")!);
    const social = keepTokens("oauth", callback);
    expect(
      (await call({ method: "GET", url: "/api/users/me", headers: { authorization: `Bearer ${social.access_token}` } }))
        .statusCode,
    ).toBe(200);

    // A token put in a URL is not a credential: nobody has a reason to put one there.
    const inQuery = await call({ method: "GET", url: `/api/users/me?access_token=${refreshed.access_token}` });
    expect(inQuery.statusCode).toBe(401);
    expect(inQuery.json().code).toBe("AUTH_REQUIRED");

    const logout = await call({
      method: "POST",
      url: "/api/users/logout",
      headers: { authorization: `Bearer ${refreshed.access_token}` },
      cookies: { refresh_token: refreshed.refresh_token },
    });
    expect(logout.statusCode).toBeLessThan(300);

    const text = lines.join("");
    expect(lines.length).toBeGreaterThanOrEqual(responses.length);
    expect(text).toContain('"url":"/api/auth/kakao/callback"');
    for (const [label, secret] of secrets) {
      expect(secret.length, label).toBeGreaterThanOrEqual(8);
      // The access token in the query above is the one place a secret was sent in a URL: its path is logged, not it.
      expect(text.includes(secret), `the log shows the ${label}`).toBe(false);
    }
    for (const line of lines) {
      const entry = JSON.parse(line) as { req?: { url?: string; headers?: unknown } };
      if (entry.req) {
        expect(entry.req.url).not.toContain("?");
        expect(entry.req.headers).toBeUndefined();
      }
    }
    for (const res of responses) {
      const location = res.headers.location;
      if (location === undefined) continue;
      for (const [label, secret] of secrets) {
        // The state is the one value that must travel in the authorize URL (and back in the callback's query).
        if (label === "oauth state") continue;
        expect(String(location).includes(secret), `a redirect carries the ${label}`).toBe(false);
      }
    }
  });

  it("are never taken in a URL: no documented query parameter names a token, password or secret", async () => {
    const spec = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>();
    const queryNames = new Set<string>();
    for (const operations of Object.values(spec.paths)) {
      for (const op of Object.values(operations)) {
        for (const p of op.parameters ?? []) if (p.in === "query") queryNames.add(p.name);
      }
    }
    expect(queryNames.size).toBeGreaterThan(3);
    // `code` and `state` are the OAuth callback's, single-use and bound to a cookie (checked in oauth.test.ts).
    expect([...queryNames].filter((name) => /token|password|secret|jwt|session|bearer/i.test(name))).toEqual([]);
  });
});
