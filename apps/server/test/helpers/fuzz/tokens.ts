// Authorization header variants for the fuzz suite: none, valid members' bearers, and every kind of bad token a
// client or attacker can send, each with the 401 code a required-auth route must answer (API.md §1.8, §3.2).
import { SignJWT } from "jose";
import type { TestContext } from "../context.js";
import { createMember, type TestMember } from "../factories.js";
import { base64url, decodeSegment } from "../auth.js";

export type BearerVerdict = "none" | "valid" | "INVALID_TOKEN" | "TOKEN_EXPIRED";

export interface AuthVariant {
  label: string;
  /** The Authorization header, or undefined for none. */
  header: string | undefined;
  /** What a required-auth route makes of it. */
  verdict: BearerVerdict;
  /** The member behind a valid bearer. */
  member?: TestMember;
}

async function sign(claims: Record<string, unknown>, key: Uint8Array, alg = "HS256", expOffset = 1800, now = 0) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg, typ: "JWT" })
    .setIssuedAt(now)
    .setExpirationTime(now + expOffset)
    .sign(key);
}

export async function authVariants(ctx: TestContext, members: TestMember[]): Promise<AuthVariant[]> {
  const key = ctx.config.jwtSecret;
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const owner = members[0]!;
  const sid = String(decodeSegment(owner.accessToken, 1).sid);
  const claims = (sub: string, extra: Record<string, unknown> = {}) => ({ sub, sid, typ: "access", ...extra });

  // A member whose session was logged out, and one whose account was deleted: both tokens are well signed.
  const revoked = await createMember(ctx);
  await ctx.services.auth.logout(revoked.refreshToken, undefined);
  const deleted = await createMember(ctx);
  await ctx.db.deleteFrom("refresh_tokens").where("user_id", "=", deleted.id).execute();
  await ctx.db.deleteFrom("sessions").where("user_id", "=", deleted.id).execute();
  await ctx.db.deleteFrom("users").where("id", "=", deleted.id).execute();

  const header = base64url({ alg: "none", typ: "JWT" });
  const payload = base64url({ ...claims(String(owner.id)), iat: now, exp: now + 1800 });
  const bad = (label: string, value: string, verdict: BearerVerdict = "INVALID_TOKEN"): AuthVariant => ({
    label,
    header: value,
    verdict,
  });
  return [
    { label: "none", header: undefined, verdict: "none" },
    ...members.map((m, i) => ({
      label: `member ${i}`,
      header: `Bearer ${m.accessToken}`,
      verdict: "valid" as const,
      member: m,
    })),
    { label: "lower-case scheme", header: `bearer   ${owner.accessToken}`, verdict: "valid", member: owner },
    { label: "empty bearer", header: "Bearer ", verdict: "none" },
    { label: "other scheme", header: "Basic dXNlcjpwYXNz", verdict: "none" },
    bad("garbage", "Bearer garbage"),
    bad("three dots", "Bearer a.b.c"),
    bad("alg none", `Bearer ${header}.${payload}.`),
    bad(
      "wrong secret",
      `Bearer ${await sign(claims(String(owner.id)), new TextEncoder().encode("x".repeat(40)), "HS256", 1800, now)}`,
    ),
    bad("HS512", `Bearer ${await sign(claims(String(owner.id)), key, "HS512", 1800, now)}`),
    bad("expired", `Bearer ${await sign(claims(String(owner.id)), key, "HS256", -60, now - 7200)}`, "TOKEN_EXPIRED"),
    bad("typ refresh", `Bearer ${await sign(claims(String(owner.id), { typ: "refresh" }), key, "HS256", 1800, now)}`),
    bad("unknown user", `Bearer ${await sign(claims("999999"), key, "HS256", 1800, now)}`),
    bad("sub above 2^31", `Bearer ${await sign(claims("2147483648"), key, "HS256", 1800, now)}`),
    bad("sub 10 nines", `Bearer ${await sign(claims("9999999999"), key, "HS256", 1800, now)}`),
    bad("sub not numeric", `Bearer ${await sign(claims("abc"), key, "HS256", 1800, now)}`),
    bad(
      "unknown session",
      `Bearer ${await sign(claims(String(owner.id), { sid: "00".repeat(16) }), key, "HS256", 1800, now)}`,
    ),
    bad("revoked session", `Bearer ${revoked.accessToken}`),
    bad("deleted member", `Bearer ${deleted.accessToken}`),
    bad("unicode junk", "Bearer \u00e9\u00e8\u00ff"),
  ];
}

export function cookieVariants(members: TestMember[]): string[] {
  return [
    "",
    "refresh_token=garbage",
    "refresh_token=",
    `refresh_token=${members[0]!.refreshToken}`,
    "refresh_token=%ZZ",
    "oauth_state=garbage",
    `refresh_token=${"a".repeat(4000)}`,
  ];
}
