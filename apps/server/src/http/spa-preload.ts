// index.html for the landing routes (home, a movie page, search) with what the route needs named in its <head>: the
// route's lazily loaded chunks as <link rel="modulepreload"> (from the build's .vite/manifest.json) and, for the
// anonymous GETs its loader starts, <link rel="preload" as="fetch" crossorigin>. The browser fetches them alongside
// the entry script instead of after it has run (two round trips fewer before the first poster or backdrop on a phone
// network). Only requests the app sends without a bearer are preloaded (auth "none"), so the app's fetch — same URL,
// CORS mode, same-origin credentials — takes the preloaded answer for visitors and members alike.
// Every other path, or a build without a manifest, gets the plain index.html (@fastify/static, as before).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineRegion } from "../cache/index.js";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A landing route: its page module (manifest key) and the anonymous API reads its loader starts. */
interface LandingRoute {
  match: (pathname: string, search: URLSearchParams) => boolean;
  page: string;
  fetches?: (pathname: string) => string[];
}

const MOVIE_PATH = /^\/movies\/([1-9][0-9]{0,9})\/?$/;

const LANDING_ROUTES: LandingRoute[] = [
  {
    match: (p) => p === "/",
    page: "src/features/home/pages/home-page.tsx",
    // features/home: homeData.home → movieQueries.chart("watcha10"), chart("box_office") (auth "none").
    fetches: () => ["/api/movies?chart_type=watcha10", "/api/movies?chart_type=box_office"],
  },
  {
    match: (p) => MOVIE_PATH.test(p),
    page: "src/features/movies/pages/movie-page.tsx",
    // features/movies: moviesData.movie → movieQueries.detail(id) (auth "none").
    fetches: (p) => {
      const id = Number(MOVIE_PATH.exec(p)?.[1]);
      return Number.isSafeInteger(id) && id <= 2_147_483_647 ? [`/api/movies/${id}`] : [];
    },
  },
  // Search reads with the member's bearer when signed in: its chunks only.
  { match: (p) => p === "/search" || p === "/search/", page: "src/features/search/pages/search-page.tsx" },
];

export interface SpaPage {
  body: Buffer;
  etag: string;
  encoded: { br: Buffer; gzip: Buffer };
}

/** A shared page's document title and link-preview tags (modules/share), added to the route's head. */
export interface ExtraHead {
  title: string;
  tags: string;
}

export interface SpaIndex {
  /** The route's index.html, or null when the plain file applies. */
  pageFor(url: string, extra?: ExtraHead | null): Promise<SpaPage | null>;
}

/**
 * Built pages, kept by what they were built from (the build's index.html is the scope, the head and title the key):
 * movie pages and shared pages vary by id, so there are many.
 */
const landingPages = defineRegion<SpaPage>({
  name: "landing-pages",
  share: 0.01,
  stale: { token: "content" },
  keeps: "a landing page's index.html with its preloads (or a shared page's tags), and its Brotli and gzip bytes",
  sizeOf: (page) => page.body.byteLength + page.encoded.br.byteLength + page.encoded.gzip.byteLength + 96,
});
const ANY = { token: "" };

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

function chunkFiles(manifest: Manifest, key: string, skip: Set<string>, out: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || skip.has(chunk.file) || out.has(chunk.file)) return;
  out.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, skip, out);
}

/** Null when the build has no manifest (an older build, a test's hand-written dist). */
function loadSpaIndex(webDist: string): SpaIndex | null {
  const manifestFile = path.join(webDist, ".vite", "manifest.json");
  const indexFile = path.join(webDist, "index.html");
  if (!fs.existsSync(manifestFile) || !fs.existsSync(indexFile)) return null;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
  } catch {
    return null;
  }
  const html = fs.readFileSync(indexFile, "utf8");
  if (!html.includes("</head>")) return null;

  // What index.html loads already: the entry and everything it imports statically.
  const initial = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) chunkFiles(manifest, key, new Set(), initial);
  }
  const routeTags = new Map<string, string>();
  for (const route of LANDING_ROUTES) {
    const files = new Set<string>();
    chunkFiles(manifest, route.page, initial, files);
    const tags = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`);
    for (const css of manifest[route.page]?.css ?? []) {
      tags.push(`<link rel="preload" as="style" href="/${escapeAttribute(css)}">`);
    }
    routeTags.set(route.page, tags.join(""));
  }

  // This build's pages in the read cache (landingPages).
  const scope = {};

  function build(head: string, title: string | null): SpaPage {
    let text = html;
    if (title !== null) {
      // The shared page's own title and description replace the app's generic ones.
      text = text
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(title).replace(/</g, "&lt;")}</title>`)
        .replace(/<meta name="description"[^>]*>/, "");
    }
    const body = Buffer.from(text.replace("</head>", `${head}</head>`), "utf8");
    return {
      body,
      etag: `"spa-${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`,
      encoded: {
        br: brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
        gzip: gzipSync(body, { level: 6 }),
      },
    };
  }

  return {
    async pageFor(url, extra) {
      const question = url.indexOf("?");
      const pathname = question === -1 ? url : url.slice(0, question);
      const search = new URLSearchParams(question === -1 ? "" : url.slice(question + 1));
      const route = LANDING_ROUTES.find((r) => r.match(pathname, search));
      if (!route && !extra) return null;
      const fetches = route?.fetches?.(pathname) ?? [];
      const head =
        (extra?.tags ?? "") +
        (route ? (routeTags.get(route.page) ?? "") : "") +
        fetches.map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`).join("");
      if (!head) return null;
      const key = extra ? `${extra.title}\n${head}` : head;
      return landingPages.get(scope, ANY, key, async () => build(head, extra?.title ?? null));
    },
  };
}

/** The landing pages of the current build: re-read when index.html changes (a rebuild under a running server). */
export function createSpaIndex(webDist: string): SpaIndex {
  const indexFile = path.join(webDist, "index.html");
  let loadedAt = Number.NaN;
  let current: SpaIndex | null = null;
  return {
    async pageFor(url, extra) {
      const mtime = fs.statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? Number.NaN;
      if (mtime !== loadedAt) {
        loadedAt = mtime;
        current = Number.isNaN(mtime) ? null : loadSpaIndex(webDist);
      }
      return current ? current.pageFor(url, extra) : null;
    },
  };
}
