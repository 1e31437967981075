// The two HTTP calls of the code flow (API.md §3.4 steps 4–5), with the contract's error mapping:
// provider said no → 400 OAUTH_CODE_INVALID; unreachable, 10 s timeout or non-JSON → 502.
import type { OAuthProviderConfig } from "../../config.js";
import { ApiError } from "../../http/errors.js";

const TIMEOUT_MS = 10_000;
const rejected = () => new ApiError("OAUTH_CODE_INVALID", "The provider rejected the authorization code.");
const unavailable = () => new ApiError("OAUTH_PROVIDER_UNAVAILABLE", "The login provider could not be reached.");

async function call(url: string, init: RequestInit): Promise<{ ok: boolean; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw unavailable();
  }
  const text = await response.text().catch(() => {
    throw unavailable();
  });
  if (!response.ok) return { ok: false, body: null };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    throw unavailable();
  }
}

/**
 * Exchanges the code for a provider access token. The client secret goes in the form body (not HTTP Basic) because
 * Kakao only accepts it there and Google accepts both.
 */
export async function exchangeCode(
  provider: OAuthProviderConfig,
  code: string,
  redirectUri: string,
  verifier: string | null,
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    code,
  });
  if (provider.clientSecret) form.set("client_secret", provider.clientSecret);
  if (verifier) form.set("code_verifier", verifier);
  const { ok, body } = await call(provider.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8", accept: "application/json" },
    body: form.toString(),
  });
  const token = ok && body && typeof body === "object" ? (body as { access_token?: unknown }).access_token : undefined;
  if (typeof token !== "string" || token === "") throw rejected();
  return token;
}

export async function fetchUserInfo(provider: OAuthProviderConfig, accessToken: string): Promise<unknown> {
  const { ok, body } = await call(provider.userinfoUrl, {
    method: "GET",
    headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
  });
  if (!ok) throw rejected();
  return body;
}
