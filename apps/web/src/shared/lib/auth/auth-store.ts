// The auth state machine of SPEC §4 with DESIGN's departures and API.md §3.3's web-app rules: the four stored items,
// restore on start, refresh 60 s before expiry (at once when already due), one refresh at a time across tabs
// (Web Locks), tabs kept in sync through storage events, and the session dropped when it can no longer be trusted.
import { type AuthTokens, endpoints, LOG, type Me } from "@moviepedia/contract";
import { isApiError } from "../api/api-error";
import type { SessionPort } from "../api/client";
import {
  clearStored,
  isSessionKey,
  readStored,
  STORAGE_KEYS,
  type StoredSession,
  writeTokens,
  writeUser,
} from "./storage";
import { readAccessClaims, refreshDelayMs } from "./token";

export interface AuthState {
  isLoggedIn: boolean;
  accessToken: string | null;
  refreshToken: string | null;
  userId: number | null;
  user: Me | null;
}

/** Runs `task` while holding the named lock, shared by every tab of the origin (navigator.locks). */
export type LockRunner = <T>(name: string, task: () => Promise<T>) => Promise<T>;

export interface AuthDeps {
  storage: Storage;
  /** Absent where the browser lacks Web Locks (insecure origins): refreshes are then single-flight per tab only. */
  locks?: LockRunner;
  fetch: typeof fetch;
  /** GET /api/users/me through the API client (so a rejected token is refreshed once before it fails). */
  loadMe: () => Promise<Me>;
  log?: (line: string, detail?: unknown) => void;
  now?: () => number;
  events?: Pick<Window, "addEventListener" | "removeEventListener">;
}

export const REFRESH_LOCK = "moviepedia-token-refresh";
/** A token just received is never refreshed sooner than this: guards against loops with very short lifetimes or
 * a skewed device clock, where every fresh token would already look due. */
export const MIN_REFRESH_INTERVAL_MS = 10_000;
export const NETWORK_RETRY_MS = 30_000;
const MAX_TIMEOUT_MS = 2_147_483_647;

export const LOGGED_OUT: AuthState = {
  isLoggedIn: false,
  accessToken: null,
  refreshToken: null,
  userId: null,
  user: null,
};

type SessionWithToken = StoredSession & { accessToken: string };

/** A hand-written check rather than the contract's zod schema: it keeps zod out of the first-load bundle. */
function asAuthTokens(body: unknown): AuthTokens | null {
  if (!body || typeof body !== "object") return null;
  const { access_token, refresh_token, user_id } = body as Record<string, unknown>;
  return typeof access_token === "string" && typeof refresh_token === "string" && typeof user_id === "number"
    ? { access_token, refresh_token, user_id }
    : null;
}

