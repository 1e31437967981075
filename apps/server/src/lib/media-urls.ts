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
// and serves it at `{base}/{size}{path}`, in the sizes its /configuration lists per kind of image. The base is
// TMDB_IMAGE_BASE_URL when set, else the `secure_base_url` of TMDB's /configuration (read at boot and daily when
// TMDB_API_KEY is set: catalog-sync/images.ts), else image.tmdb.org; sizes are picked from /configuration's lists, or
// TMDB's long-standing lists below until TMDB was asked (or without a key). With the image cache on (IMAGE_CACHE),
// the same image is served from this origin instead: `/media/cache/{size}/{name}.webp` (a ".png" source keeps its
// extension: `{name}.png.webp`), fetched from TMDB once.

export type TmdbImageKind = "poster" | "backdrop" | "profile" | "logo";

/** What TMDB's /configuration says about images. */
export interface TmdbImages {
  /** Its `images.secure_base_url`, without the trailing slash. */
  baseUrl: string;
  /** Its `poster_sizes`, `backdrop_sizes`, `profile_sizes` and `logo_sizes`: "w500", "h632", "original"… */
  sizes: Readonly<Record<TmdbImageKind, readonly string[]>>;
}

export const DEFAULT_TMDB_IMAGE_BASE_URL = "https://image.tmdb.org/t/p";

/** TMDB's answer as of 2024 (unchanged for years): used until TMDB is asked, and without a key. */
export const DEFAULT_TMDB_IMAGES: TmdbImages = Object.freeze({
  baseUrl: DEFAULT_TMDB_IMAGE_BASE_URL,
  sizes: Object.freeze({
    poster: ["w92", "w154", "w185", "w342", "w500", "w780", "original"],
    backdrop: ["w300", "w780", "w1280", "original"],
    profile: ["w45", "w185", "h632", "original"],
    logo: ["w45", "w92", "w154", "w185", "w300", "w500", "original"],
  }),
});

/** A resized size's name: a width ("w500") or a height ("h632"); `original` is not one (it is never cached). */
export type CachedImageSize = `w${number}` | `h${number}`;
const RESIZED = /^[wh][1-9][0-9]{1,3}$/;

let images: TmdbImages = DEFAULT_TMDB_IMAGES;
let baseOverride: string | undefined;
let imageCacheOn = false;
/** Sizes picked so far, by kind and width (mappers ask for every film of a list). */
const picked = new Map<string, string>();
/** The resized sizes TMDB offers for any kind: the ones the image cache serves. */
let offered = resizedOf(DEFAULT_TMDB_IMAGES);

function resizedOf(config: TmdbImages): ReadonlySet<string> {
  return new Set(Object.values(config.sizes).flatMap((list) => list.filter((size) => RESIZED.test(size))));
}

/**
 * Called once at boot with TMDB_IMAGE_BASE_URL (config.ts; undefined when it is not set): it wins over TMDB's base.
 * Also forgets a configuration applied before (each app starts from the defaults).
 */
export function setTmdbImageBaseUrl(base: string | undefined): void {
  baseOverride = base?.replace(/\/+$/, "");
  setTmdbImages(DEFAULT_TMDB_IMAGES);
}

/** Applies TMDB's /configuration (catalog-sync/images.ts reads and checks it). */
export function setTmdbImages(config: TmdbImages): void {
  images = { baseUrl: config.baseUrl.replace(/\/+$/, ""), sizes: config.sizes };
  picked.clear();
  offered = resizedOf(images);
}

/** TMDB's image configuration as applied (the defaults until TMDB was asked). */
export function tmdbImages(): TmdbImages {
  return images;
}

/** The base image URLs are built on (and the image cache fetches from). */
export function tmdbImageBaseUrl(): string {
  return baseOverride ?? images.baseUrl;
}

/** Called once at boot with IMAGE_CACHE (createServices). */
export function setImageCache(on: boolean): void {
  imageCacheOn = on;
}

/** Width ÷ height of each kind of image, so a height size ("h632") can be compared (logos have none). */
const ASPECT: Readonly<Record<TmdbImageKind, number | undefined>> = {
  poster: 2 / 3,
  backdrop: 16 / 9,
  profile: 2 / 3,
  logo: undefined,
};

/**
 * The size TMDB offers for `kind` that suits a place showing it `width` pixels wide: the narrowest at least that wide
 * (a height size counts by the kind's aspect), else the widest, else `original`.
 */
export function tmdbImageSize(kind: TmdbImageKind, width: number): string {
  const key = `${kind}:${width}`;
  let size = picked.get(key);
  if (size === undefined) {
    const aspect = ASPECT[kind];
    const widths = images.sizes[kind]
      .flatMap((s) => {
        const pixels = Number(s.slice(1));
        if (!RESIZED.test(s)) return [];
        if (s.startsWith("w")) return [{ size: s, width: pixels }];
        return aspect === undefined ? [] : [{ size: s, width: Math.floor(pixels * aspect) }];
      })
      .sort((a, b) => a.width - b.width);
    size = (widths.find((w) => w.width >= width) ?? widths.at(-1))?.size ?? "original";
    picked.set(key, size);
  }
  return size;
}

/** A TMDB file path: one plain file name, nothing that could climb out of a directory. */
const TMDB_PATH = /^\/([A-Za-z0-9_-]{1,100})\.(jpg|png)$/;

/** A size the image cache serves: a resized size TMDB offers now. */
export function isCachedImageSize(size: string): size is CachedImageSize {
  return offered.has(size);
}

/** A directory name the image cache may have written (any resized size, offered now or earlier). */
export function isResizedImageSize(size: string): size is CachedImageSize {
  return RESIZED.test(size);
}

/** The image cache's file name of a TMDB file path ("/abc.jpg" → "abc.webp"), or null for a path it does not take. */
export function cacheFileOfTmdbPath(path: string): string | null {
  const match = TMDB_PATH.exec(path);
  return match ? `${match[1]}${match[2] === "png" ? ".png" : ""}.webp` : null;
}

/** The one place that builds a TMDB image URL from a file path ("/abc.jpg") and a size: our cache when it is on. */
export function tmdbImageUrl(path: string, size: string): string {
  const file = imageCacheOn && isCachedImageSize(size) ? cacheFileOfTmdbPath(path) : null;
  if (file) return `/media/cache/${size}/${file}`;
  return `${tmdbImageBaseUrl()}/${size}${path}`;
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
