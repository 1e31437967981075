// A small fake of Kakao's OAuth endpoints on loopback: authorize → code, token (single-use codes, client
// secret in the form body, PKCE S256 checked when the authorize request carried a code_challenge), v2/user/me.
// Tests choose the profile the next login returns, or make it fail.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface KakaoProfile {
  id: number;
  nickname?: string;
  thumbnail?: string;
}

export class FakeKakao {
  private server = http.createServer((req, res) => void this.handle(req, res));
  private codes = new Map<string, { profile: KakaoProfile; challenge: string | null }>();
  private tokens = new Map<string, KakaoProfile>();
  nextProfile: KakaoProfile = { id: 1001, nickname: "카카오 친구" };
  /** Set to make the next token or user-info call misbehave. */
  failNext: "token-400" | "token-html" | "userinfo-401" | "userinfo-no-id" | "hang" | null = null;
  tokenRequests: URLSearchParams[] = [];
  origin = "";

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  env(clientId = "kakao-client"): Record<string, string> {
    return {
      KAKAO_CLIENT_ID: clientId,
      KAKAO_CLIENT_SECRET: "kakao-secret",
      KAKAO_AUTHORIZE_URL: `${this.origin}/oauth/authorize`,
      KAKAO_TOKEN_URL: `${this.origin}/oauth/token`,
      KAKAO_USERINFO_URL: `${this.origin}/v2/user/me`,
    };
  }

  /**
   * What the browser would get back from the authorize page: a fresh code for `nextProfile`, bound to the PKCE
   * `challenge` when the authorize request carried one (the token request must then send its verifier).
   */
  issueCode(challenge: string | null = null): string {
    const code = randomBytes(8).toString("hex");
    this.codes.set(code, { profile: this.nextProfile, challenge });
    return code;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.origin);
    const send = (status: number, body: unknown, type = "application/json") => {
      res.writeHead(status, { "content-type": type });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (url.pathname === "/oauth/authorize") {
      const redirect = new URL(url.searchParams.get("redirect_uri") ?? "");
      const challenge = url.searchParams.get("code_challenge");
      if (challenge && url.searchParams.get("code_challenge_method") !== "S256") {
        return send(400, { error: "invalid_request" });
      }
      redirect.searchParams.set("code", this.issueCode(challenge));
      redirect.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { location: redirect.toString() });
      return void res.end();
    }
    const failure = this.failNext;
    if (failure === "hang") return; // never answers: the server's timeout must fire
    if (url.pathname === "/oauth/token" && req.method === "POST") {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      this.tokenRequests.push(form);
      if (failure === "token-400" || failure === "token-html") this.failNext = null;
      if (failure === "token-400") return send(400, { error: "invalid_grant" });
      if (failure === "token-html") return send(200, "<html>maintenance</html>", "text/html");
      const issued = this.codes.get(form.get("code") ?? "");
      if (!issued || form.get("client_secret") !== "kakao-secret") return send(400, { error: "invalid_grant" });
      const verifier = form.get("code_verifier");
      const proof = verifier === null ? null : createHash("sha256").update(verifier).digest("base64url");
      if (issued.challenge !== null && proof !== issued.challenge) return send(400, { error: "invalid_grant" });
      const { profile } = issued;
      this.codes.delete(form.get("code") ?? ""); // codes are single-use
      const token = randomBytes(12).toString("hex");
      this.tokens.set(token, profile);
      return send(200, { access_token: token, token_type: "bearer", expires_in: 21599 });
    }
    if (url.pathname === "/v2/user/me") {
      if (failure === "userinfo-401" || failure === "userinfo-no-id") this.failNext = null;
      if (failure === "userinfo-401") return send(401, { msg: "this access token does not exist", code: -401 });
      if (failure === "userinfo-no-id") return send(200, { properties: { nickname: "누구" } });
      const profile = this.tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!profile) return send(401, { code: -401 });
      return send(200, {
        id: profile.id,
        properties: { nickname: profile.nickname },
        kakao_account: { profile: { nickname: profile.nickname, thumbnail_image_url: profile.thumbnail } },
      });
    }
    send(404, { error: "not found" });
  }
}
