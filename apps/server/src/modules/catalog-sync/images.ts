// TMDB's /configuration behind the image URLs this server builds (lib/media-urls.ts): its secure base URL and the
// sizes it serves per kind of image. Every instance with TMDB_API_KEY reads it at boot and then daily — read-only
// instances too, since they build the same URLs — and keeps what it had (image.tmdb.org and TMDB's long-standing
// sizes at first) when TMDB cannot be asked. TMDB_IMAGE_BASE_URL, when set, still wins over the base.
import { clearReadCache } from "../../cache/index.js";
import {
  DEFAULT_TMDB_IMAGES,
  setTmdbImages,
  type TmdbImageKind,
  type TmdbImages,
  tmdbImages,
} from "../../lib/media-urls.js";
import { REFERENCE_TTL_MS, type TmdbClient, type TmdbConfiguration } from "./tmdb-client.js";

const LISTS = {
  poster: "poster_sizes",
  backdrop: "backdrop_sizes",
  profile: "profile_sizes",
  logo: "logo_sizes",
} as const satisfies Record<TmdbImageKind, keyof TmdbConfiguration["images"]>;

/** A size as TMDB names them: a width ("w500"), a height ("h632") or "original". */
const SIZE = /^(?:[wh][1-9][0-9]{1,3}|original)$/;

/**
 * TMDB's answer as media-urls takes it. A kind whose list is missing or holds no size of TMDB's shape keeps the
 * default list; an answer without an https base is refused (images would be served insecurely or not at all).
 */
export function imagesFromConfiguration(config: TmdbConfiguration): TmdbImages {
  const base: unknown = config?.images?.secure_base_url;
  let url: URL | undefined;
  try {
    url = typeof base === "string" ? new URL(base) : undefined;
  } catch {
    url = undefined;
  }
  if (url?.protocol !== "https:") {
    throw new Error(`TMDB /configuration has no https images.secure_base_url (got ${JSON.stringify(base)})`);
  }
  const sizes = {} as Record<TmdbImageKind, readonly string[]>;
  for (const [kind, list] of Object.entries(LISTS) as Array<[TmdbImageKind, (typeof LISTS)[TmdbImageKind]]>) {
    const offered: unknown = config.images[list];
    const valid = Array.isArray(offered)
      ? offered.filter((s): s is string => typeof s === "string" && SIZE.test(s))
      : [];
    sizes[kind] = valid.length > 0 ? valid : DEFAULT_TMDB_IMAGES.sizes[kind];
  }
  return { baseUrl: url.href.replace(/\/+$/, ""), sizes };
}

/**
 * Reads /configuration (the client keeps it for a day) and applies it to the URLs built from now on. A change also
 * empties the read cache, whose kept answers (movie pages, cards) hold image URLs no version token would renew.
 * Returns whether anything changed.
 */
export async function refreshTmdbImages(tmdb: TmdbClient): Promise<boolean> {
  const images = imagesFromConfiguration(await tmdb.configuration());
  if (JSON.stringify(images) === JSON.stringify(tmdbImages())) return false;
  setTmdbImages(images);
  clearReadCache();
  return true;
}

export interface TmdbImagesRefresh {
  /** Settles when the first read succeeded or failed (never rejects). */
  first: Promise<void>;
  stop(): void;
}

/**
 * Applies TMDB's image configuration now and every `intervalMs` (default: a day, the client's keeping time).
 * Failures are logged and keep the configuration applied before.
 */
export function startTmdbImagesRefresh(deps: {
  tmdb: TmdbClient;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  intervalMs?: number;
}): TmdbImagesRefresh {
  const refresh = async () => {
    try {
      if (await refreshTmdbImages(deps.tmdb)) deps.log.info({ ...tmdbImages() }, "TMDB image configuration applied");
    } catch (error) {
      deps.log.error({ err: error }, "TMDB image configuration could not be read; keeping the current one");
    }
  };
  const timer = setInterval(() => void refresh(), deps.intervalMs ?? REFERENCE_TTL_MS);
  timer.unref();
  return { first: refresh(), stop: () => clearInterval(timer) };
}
