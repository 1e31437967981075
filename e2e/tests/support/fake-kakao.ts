// A fake Kakao on loopback for the social-login journey: the authorize page sends the browser straight back to the
// SPA's /oauth/kakao with a code; token and user-info answer for that code.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeKakao {
  origin: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startFakeKakao(profile: { id: number; nickname: string }): Promise<FakeKakao> {
  const codes = new Set<string>();
  const tokens = new Set<string>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/oauth/authorize") {
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      const code = randomBytes(8).toString("hex");
      codes.add(code);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === "/oauth/token") {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      const code = new URLSearchParams(raw).get("code") ?? "";
      if (!codes.delete(code)) return json(400, { error: "invalid_grant" });
      const token = randomBytes(8).toString("hex");
      tokens.add(token);
      return json(200, { access_token: token, token_type: "bearer" });
    }
    if (url.pathname === "/v2/user/me") {
      const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!tokens.has(token)) return json(401, { code: -401 });
      return json(200, { id: profile.id, kakao_account: { profile: { nickname: profile.nickname } } });
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    env: {
      KAKAO_CLIENT_ID: "e2e-kakao",
      KAKAO_CLIENT_SECRET: "e2e-secret",
      KAKAO_AUTHORIZE_URL: `${origin}/oauth/authorize`,
      KAKAO_TOKEN_URL: `${origin}/oauth/token`,
      KAKAO_USERINFO_URL: `${origin}/v2/user/me`,
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
