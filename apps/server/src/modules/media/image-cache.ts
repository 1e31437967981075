// The TMDB image cache behind GET /media/cache/{size}/{file} (docs/media.md): each image is fetched from TMDB once,
// re-encoded as WebP and kept under MEDIA_DIR/cache/{size}/ within a disk budget (least recently served evicted
// first). Hot files are also kept in memory, so a popular poster is served without touching the disk; concurrent
// requests for a file that is not cached yet share one upstream fetch.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";
import pLimit, { type LimitFunction } from "p-limit";
import { loadSharp } from "../../lib/sharp.js";
import {
  type CachedImageSize,
  isCachedImageSize,
  isResizedImageSize,
  tmdbImageBaseUrl,
  tmdbPathOfCacheFile,
} from "../../lib/media-urls.js";
import { fetchImage, UpstreamFailed, UpstreamMissing } from "./upstream.js";

export interface ImageCacheOptions {
  /** MEDIA_DIR/cache */
  dir: string;
  /** Where images are fetched from, without a trailing slash (default: the base TMDB image URLs are built on). */
  upstreamBaseUrl?: string;
  /** Disk budget in bytes. */
  maxBytes: number;
  /** Bytes of encoded images kept in memory (default 64 MiB, at most the disk budget). */
  memoryBytes?: number;
  /** Upstream limits (defaults: 10 s, 10 MiB). */
  upstreamTimeoutMs?: number;
  upstreamMaxBytes?: number;
  /** Upstream fetches at once (default 8); more requests wait their turn. */
  upstreamConcurrency?: number;
  /** Errors of the background work (a file that could not be written or removed). */
  onError?: (error: unknown) => void;
}

const DEFAULT_MEMORY_BYTES = 64 * 1024 * 1024;
/** Images TMDB said it does not have are not asked for again for this long. */
const MISSING_TTL_MS = 10 * 60 * 1000;
const WEBP_QUALITY = 80;
/** Upstream images are TMDB's resized files; a larger picture than this is not one of them. */
const UPSTREAM_MAX_PIXELS = 40_000_000;

/** The box an image of a TMDB size fits in: `w500` → 500 wide, `h632` → 632 high. */
function boxOf(size: CachedImageSize): { width?: number; height?: number } {
  const pixels = Number(size.slice(1));
  return size.startsWith("h") ? { height: pixels } : { width: pixels };
}

