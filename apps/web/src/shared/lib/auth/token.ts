// Reading the access token's claims the way API.md §3.2 promises they can be read: plain atob on the payload.
import { TOKEN_REFRESH_LEAD_SECONDS } from "@moviepedia/contract";

export interface AccessClaims {
  exp: number;
  iat?: number;
  sub?: string;
}

/** The payload of a JWT, or null when it has no readable payload part (SPEC §5: such a token clears the session). */
export function readAccessClaims(token: string): AccessClaims | null {
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const payload: unknown = JSON.parse(atob(part));
    if (!payload || typeof payload !== "object" || !("exp" in payload) || typeof payload.exp !== "number") {
      return null;
    }
    return payload as AccessClaims;
  } catch {
    return null;
  }
}

/** Milliseconds until the token is due for refresh (60 s before `exp`); 0 when that moment has passed. */
export function refreshDelayMs(claims: AccessClaims, nowMs: number): number {
  return Math.max(0, (claims.exp - TOKEN_REFRESH_LEAD_SECONDS) * 1000 - nowMs);
}
