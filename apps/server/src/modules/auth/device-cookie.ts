// The "known device" cookie (OWASP's device cookies against account lockout): set on a successful sign-in, it names
// the member who signed in from this browser, signed with the server's key. A browser that presents it for that
// member is exempt from the per-login-id failure limit, so someone guessing a member's password from elsewhere slows
// down the guesser, never the owner (docs/security.md). Path /api/users: sent only to signin, password change and
// account deletion (and the other /api/users routes, which ignore it).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config.js";

export const DEVICE_COOKIE = "known_device";
const PATH = "/api/users";
const MAX_AGE_S = 365 * 86400;

function signature(secret: Uint8Array, userId: number, nonce: string): Buffer {
  return createHmac("sha256", secret).update(`known-device:${userId}:${nonce}`).digest();
}

export function deviceCookieValue(secret: Uint8Array, userId: number): string {
  const nonce = randomBytes(12).toString("base64url");
  return `${userId}.${nonce}.${signature(secret, userId, nonce).toString("base64url")}`;
}

/** The member a well-signed cookie names, else null (absent, malformed, forged). */
export function deviceCookieUser(secret: Uint8Array, value: string | undefined): number | null {
  if (!value || value.length > 200) return null;
  const match = /^([0-9]{1,10})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const userId = Number(match[1]);
  // Compared as text: a base64url string's last character carries two unused bits, so decoding first would accept
  // four spellings of one signature.
  const expected = Buffer.from(signature(secret, userId, match[2]!).toString("base64url"));
  return timingSafeEqual(Buffer.from(match[3]!), expected) ? userId : null;
}

export function setDeviceCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Pick<Config, "cookieSecure" | "jwtSecret">,
  userId: number,
): void {
  const secure = config.cookieSecure === "true" || (config.cookieSecure === "auto" && request.protocol === "https");
  reply.setCookie(DEVICE_COOKIE, deviceCookieValue(config.jwtSecret, userId), {
    path: PATH,
    httpOnly: true,
    sameSite: "strict",
    secure,
    maxAge: MAX_AGE_S,
    expires: new Date(Date.now() + MAX_AGE_S * 1000),
  });
}
