// Image URLs the API hands out (API.md §1.3, docs/media.md) and the other sizes the browser may pick from.
// TMDB images arrive as `{TMDB image host}/t/p/w500/abc.jpg`, or through our image cache as `/media/cache/w500/abc.webp`;
// both name their size in one path segment, so other sizes are the same URL with that segment swapped. Generated art
// (`/media/{kind}/{id}.svg`) is vector and needs no other size; other URLs (a member's own https picture, an uploaded
// avatar) come in one size.

export type ImageKind = "poster" | "backdrop" | "person" | "avatar" | "logo";

/** Sizes per kind, with the width each is (h632 portraits are 632 high, 2:3). Every one is served by the cache. */
const LADDERS: Record<ImageKind, readonly (readonly [size: string, width: number])[]> = {
  poster: [
    ["w92", 92],
    ["w154", 154],
    ["w185", 185],
    ["w342", 342],
    ["w500", 500],
    ["w780", 780],
  ],
  backdrop: [
    ["w300", 300],
    ["w780", 780],
    ["w1280", 1280],
  ],
  person: [
    ["w45", 45],
    ["w185", 185],
    ["h632", 421],
  ],
  avatar: [
    ["w45", 45],
    ["w185", 185],
    ["h632", 421],
  ],
  logo: [
    ["w45", 45],
    ["w92", 92],
    ["w154", 154],
  ],
};

const TMDB_URL =
  /^(https?:\/\/[^/?#]+\/(?:[^?#]*\/)?t\/p\/)(?:w[0-9]+|h[0-9]+|original)(\/[A-Za-z0-9_-]+\.(?:jpg|png))$/;
const CACHE_URL = /^(\/media\/cache\/)(?:w[0-9]+|h[0-9]+)(\/[A-Za-z0-9_-]+(?:\.png)?\.webp)$/;

/** `srcset` for a TMDB or cached image of this kind, or undefined for an image that comes in one size. */
export function imageSrcSet(src: string, kind: ImageKind): string | undefined {
  const match = TMDB_URL.exec(src) ?? CACHE_URL.exec(src);
  if (!match) return undefined;
  return LADDERS[kind].map(([size, width]) => `${match[1]}${size}${match[2]} ${width}w`).join(", ");
}

/** Generated art of a record (API.md §1.1); the server ignores the `v` query, so none is needed here. */
export function generatedArtUrl(kind: Exclude<ImageKind, "logo">, id: number): string {
  return `/media/${kind}/${id}.svg`;
}

export function isGeneratedArt(src: string): boolean {
  return /^\/media\/(?:poster|backdrop|person|avatar)\/[0-9]+\.svg(?:\?|$)/.test(src);
}

const preloading = new Set<string>();

/**
 * Starts loading an image the page is about to draw as its largest element (the movie page's backdrop, the first
 * posters of home), as soon as its URL is known from the route's data instead of after the page has rendered: a
 * `<link rel="preload" as="image">` with the same `srcset` and `sizes` the `MediaImage` will have, so the browser
 * picks the same file once. The link goes when the file has arrived (it is in the memory cache by then).
 */
export function preloadImage(src: string, kind: ImageKind, sizes: string, priority: "high" | "auto" = "auto"): void {
  if (typeof document === "undefined" || !src) return;
  const srcSet = isGeneratedArt(src) ? undefined : imageSrcSet(src, kind);
  const key = `${src} ${sizes}`;
  if (preloading.has(key)) return;
  preloading.add(key);
  const link = document.createElement("link");
  link.rel = "preload";
  link.setAttribute("as", "image");
  link.href = src;
  if (srcSet) {
    link.setAttribute("imagesrcset", srcSet);
    link.setAttribute("imagesizes", sizes);
  }
  link.setAttribute("fetchpriority", priority);
  const done = () => {
    preloading.delete(key);
    link.remove();
  };
  link.addEventListener("load", done);
  link.addEventListener("error", done);
  document.head.append(link);
}
