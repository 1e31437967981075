// URLs of generated art (API.md §1.1): versioned by a short hash of the drawn text so a rename changes the URL.
import { createHash } from "node:crypto";

export type ArtKind = "poster" | "backdrop" | "avatar" | "person";

/** Versions of recently drawn texts: a list of reviews asks for the same authors' avatars again and again. */
const versions = new Map<string, string>();
const VERSIONS_KEPT = 20_000;

export function artVersion(text: string): string {
  let version = versions.get(text);
  if (version === undefined) {
    version = createHash("sha256").update(text).digest("hex").slice(0, 8);
    if (versions.size >= VERSIONS_KEPT) versions.clear();
    versions.set(text, version);
  }
  return version;
}

export function artUrl(kind: ArtKind, id: number, text: string): string {
  return `/media/${kind}/${id}.svg?v=${artVersion(text)}`;
}

/** The stored image when there is one, else the generated art. */
export function imageOr(stored: string | null, kind: ArtKind, id: number, text: string): string {
  return stored ?? artUrl(kind, id, text);
}

/** Sizes TMDB serves (its /configuration lists them per kind of image). */
export type TmdbImageSize = "w92" | "w154" | "w185" | "w342" | "w500" | "w780" | "w1280" | "h632" | "original";

export const DEFAULT_TMDB_IMAGE_BASE_URL = "https://image.tmdb.org/t/p";
let tmdbImageBase = DEFAULT_TMDB_IMAGE_BASE_URL;

/** Called once at boot with the configured TMDB_IMAGE_BASE_URL (config.ts); trailing slashes are dropped. */
export function setTmdbImageBaseUrl(base: string): void {
  tmdbImageBase = base.replace(/\/+$/, "");
}

/** The one place that builds a TMDB image URL from a file path ("/abc.jpg") and a size. */
export function tmdbImageUrl(path: string, size: TmdbImageSize): string {
  return `${tmdbImageBase}/${size}${path}`;
}
