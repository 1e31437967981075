// Social login (API.md §3.4): authorize redirect with state (+PKCE), callback → link or create → session.
import { createHash } from "node:crypto";
import type { AuthTokens, OAuthProvider } from "@moviepedia/contract";
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from "arctic";
import type { Kysely } from "kysely";
import type { Config, OAuthProviderConfig } from "../../config.js";
import type { Database } from "../../db/types.js";
import { ApiError, missingField, notFound } from "../../http/errors.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { inTransaction } from "../../lib/transaction.js";
import type { RateLimitStore } from "../../lib/rate-limiter.js";
import type { Clock } from "../../lib/time.js";
import { toTimestamp } from "../../lib/time.js";
import type { AuthService } from "../auth/index.js";
import { findUserByUsername, insertUser } from "../users/index.js";
import { exchangeCode, fetchUserInfo } from "./provider-client.js";
import { type ProviderProfile, SCOPES, normaliseImageUrl, readProfile } from "./providers.js";
import { findLinkedUserId, insertLink } from "./repository.js";
import { STATE_TTL_SECONDS, signState, verifyState } from "./state-cookie.js";
import { baseUsername, candidateUsername } from "./username.js";

export interface OAuthDeps {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  auth: AuthService;
  /**
   * Remembers used states until they expire (API.md §3.4: a state is single-use): the rate limits' store, so in
   * Redis when REDIS_URL is set (shared by every instance), else in memory.
   */
  usedStates: RateLimitStore;
  /** Called with each newly created member (the search index keeps usernames). */
  onUserCreated?: (db: Kysely<Database>, user: { id: number; username: string }) => Promise<void>;
}

const MAX_USERNAME_ATTEMPTS = 100;

export function createOAuthService(deps: OAuthDeps) {
  const { db, config, clock, auth } = deps;

  function providerConfig(name: string): { provider: OAuthProvider; cfg: OAuthProviderConfig } {
    const cfg = name === "kakao" || name === "google" ? config.oauth[name] : undefined;
    if (!cfg) throw notFound("NOT_FOUND");
    return { provider: name as OAuthProvider, cfg };
  }

  function redirectUri(provider: OAuthProvider, cfg: OAuthProviderConfig, requestOrigin: string): string {
    return cfg.redirectUri ?? `${config.publicOrigin ?? requestOrigin}/oauth/${provider}`;
  }

  function configured(): Record<OAuthProvider, boolean> {
    return { kakao: config.oauth.kakao !== undefined, google: config.oauth.google !== undefined };
  }

  function authorize(name: string, requestOrigin: string): { url: string; cookie: string } {
    const { provider, cfg } = providerConfig(name);
    const client = new OAuth2Client(cfg.clientId, null, redirectUri(provider, cfg, requestOrigin));
    const state = generateState();
    const verifier = cfg.pkce ? generateCodeVerifier() : null;
    const url = verifier
      ? client.createAuthorizationURLWithPKCE(
          cfg.authorizeUrl,
          state,
          CodeChallengeMethod.S256,
          verifier,
          SCOPES[provider],
        )
      : client.createAuthorizationURL(cfg.authorizeUrl, state, SCOPES[provider]);
    const exp = Math.floor(clock.now().getTime() / 1000) + STATE_TTL_SECONDS;
    return { url: url.toString(), cookie: signState(config.jwtSecret, { provider, state, verifier, exp }) };
  }

  async function createMember(provider: OAuthProvider, profile: ProviderProfile): Promise<number> {
    const base = baseUsername(profile.nickname, provider);
    for (let attempt = 1; attempt <= MAX_USERNAME_ATTEMPTS; attempt++) {
      const username = candidateUsername(base, attempt);
      if (await findUserByUsername(db, username)) continue;
      try {
        return await inTransaction(db, async (trx) => {
          const now = toTimestamp(clock.now());
          const user = await insertUser(trx, {
            username,
            username_lower: username.toLowerCase(),
            login_id: null,
            login_id_lower: null,
            password_hash: null,
            login_type: provider,
            profile_url: normaliseImageUrl(profile.imageUrl),
            status_message: null,
            created_at: now,
          });
          await insertLink(trx, {
            user_id: user.id,
            provider,
            provider_user_id: profile.providerUserId,
            created_at: now,
          });
          await deps.onUserCreated?.(trx, user);
          return user.id;
        });
      } catch (error) {
        // A concurrent callback for the same provider account won: use its member.
        if (isUniqueViolation(error, "provider")) {
          const linked = await findLinkedUserId(db, provider, profile.providerUserId);
          if (linked !== null) return linked;
        }
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error("Could not find a free username for a social account");
  }

  const mismatch = () => new ApiError("OAUTH_STATE_MISMATCH", "The login state does not match.");

  /**
   * The signed cookie's state, checked before any provider call (API.md §3.4): the cookie is required; a `state`
   * that is sent must be its state; `state` may be left out only when the cookie holds a PKCE verifier (the code is
   * then bound to this browser); and a state is accepted once — remembered until the cookie would expire.
   */
  async function claimState(provider: OAuthProvider, sent: string | undefined, cookie: string | undefined) {
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    const saved = verifyState(config.jwtSecret, cookie, nowSeconds);
    if (!saved || saved.provider !== provider) throw mismatch();
    if (sent === undefined || sent === "") {
      if (!saved.verifier) throw missingField("state");
    } else if (sent !== saved.state) {
      throw mismatch();
    }
    const key = `oauth-state:${createHash("sha256").update(saved.state).digest("base64url")}`;
    const { count } = await deps.usedStates.hit(key, Math.max(1, saved.exp - nowSeconds));
    if (count > 1) throw mismatch();
    return saved;
  }

  async function callback(
    name: string,
    query: { code?: string; state?: string },
    stateCookie: string | undefined,
    requestOrigin: string,
  ): Promise<AuthTokens> {
    const { provider, cfg } = providerConfig(name);
    if (!query.code) throw missingField("code");
    const saved = await claimState(provider, query.state, stateCookie);
    const providerToken = await exchangeCode(
      cfg,
      query.code,
      redirectUri(provider, cfg, requestOrigin),
      saved.verifier,
    );
    const profile = readProfile(provider, await fetchUserInfo(cfg, providerToken));
    if (!profile) throw new ApiError("OAUTH_CODE_INVALID", "The provider returned no user id.");
    const userId =
      (await findLinkedUserId(db, provider, profile.providerUserId)) ?? (await createMember(provider, profile));
    return auth.startSession(userId);
  }

  return { configured, authorize, callback };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
