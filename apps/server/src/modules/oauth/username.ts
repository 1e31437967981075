// Usernames for social accounts (API.md §3.4 step 6): derived from the nickname, Hangul allowed, made unique.
import type { OAuthProvider } from "@moviepedia/contract";

const MAX = 20;

export function baseUsername(nickname: string | null, provider: OAuthProvider): string {
  const kept = [...(nickname ?? "").normalize("NFC")]
    .filter((ch) => !/[\p{Cc}\p{Cf}]/u.test(ch))
    .filter((ch) => /^[\uAC00-\uD7A3A-Za-z0-9_-]$/u.test(ch))
    .slice(0, MAX)
    .join("");
  return [...kept].length >= 2 ? kept : `${provider}_user`;
}

/** `base`, then `base_2`, `base_3`, … with the base shortened so the whole stays within 20 characters. */
export function candidateUsername(base: string, attempt: number): string {
  if (attempt <= 1) return base;
  const suffix = `_${attempt}`;
  return [...base].slice(0, MAX - suffix.length).join("") + suffix;
}
