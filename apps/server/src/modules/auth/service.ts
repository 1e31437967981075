// Accounts and sessions (API.md §3.1–3.3): signup, signin, refresh rotation with reuse detection, logout.
import { inTransaction } from "../../lib/transaction.js";
import { type AuthTokens, type Me, normalizeUsername, type SignupRequest } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Config } from "../../config.js";
import type { Database } from "../../db/types.js";
import type { Caller } from "../../http/auth.js";
import { ApiError } from "../../http/errors.js";
import type { Limiter } from "../../http/rate-limit.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { addSeconds, type Clock, fromTimestamp, toTimestamp } from "../../lib/time.js";
import { indexSearchDocument } from "../search/index.js";
import { findUserById, findUserByLoginId, findUserByUsername, insertUser, toMe } from "../users/index.js";
import { createPasswordHasher } from "./passwords.js";
import * as repo from "./repository.js";
import { hashRefreshToken, newRefreshToken, newSessionId, successorRefreshToken, type TokenService } from "./tokens.js";

export interface AuthDeps {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  tokens: TokenService;
  limiter: Limiter;
}

const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 3600;
/** Unknown devices past the per-login-id limit wait this long between attempts, doubling per failure up to the cap. */
const SLOWDOWN_BASE_S = 2;
const SLOWDOWN_MAX_S = 300;
const invalidCredentials = () => new ApiError("INVALID_CREDENTIALS", "Login id or password is incorrect.");
const invalidRefresh = () => new ApiError("INVALID_TOKEN", "The refresh token is invalid.");

export interface PasswordCheck {
  ip: string;
  loginId: string;
  password: string;
  /** The member's stored hash; null for an unknown login id or a social-only account (a dummy hash is verified). */
  hash: string | null;
  /** This browser holds a known-device cookie for the member (device-cookie.ts): no per-login-id limit. */
  knownDevice?: boolean;
}

