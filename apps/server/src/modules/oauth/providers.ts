// What differs between Kakao and Google: scopes, PKCE and where the user id, nickname and image live in user info.
import type { OAuthProvider } from "@moviepedia/contract";

export interface ProviderProfile {
  providerUserId: string;
  nickname: string | null;
  imageUrl: string | null;
}

type Json = Record<string, unknown>;

const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);
const id = (v: unknown): string | null =>
  typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "string" && v !== "" ? v : null;

export const SCOPES: Record<OAuthProvider, string[]> = {
  kakao: ["profile_nickname", "profile_image"],
  google: ["openid", "profile"],
};

/** Reads Kakao's v2 user/me or Google's OpenID userinfo answer; null when there is no provider user id. */
export function readProfile(provider: OAuthProvider, body: unknown): ProviderProfile | null {
  const data = obj(body);
  if (provider === "kakao") {
    const providerUserId = id(data.id);
    if (!providerUserId) return null;
    const profile = obj(obj(data.kakao_account).profile);
    const properties = obj(data.properties);
    return {
      providerUserId,
      nickname: str(profile.nickname) ?? str(properties.nickname),
      imageUrl: str(profile.thumbnail_image_url) ?? str(properties.thumbnail_image),
    };
  }
  const providerUserId = id(data.sub) ?? id(data.id);
  if (!providerUserId) return null;
  return { providerUserId, nickname: str(data.name), imageUrl: str(data.picture) };
}

/** Provider images are stored as https (API.md §1.7); anything that is not an http(s) URL is dropped. */
export function normaliseImageUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === "http:") parsed.protocol = "https:";
    if (parsed.protocol !== "https:") return null;
    const value = parsed.toString();
    return [...value].length <= 1000 ? value : null;
  } catch {
    return null;
  }
}
