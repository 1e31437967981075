// The signed `oauth_state` cookie: state and PKCE verifier travel with the browser, not in server storage.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { OAuthProvider } from "@moviepedia/contract";

export const STATE_COOKIE = "oauth_state";
export const STATE_TTL_SECONDS = 600;

export interface StatePayload {
  provider: OAuthProvider;
  state: string;
  verifier: string | null;
  /** Epoch seconds after which the cookie is refused even if the browser still sends it. */
  exp: number;
}

function mac(key: Uint8Array, data: string): string {
  return createHmac("sha256", key).update("oauth-state:").update(data).digest("base64url");
}

export function signState(key: Uint8Array, payload: StatePayload): string {
  const data = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${data}.${mac(key, data)}`;
}

export function verifyState(key: Uint8Array, value: string | undefined, nowSeconds: number): StatePayload | null {
  if (!value) return null;
  const [data, signature] = value.split(".");
  if (!data || !signature) return null;
  const expected = Buffer.from(mac(key, data));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const payload = JSON.parse(Buffer.from(data, "base64url").toString("utf8")) as StatePayload;
    if (typeof payload.state !== "string" || typeof payload.exp !== "number" || payload.exp < nowSeconds) return null;
    return payload;
  } catch {
    return null;
  }
}