export function createAuthStore(deps: AuthDeps) {
  const log = deps.log ?? ((line: string, detail?: unknown) => console.error(line, detail ?? ""));
  const now = deps.now ?? (() => Date.now());
  const listeners = new Set<() => void>();
  let state: AuthState = LOGGED_OUT;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<string | null> | null = null;
  let started = false;

  function setState(next: AuthState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function stopTimer(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function runLater(delayMs: number): void {
    stopTimer();
    timer = setTimeout(
      () => {
        timer = undefined;
        void refresh();
      },
      Math.min(delayMs, MAX_TIMEOUT_MS),
    );
  }

  function schedule(token: string, floorMs: number): void {
    const claims = readAccessClaims(token);
    if (claims) runLater(Math.max(refreshDelayMs(claims, now()), floorMs));
  }

  /** Ends the session here and in every tab (they see the items disappear). */
  function drop(line?: string, detail?: unknown): void {
    if (line) log(line, detail);
    stopTimer();
    clearStored(deps.storage);
    if (state.isLoggedIn) setState(LOGGED_OUT);
  }

  function adopt(stored: SessionWithToken, floorMs: number): boolean {
    if (!readAccessClaims(stored.accessToken)) {
      drop(LOG.invalidToken);
      return false;
    }
    if (!stored.refreshToken) {
      drop();
      return false;
    }
    setState({
      isLoggedIn: true,
      accessToken: stored.accessToken,
      refreshToken: stored.refreshToken,
      userId: stored.userId ?? stored.user?.id ?? null,
      user: stored.user,
    });
    schedule(stored.accessToken, floorMs);
    return true;
  }

  function refresh(): Promise<string | null> {
    if (inFlight) return inFlight;
    const basis = state.accessToken;
    const task = () => refreshHoldingLock(basis);
    inFlight = (deps.locks ? deps.locks(REFRESH_LOCK, task) : task()).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function refreshHoldingLock(basis: string | null): Promise<string | null> {
    const stored = readStored(deps.storage);
    if (!stored.accessToken) {
      drop(); // logged out in another tab meanwhile
      return null;
    }
    if (stored.accessToken !== basis) {
      // Another tab refreshed while we waited for the lock: take its tokens instead of spending the cookie again.
      return adopt({ ...stored, accessToken: stored.accessToken }, MIN_REFRESH_INTERVAL_MS) ? stored.accessToken : null;
    }
    if (!stored.refreshToken) {
      drop(LOG.refreshToken);
      return null;
    }
    let response: Response;
    try {
      // The JSON content type marks a script request for browsers without Fetch Metadata: the server refuses a
      // refresh that could have come from an image or a link (docs/security.md).
      response = await deps.fetch(endpoints.auth.refresh.path, {
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        credentials: "same-origin",
      });
    } catch (error) {
      // No answer at all (offline): keep the session and try again later rather than logging the member out.
      log(LOG.refreshToken, error);
      runLater(NETWORK_RETRY_MS);
      return null;
    }
    const tokens = response.ok ? asAuthTokens(await response.json().catch(() => null)) : null;
    if (!tokens || !readAccessClaims(tokens.access_token)) {
      drop(LOG.refreshToken, response.status);
      return null;
    }
    if (!deps.storage.getItem(STORAGE_KEYS.accessToken)) return null; // logged out while the call ran
    writeTokens(deps.storage, tokens);
    setState({
      ...state,
      isLoggedIn: true,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      userId: tokens.user_id,
    });
    schedule(tokens.access_token, MIN_REFRESH_INTERVAL_MS);
    return tokens.access_token;
  }

  const isTransient = (error: unknown) =>
    isApiError(error) && (error.isNetworkError || error.status === 408 || error.status === 429 || error.status >= 500);

  async function syncUser(keepWhenOffline: boolean): Promise<Me | null> {
    const expectedId = state.userId;
    try {
      const me = await deps.loadMe();
      if (!state.isLoggedIn || (expectedId !== null && me.id !== expectedId)) return null;
      writeUser(deps.storage, me);
      setState({ ...state, user: me, userId: me.id });
      return me;
    } catch (error) {
      // Only the server's word that the session is bad ends it: no answer, a timeout, a rate limit or a server error
      // (an outage, a deploy) keeps the stored member until the next try.
      if (keepWhenOffline && isTransient(error)) {
        log(LOG.userInfo, error);
        return state.user;
      }
      drop(LOG.userInfo, error);
      return null;
    }
  }

  function onStorage(event: StorageEvent): void {
    if ((event.storageArea && event.storageArea !== deps.storage) || !isSessionKey(event.key)) return;
    const stored = readStored(deps.storage);
    if (!stored.accessToken) {
      stopTimer();
      if (state.isLoggedIn) setState(LOGGED_OUT);
    } else if (stored.accessToken !== state.accessToken) {
      adopt({ ...stored, accessToken: stored.accessToken }, MIN_REFRESH_INTERVAL_MS);
    } else if (stored.user && stored.user !== state.user) {
      setState({ ...state, user: stored.user, userId: stored.user.id });
    }
  }

  return {
    getState: (): AuthState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Restores the stored session, refreshes at once when the token is already due, then re-reads the member. */
    async start(): Promise<void> {
      if (started) return;
      started = true;
      deps.events?.addEventListener("storage", onStorage);
      const stored = readStored(deps.storage);
      if (!stored.accessToken) {
        clearStored(deps.storage); // leftovers without a token are no session
        return;
      }
      if (!adopt({ ...stored, accessToken: stored.accessToken }, 0)) return;
      const claims = readAccessClaims(stored.accessToken);
      if (claims && refreshDelayMs(claims, now()) === 0) {
        stopTimer();
        if (!(await refresh())) return;
      }
      await syncUser(true);
    },

    stop(): void {
      started = false;
      stopTimer();
      deps.events?.removeEventListener("storage", onStorage);
    },

    /**
     * After signin or a social callback: keep the tokens, then fetch the member. The server refusing the new session
     * drops it; no answer (the network, or the page navigating away mid-fetch) keeps it, like a restored session: the
     * member is read on the next start. Signed in afterwards: `getState().isLoggedIn`.
     */
    async completeLogin(tokens: AuthTokens): Promise<Me | null> {
      if (!readAccessClaims(tokens.access_token)) {
        drop(LOG.invalidToken);
        return null;
      }
      deps.storage.removeItem(STORAGE_KEYS.user); // a previous member's record must not flash up
      writeTokens(deps.storage, tokens);
      setState({
        isLoggedIn: true,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        userId: tokens.user_id,
        user: null,
      });
      schedule(tokens.access_token, MIN_REFRESH_INTERVAL_MS);
      return syncUser(true);
    },

    /** Re-reads the member (after a profile edit, say). */
    refreshUser: (): Promise<Me | null> => syncUser(true),

    /** POST /api/users/logout, then the four items go whatever the answer. */
    async logout(): Promise<void> {
      const token = state.accessToken;
      try {
        await deps.fetch(endpoints.auth.logout.path, {
          method: endpoints.auth.logout.method,
          headers: token ? { Authorization: `Bearer ${token}` } : {},
          credentials: "same-origin",
        });
      } catch {
        // The server session expires on its own; the local one ends now regardless.
      }
      drop();
    },

    refresh,

    getAccessToken: (): string | null => state.accessToken,

    async renewAfterRejection(rejected: string): Promise<string | null> {
      if (!state.accessToken) return null;
      if (state.accessToken !== rejected) return state.accessToken; // already replaced since the request left
      return refresh();
    },
  } satisfies SessionPort & Record<string, unknown>;
}

export type AuthStore = ReturnType<typeof createAuthStore>;
