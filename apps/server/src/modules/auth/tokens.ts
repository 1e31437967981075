// Access tokens (HS256 JWT, API.md §3.2) and opaque refresh tokens (stored only as hashes, §3.3).
import { MAX_ID } from "@moviepedia/contract";
import { createHash, createHmac, randomBytes, webcrypto } from "node:crypto";
import { SignJWT, errors as joseErrors, jwtVerify } from "jose";
import type { Config } from "../../config.js";
import { ApiError } from "../../http/errors.js";
import { defineRegion } from "../../cache/index.js";
import type { Clock } from "../../lib/time.js";

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export function newSessionId(): string {
  return randomBytes(16).toString("hex");
}

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The refresh token a rotation issues for the token with `tokenHash`: derived with the server's key, so a replay
 * inside the grace window (API.md §3.3) gets that same token again instead of a second live branch of the family.
 * Only the server can derive it, and only from a token hash it stores.
 */
export function successorRefreshToken(secret: Uint8Array, tokenHash: string): { token: string; hash: string } {
  const token = createHmac("sha256", secret).update(`refresh-successor:${tokenHash}`).digest("base64url");
  return { token, hash: hashRefreshToken(token) };
}

const invalid = () => new ApiError("INVALID_TOKEN", "The access token is invalid.");
const expired = () => new ApiError("TOKEN_EXPIRED", "The access token has expired.");

interface VerifiedToken extends AccessClaims {
  /** `exp` claim, seconds since the epoch. */
  expiresAt: number;
}

// Tokens whose signature and claims were checked: a signed token's claims never change, so a later request with the
// same token only needs the expiry checked again (as jose does: expired once exp <= now). Only tokens this server
// signed get here, so input cannot fill it; each instance of the service (its secret) has its own entries.
const verified = defineRegion<VerifiedToken>({
  name: "verified-tokens",
  share: 0.01,
  stale: { token: "content" },
  keeps: "an access token's checked claims (the token is the key)",
  sizeOf: () => 64,
});
const ANY = { token: "" };

export function createTokenService(config: Pick<Config, "jwtSecret" | "accessTokenTtlMinutes">, clock: Clock) {
  // Imported once: given the raw bytes, jose imports a WebCrypto key on every sign and verify.
  let cryptoKey: Promise<webcrypto.CryptoKey> | undefined;
  const key = () =>
    (cryptoKey ??= webcrypto.subtle.importKey("raw", config.jwtSecret, { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]));
  const scope = {};
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  async function signAccess(userId: number, sessionId: string): Promise<string> {
    // The payload must decode with window.atob: re-issue with a fresh jti until it has no '-' or '_'.
    for (;;) {
      const iat = Math.floor(clock.now().getTime() / 1000);
      const token = await new SignJWT({ sid: sessionId, typ: "access" })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + config.accessTokenTtlMinutes * 60)
        .setJti(randomBytes(16).toString("hex"))
        .sign(await key());
      const payload = token.split(".")[1] ?? "";
      if (!payload.includes("-") && !payload.includes("_")) return token;
    }
  }

  async function verifyAccess(token: string): Promise<AccessClaims> {
    const known = verified.peek(scope, ANY, token);
    if (known) {
      if (known.expiresAt <= nowSeconds()) throw expired();
      return { userId: known.userId, sessionId: known.sessionId };
    }
    try {
      const { payload } = await jwtVerify(token, await key(), {
        algorithms: ["HS256"],
        currentDate: clock.now(),
      });
      // A token without `exp` never expires: this server always sets one, so one without is not ours (issue #22).
      if (
        payload.typ !== "access" ||
        typeof payload.sid !== "string" ||
        typeof payload.sub !== "string" ||
        typeof payload.exp !== "number"
      ) {
        throw invalid();
      }
      // A signed token only ever names an existing id, but never let a forged-looking one reach an int4 lookup.
      if (!/^[0-9]{1,10}$/.test(payload.sub) || Number(payload.sub) > MAX_ID) throw invalid();
      const claims = { userId: Number(payload.sub), sessionId: payload.sid };
      await verified.get(scope, ANY, token, async () => ({ ...claims, expiresAt: payload.exp as number }));
      return claims;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw expired();
      throw invalid();
    }
  }

  /**
   * The member an access token was issued to, checking only that this server signed it (expired tokens included):
   * used to pick a member's rate-limit bucket before authentication runs. Null for anything else.
   */
  async function tokenOwner(token: string): Promise<number | null> {
    const known = verified.peek(scope, ANY, token);
    if (known) return known.userId;
    let sub: unknown;
    try {
      sub = (await jwtVerify(token, await key(), { algorithms: ["HS256"], currentDate: clock.now() })).payload.sub;
    } catch (error) {
      if (!(error instanceof joseErrors.JWTExpired)) return null;
      sub = error.payload.sub;
    }
    return typeof sub === "string" && /^[0-9]{1,10}$/.test(sub) && Number(sub) <= MAX_ID ? Number(sub) : null;
  }

  return { signAccess, verifyAccess, tokenOwner };
}

export type TokenService = ReturnType<typeof createTokenService>;
