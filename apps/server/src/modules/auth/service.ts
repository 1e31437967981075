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
import { toMe } from "../users/index.js";
import { findUserByLoginId, findUserByUsername, insertUser } from "../users/index.js";
import { dummyHash, hashPassword, verifyPassword } from "./passwords.js";
import * as repo from "./repository.js";
import { hashRefreshToken, newRefreshToken, newSessionId, type TokenService } from "./tokens.js";

export interface AuthDeps {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  tokens: TokenService;
  limiter: Limiter;
}

const FIFTEEN_MINUTES = 15 * 60;
const invalidCredentials = () => new ApiError("INVALID_CREDENTIALS", "Login id or password is incorrect.");
const invalidRefresh = () => new ApiError("INVALID_TOKEN", "The refresh token is invalid.");

export function createAuthService(deps: AuthDeps) {
  const { db, config, clock, tokens, limiter } = deps;
  const limits = config.rateLimits;

  async function issueTokens(trx: Kysely<Database>, userId: number, sessionId: string): Promise<AuthTokens> {
    const now = clock.now();
    const refresh = newRefreshToken();
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
    const passwordHash = await hashPassword(input.login_password);
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

  /** Checks a member's password, counting failures against the signin limits of API.md §1.10. */
  async function checkPassword(ip: string, loginId: string, password: string, hash: string | null): Promise<boolean> {
    const id = loginId.toLowerCase();
    const pairKey = `signin-pair:${ip}:${id}`;
    await limiter.check(pairKey, limits.signinFailures);
    await limiter.check(`signin-id:${id}`, limits.signinFailuresPerLoginId);
    const ok = await verifyPassword(password, hash ?? (await dummyHash()));
    if (ok && hash) {
      await limiter.reset(pairKey);
      return true;
    }
    await Promise.all([
      limiter.hit(pairKey, FIFTEEN_MINUTES),
      limiter.hit(`signin-ip:${ip}`, FIFTEEN_MINUTES),
      limiter.hit(`signin-id:${id}`, 3600),
    ]);
    return false;
  }

  async function signin(ip: string, loginId: string, password: string): Promise<AuthTokens> {
    // No login id holds U+0000 (signup's format rule), and PostgreSQL cannot even compare one: it is simply unknown.
    const user = loginId.includes("\u0000") ? undefined : await findUserByLoginId(db, loginId);
    const ok = await checkPassword(ip, loginId, password, user?.password_hash ?? null);
    if (!ok || !user) throw invalidCredentials();
    return startSession(user.id);
  }

  /**
   * Rotation (API.md §3.3). The compare-and-set in markRotated decides which of two racing refreshes rotates the
   * token; the loser re-reads the row (on PostgreSQL its update waited for the winner's commit) and, the rotation
   * being fresh, falls inside the grace window. A replay after the window revokes the whole family.
   */
  async function refresh(cookieToken: string | undefined): Promise<AuthTokens> {
    if (!cookieToken) throw new ApiError("REFRESH_TOKEN_MISSING", "No refresh token cookie was sent.");
    const tokenHash = hashRefreshToken(cookieToken);
    const outcome = await inTransaction(db, async (trx) => {
      const now = clock.now();
      let row = await repo.findRefreshToken(trx, tokenHash);
      if (!row || row.revoked_at !== null || row.state === "revoked") throw invalidRefresh();
      if (fromTimestamp(row.expires_at) <= now) {
        throw new ApiError("TOKEN_EXPIRED", "The refresh token has expired.");
      }
      if (row.state === "active") {
        if (await repo.markRotated(trx, row.id, toTimestamp(now))) return issueTokens(trx, row.user_id, row.session_id);
        row = await repo.findRefreshToken(trx, tokenHash);
        if (!row || row.revoked_at !== null || row.state === "revoked") throw invalidRefresh();
      }
      // Timestamps are stored to the second, so the age is compared in whole seconds.
      const rotatedAt = row.rotated_at ? fromTimestamp(row.rotated_at) : fromTimestamp(toTimestamp(now));
      const ageSeconds = (fromTimestamp(toTimestamp(now)).getTime() - rotatedAt.getTime()) / 1000;
      if (ageSeconds < config.refreshReuseGraceSeconds) {
        return issueTokens(trx, row.user_id, row.session_id);
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

  return { signup, signin, checkPassword, refresh, logout, verifyBearer, callerFromCookie, startSession };
}

export type AuthService = ReturnType<typeof createAuthService>;