export async function encodeCachedImage(source: Buffer, size: CachedImageSize): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(source, { limitInputPixels: UPSTREAM_MAX_PIXELS, failOn: "error" })
    .rotate()
    .resize({ ...boxOf(size), withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

export class ImageCache {
  /** Files on disk by key `{size}/{file}`, with their byte sizes; evicting one removes its file. */
  private readonly disk: LRUCache<string, number>;
  private readonly memory: LRUCache<string, Buffer>;
  private readonly inflight = new Map<string, Promise<Buffer | null>>();
  private readonly missing = new LRUCache<string, true>({ max: 10_000, ttl: MISSING_TTL_MS });
  /** At most `upstreamConcurrency` upstream fetches at a time. */
  private readonly gate: LimitFunction;
  private readonly ready: Promise<void>;
  private readonly onError: (error: unknown) => void;
  private readonly removals = new Set<Promise<void>>();

  constructor(private readonly options: ImageCacheOptions) {
    this.onError = options.onError ?? (() => {});
    this.disk = new LRUCache<string, number>({
      maxSize: options.maxBytes,
      sizeCalculation: (bytes) => Math.max(1, bytes),
      dispose: (_bytes, key, reason) => {
        if (reason === "evict" || reason === "delete") {
          this.memory.delete(key);
          const removal = fs.rm(this.fileOf(key), { force: true }).catch(this.onError);
          this.removals.add(removal);
          void removal.finally(() => this.removals.delete(removal));
        }
      },
    });
    this.memory = new LRUCache<string, Buffer>({
      maxSize: Math.max(1, Math.min(options.memoryBytes ?? DEFAULT_MEMORY_BYTES, options.maxBytes)),
      sizeCalculation: (bytes) => Math.max(1, bytes.length),
    });
    this.gate = pLimit(options.upstreamConcurrency ?? 8);
    this.ready = this.scan().catch(this.onError);
  }

  private fileOf(key: string): string {
    return path.join(this.options.dir, key);
  }

  /** Files cached by an earlier run, oldest first so the most recently written end up most recently used. */
  private async scan(): Promise<void> {
    const found: { key: string; bytes: number; mtime: number }[] = [];
    let sizes: string[];
    try {
      sizes = await fs.readdir(this.options.dir);
    } catch {
      return;
    }
    for (const size of sizes) {
      // Any resized size: one TMDB offered when the file was written may be gone from its /configuration since.
      if (!isResizedImageSize(size)) continue;
      const files = await fs.readdir(path.join(this.options.dir, size)).catch(() => [] as string[]);
      for (const file of files) {
        const key = `${size}/${file}`;
        if (tmdbPathOfCacheFile(file) === null) {
          // A write that a crash interrupted (`….tmp-…`).
          if (file.includes(".tmp-")) await fs.rm(this.fileOf(key), { force: true }).catch(this.onError);
          continue;
        }
        const stat = await fs.stat(this.fileOf(key)).catch(() => null);
        if (stat?.isFile()) found.push({ key, bytes: stat.size, mtime: stat.mtimeMs });
      }
    }
    found.sort((a, b) => a.mtime - b.mtime);
    for (const { key, bytes } of found) this.disk.set(key, bytes);
  }

  /** Resolves once the files evicted so far are gone from the disk. */
  async settled(): Promise<void> {
    await Promise.all([...this.removals]);
  }

  /** Bytes on disk tracked by the budget. */
  get diskBytes(): number {
    return this.disk.calculatedSize;
  }

  /**
   * The WebP bytes of a TMDB image, or null when the size or file name is not one we serve or TMDB has no such
   * image. Throws UpstreamFailed when TMDB could not be reached or sent something else than an image.
   */
  async get(size: string, file: string): Promise<Buffer | null> {
    if (!isCachedImageSize(size)) return null;
    const tmdbPath = tmdbPathOfCacheFile(file);
    if (tmdbPath === null) return null;
    const key = `${size}/${file}`;
    const hot = this.memory.get(key);
    if (hot) {
      this.disk.get(key); // recency
      return hot;
    }
    if (this.missing.has(key)) return null;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.load(key, size, tmdbPath).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  private async load(key: string, size: CachedImageSize, tmdbPath: string): Promise<Buffer | null> {
    await this.ready;
    if (this.disk.has(key)) {
      const stored = await fs.readFile(this.fileOf(key)).catch(() => null);
      if (stored) {
        this.disk.get(key);
        this.memory.set(key, stored);
        return stored;
      }
      this.disk.delete(key);
    }
    const url = `${this.options.upstreamBaseUrl ?? tmdbImageBaseUrl()}/${size}${tmdbPath}`;
    const limits = { timeoutMs: this.options.upstreamTimeoutMs, maxBytes: this.options.upstreamMaxBytes };
    let source: Buffer;
    try {
      source = await this.gate(() => fetchImage(url, limits));
    } catch (error) {
      if (!(error instanceof UpstreamMissing)) throw error;
      this.missing.set(key, true);
      return null;
    }
    let encoded: Buffer;
    try {
      encoded = await encodeCachedImage(source, size);
    } catch (error) {
      throw new UpstreamFailed(`${url}: not a readable image (${(error as Error).message})`);
    }
    this.memory.set(key, encoded);
    await this.store(key, encoded).catch(this.onError);
    return encoded;
  }

  /** Written under a temporary name and renamed, so a crash never leaves half a file under the real name. */
  private async store(key: string, bytes: Buffer): Promise<void> {
    if (bytes.length > this.options.maxBytes) return;
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.tmp-${randomBytes(4).toString("hex")}`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
    this.disk.set(key, bytes.length);
  }
}