export function createAuthService(deps: AuthDeps) {
  const { db, config, clock, tokens, limiter } = deps;
  const limits = config.rateLimits;
  const passwords = createPasswordHasher(config.scryptLogN);

  async function issueTokens(
    trx: Kysely<Database>,
    userId: number,
    sessionId: string,
    refresh = newRefreshToken(),
  ): Promise<AuthTokens> {
    const now = clock.now();
    await repo.insertRefreshToken(trx, {
      session_id: sessionId,
      user_id: userId,
      token_hash: refresh.hash,
      expires_at: toTimestamp(addSeconds(now, config.refreshTokenTtlDays * 86400)),
      created_at: toTimestamp(now),
    });
    return { access_token: await tokens.signAccess(userId, sessionId), refresh_token: refresh.token, user_id: userId };
  }

  /** Starts a new session (refresh family) for a member: signin and social callbacks. */
  async function startSession(userId: number): Promise<AuthTokens> {
    return inTransaction(db, async (trx) => {
      const sessionId = newSessionId();
      await repo.insertSession(trx, { id: sessionId, user_id: userId, created_at: toTimestamp(clock.now()) });
      return issueTokens(trx, userId, sessionId);
    });
  }

  async function signup(request: SignupRequest): Promise<Me> {
    // Stored and compared in NFC (API.md §3.1): a name typed as decomposed Hangul is the same name.
    const input = { ...request, username: normalizeUsername(request.username) };
    if (await findUserByUsername(db, input.username)) {
      throw new ApiError("USERNAME_TAKEN", "That username is already taken.");
    }
    if (await findUserByLoginId(db, input.login_id)) {
      throw new ApiError("LOGIN_ID_TAKEN", "That login id is already taken.");
    }
    const passwordHash = await passwords.hash(input.login_password);
    try {
      const user = await inTransaction(db, async (trx) => {
        const row = await insertUser(trx, {
          username: input.username,
          username_lower: input.username.toLowerCase(),
          login_id: input.login_id,
          login_id_lower: input.login_id.toLowerCase(),
          password_hash: passwordHash,
          login_type: "local",
          profile_url: null,
          status_message: null,
          created_at: toTimestamp(clock.now()),
        });
        await indexSearchDocument(trx, "user", row.id, [row.username]);
        return row;
      });
      return toMe(user);
    } catch (error) {
      if (isUniqueViolation(error, "username")) throw new ApiError("USERNAME_TAKEN", "That username is already taken.");
      if (isUniqueViolation(error, "login_id")) throw new ApiError("LOGIN_ID_TAKEN", "That login id is already taken.");
      throw error;
    }
  }

  /**
   * Checks a member's password against the signin limits of API.md §1.10: a slot in each failure bucket is reserved
   * before the hash is verified (atomically, so parallel guesses cannot all pass a check made before any was
   * counted), kept on a failure and given back on a success. Per login id, an unknown device past the limit is slowed
   * down (one attempt per growing delay) rather than locked out, and a known device is not limited at all.
   */
  async function checkPassword(check: PasswordCheck): Promise<boolean> {
    const { ip, password, hash } = check;
    const id = check.loginId.toLowerCase();
    const pairKey = `signin-pair:${ip}:${id}`;
    const ipKey = `signin-ip:${ip}`;
    const idKey = `signin-id:${id}`;
    const taken: string[] = [];
    try {
      await limiter.reserve(pairKey, limits.signinFailures, FIFTEEN_MINUTES);
      taken.push(pairKey);
      await limiter.reserve(ipKey, limits.signinFailuresPerIp, FIFTEEN_MINUTES);
      taken.push(ipKey);
      if (limits.signinFailuresPerLoginId > 0) {
        const failures = await limiter.hit(idKey, HOUR);
        taken.push(idKey);
        const excess = failures - limits.signinFailuresPerLoginId;
        if (excess > 0 && !check.knownDevice) {
          const delay = Math.min(SLOWDOWN_MAX_S, SLOWDOWN_BASE_S * 2 ** Math.min(excess - 1, 16));
          await limiter.reserve(`signin-slow:${id}`, 1, delay);
        }
      }
    } catch (error) {
      await Promise.all(taken.map((key) => limiter.release(key)));
      throw error;
    }
    const ok = await passwords.verify(password, hash ?? (await passwords.dummyHash()));
    if (ok && hash) {
      await Promise.all([
        limiter.reset(pairKey),
        limiter.release(ipKey),
        ...(taken.includes(idKey) ? [limiter.release(idKey)] : []),
      ]);
      return true;
    }
    return false;
  }

  /**
   * Signin (API.md §3.1). `deviceUser`: the member named by this browser's known-device cookie, if any. A hash made
   * with an older scrypt cost is replaced now that the password is at hand.
   */
  async function signin(ip: string, loginId: string, password: string, deviceUser: number | null = null) {
    // No login id holds U+0000 (signup's format rule), and PostgreSQL cannot even compare one: it is simply unknown.
    const user = loginId.includes("\u0000") ? undefined : await findUserByLoginId(db, loginId);
    const hash = user?.password_hash ?? null;
    const knownDevice = user !== undefined && deviceUser === user.id;
    const ok = await checkPassword({ ip, loginId, password, hash, knownDevice });
    if (!ok || !user || !hash) throw invalidCredentials();
    if (passwords.needsRehash(hash)) {
      await repo.replacePasswordHash(db, user.id, hash, await passwords.hash(password));
    }
    return startSession(user.id);
  }

  /**
   * PATCH /api/users/me/password [EXT]: the current password is checked like a signin (a wrong one is a counted
   * failure, 401); the new one follows signup's rules. Every other session of the member ends; the caller's stays.
   */
  async function changePassword(caller: Caller, ip: string, current: string, next: string): Promise<void> {
    const user = await findUserById(db, caller.userId);
    if (!user) throw new ApiError("INVALID_TOKEN", "The session has ended.");
    if (user.password_hash === null) {
      throw new ApiError("FORBIDDEN", "This account signs in with a social provider and has no password.");
    }
    const loginId = user.login_id ?? `user-${user.id}`;
    const ok = await checkPassword({ ip, loginId, password: current, hash: user.password_hash, knownDevice: true });
    if (!ok) throw new ApiError("INVALID_CREDENTIALS", "The current password is incorrect.");
    const nextHash = await passwords.hash(next);
    await inTransaction(db, async (trx) => {
      await repo.setPasswordHash(trx, user.id, nextHash);
      await repo.revokeOtherSessions(trx, user.id, caller.sessionId, toTimestamp(clock.now()));
    });
  }

  /**
   * Rotation (API.md §3.3). The compare-and-set in markRotated decides which of two racing refreshes rotates the
   * token; the loser re-reads the row (on PostgreSQL its update waited for the winner's commit) and, the rotation
   * being fresh, falls inside the grace window. A replay after the window revokes the whole family.
   */
  async function refresh(cookieToken: string | undefined): Promise<AuthTokens> {
    if (!cookieToken) throw new ApiError("REFRESH_TOKEN_MISSING", "No refresh token cookie was sent.");
    const tokenHash = hashRefreshToken(cookieToken);
    const successor = successorRefreshToken(config.jwtSecret, tokenHash);
    const outcome = await inTransaction(db, async (trx) => {
      const now = clock.now();
      let row = await repo.findRefreshToken(trx, tokenHash);
      if (!row || row.revoked_at !== null || row.state === "revoked") throw invalidRefresh();
      if (fromTimestamp(row.expires_at) <= now) {
        throw new ApiError("TOKEN_EXPIRED", "The refresh token has expired.");
      }
      // The absolute lifetime (SESSION_MAX_DAYS): refreshes slide a token's expiry, never the session's end.
      if (addSeconds(fromTimestamp(row.session_created_at), config.sessionMaxDays * 86400) <= now) {
        throw new ApiError("TOKEN_EXPIRED", "The session has reached its maximum lifetime; sign in again.");
      }
      if (row.state === "active") {
        if (await repo.markRotated(trx, row.id, toTimestamp(now))) {
          return issueTokens(trx, row.user_id, row.session_id, successor);
        }
        row = await repo.findRefreshToken(trx, tokenHash);
        if (!row || row.revoked_at !== null || row.state === "revoked") throw invalidRefresh();
      }
      // Timestamps are stored to the second, so the age is compared in whole seconds.
      const rotatedAt = row.rotated_at ? fromTimestamp(row.rotated_at) : fromTimestamp(toTimestamp(now));
      const ageSeconds = (fromTimestamp(toTimestamp(now)).getTime() - rotatedAt.getTime()) / 1000;
      if (ageSeconds < config.refreshReuseGraceSeconds) {
        // Inside the grace window a rotated token yields the one successor its rotation issued, never another
        // live token in the family: the refresh token is the same, the access token is signed again.
        const next = await repo.findRefreshToken(trx, successor.hash);
        if (next && next.revoked_at === null && next.state !== "revoked") {
          return {
            access_token: await tokens.signAccess(row.user_id, row.session_id),
            refresh_token: successor.token,
            user_id: row.user_id,
          };
        }
        // Rotated by a version that issued random successors (the deploy's first grace window): as it did.
        if (!next) return issueTokens(trx, row.user_id, row.session_id);
        throw invalidRefresh();
      }
      // Reuse: the revocation must commit, so the transaction ends normally and the 401 is thrown after it.
      await repo.revokeSession(trx, row.session_id, toTimestamp(now));
      return null;
    });
    if (!outcome) throw new ApiError("REFRESH_TOKEN_REUSED", "The refresh token was already used.");
    return outcome;
  }

  /** Revokes the cookie's family, else the bearer's session; never fails. */
  async function logout(cookieToken: string | undefined, bearerSessionId: string | undefined): Promise<void> {
    const now = toTimestamp(clock.now());
    if (cookieToken) {
      const row = await repo.findRefreshToken(db, hashRefreshToken(cookieToken));
      if (row) return repo.revokeSession(db, row.session_id, now);
    }
    if (bearerSessionId) await repo.revokeSession(db, bearerSessionId, now);
  }

  async function verifyBearer(token: string): Promise<Caller> {
    const claims = await tokens.verifyAccess(token);
    if (!(await repo.isSessionLive(db, claims.sessionId, claims.userId))) {
      throw new ApiError("INVALID_TOKEN", "The session has ended.");
    }
    return claims;
  }

  /** The member of an active, unexpired refresh cookie (blocked_users without a bearer). */
  async function callerFromCookie(cookieToken: string): Promise<number> {
    const row = await repo.findRefreshToken(db, hashRefreshToken(cookieToken));
    if (!row || row.state !== "active" || row.revoked_at !== null) throw invalidRefresh();
    if (fromTimestamp(row.expires_at) <= clock.now()) {
      throw new ApiError("TOKEN_EXPIRED", "The refresh token has expired.");
    }
    return row.user_id;
  }

  return {
    signup,
    signin,
    checkPassword,
    changePassword,
    refresh,
    logout,
    verifyBearer,
    callerFromCookie,
    startSession,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
