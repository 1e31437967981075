// The four local-storage items of SPEC §4: user, accessToken, refreshToken, user_id.
import type { AuthTokens, Me } from "@moviepedia/contract";

export const STORAGE_KEYS = {
  user: "user",
  accessToken: "accessToken",
  refreshToken: "refreshToken",
  userId: "user_id",
} as const;

const KEYS = new Set<string>(Object.values(STORAGE_KEYS));

export function isSessionKey(key: string | null): boolean {
  return key === null || KEYS.has(key);
}

export interface StoredSession {
  accessToken: string | null;
  refreshToken: string | null;
  userId: number | null;
  user: Me | null;
}

function parseUser(raw: string | null): Me | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" && "id" in value && typeof value.id === "number" ? (value as Me) : null;
  } catch {
    return null;
  }
}

function parseUserId(raw: string | null): number | null {
  if (raw === null || !/^[0-9]+$/.test(raw)) return null;
  return Number(raw);
}

export function readStored(storage: Storage): StoredSession {
  return {
    accessToken: storage.getItem(STORAGE_KEYS.accessToken) || null,
    refreshToken: storage.getItem(STORAGE_KEYS.refreshToken) || null,
    userId: parseUserId(storage.getItem(STORAGE_KEYS.userId)),
    user: parseUser(storage.getItem(STORAGE_KEYS.user)),
  };
}

/** Writes the access token last: other tabs react to it and must find the rest already in place. */
export function writeTokens(storage: Storage, tokens: AuthTokens): void {
  storage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  storage.setItem(STORAGE_KEYS.userId, String(tokens.user_id));
  storage.setItem(STORAGE_KEYS.accessToken, tokens.access_token);
}

export function writeUser(storage: Storage, user: Me): void {
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Removes the access token first, so other tabs see the logout before the rest disappears. */
export function clearStored(storage: Storage): void {
  storage.removeItem(STORAGE_KEYS.accessToken);
  storage.removeItem(STORAGE_KEYS.refreshToken);
  storage.removeItem(STORAGE_KEYS.userId);
  storage.removeItem(STORAGE_KEYS.user);
}
