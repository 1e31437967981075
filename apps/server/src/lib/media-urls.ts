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

// TMDB images (docs/media.md, docs/catalog-sync.md). TMDB names a file by a path like "/kqjL17yufvn9OVLyXYpvtyrFfak.jpg"
// and serves it at `{TMDB_IMAGE_BASE_URL}/{size}{path}`. With the image cache on (IMAGE_CACHE), the same image is
// served from this origin instead: `/media/cache/{size}/{name}.webp` (a ".png" source keeps its extension:
// `{name}.png.webp`), fetched from TMDB once.

/** Sizes TMDB serves (its /configuration lists them per kind of image). */
export type TmdbImageSize =
  "w45" | "w92" | "w154" | "w185" | "w300" | "w342" | "w500" | "w780" | "w1280" | "h632" | "original";

/** The sizes the image cache serves: every one but `original`, which is never proxied. */
export const CACHED_IMAGE_SIZES = [
  "w45",
  "w92",
  "w154",
  "w185",
  "w300",
  "w342",
  "w500",
  "w780",
  "w1280",
  "h632",
] as const;
export type CachedImageSize = (typeof CACHED_IMAGE_SIZES)[number];

export const DEFAULT_TMDB_IMAGE_BASE_URL = "https://image.tmdb.org/t/p";
let tmdbImageBase = DEFAULT_TMDB_IMAGE_BASE_URL;
let imageCacheOn = false;

/** Called once at boot with the configured TMDB_IMAGE_BASE_URL (config.ts); trailing slashes are dropped. */
export function setTmdbImageBaseUrl(base: string): void {
  tmdbImageBase = base.replace(/\/+$/, "");
}

/** Called once at boot with IMAGE_CACHE (createServices). */
export function setImageCache(on: boolean): void {
  imageCacheOn = on;
}

/** A TMDB file path: one plain file name, nothing that could climb out of a directory. */
const TMDB_PATH = /^\/([A-Za-z0-9_-]{1,100})\.(jpg|png)$/;

export function isCachedImageSize(size: string): size is CachedImageSize {
  return (CACHED_IMAGE_SIZES as readonly string[]).includes(size);
}

/** The image cache's file name of a TMDB file path ("/abc.jpg" → "abc.webp"), or null for a path it does not take. */
export function cacheFileOfTmdbPath(path: string): string | null {
  const match = TMDB_PATH.exec(path);
  return match ? `${match[1]}${match[2] === "png" ? ".png" : ""}.webp` : null;
}

/** The one place that builds a TMDB image URL from a file path ("/abc.jpg") and a size: our cache when it is on. */
export function tmdbImageUrl(path: string, size: TmdbImageSize): string {
  const file = imageCacheOn && isCachedImageSize(size) ? cacheFileOfTmdbPath(path) : null;
  if (file) return `/media/cache/${size}/${file}`;
  return `${tmdbImageBase}/${size}${path}`;
}

/**
 * A cache file name (`{name}.webp` or `{name}.png.webp`) → the TMDB path it stands for, or null for anything else
 * (another extension, a dot or slash too many, an encoded traversal).
 */
export function tmdbPathOfCacheFile(file: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,100})(\.png)?\.webp$/.exec(file);
  if (!match) return null;
  return `/${match[1]}${match[2] ? ".png" : ".jpg"}`;
}
