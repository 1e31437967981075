// Compressed API answers for clients that accept them: a chart page of 45 kB of JSON is ~6 kB gzipped, a round trip's
// worth of bytes on a phone network. Only /api (except the Swagger UI's files) and /media are compressed, per request,
// with gzip or a moderate Brotli quality (fast enough to stay off the hot path); the web build's static files keep
// their precompressed .br/.gz copies (@fastify/static). Bodies under 1 kB, 204/304, HEAD answers and answers that
// carry a Content-Encoding already go out as they are; request bodies are never decompressed.
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import { constants } from "node:zlib";

/** Bodies smaller than this go out plain. */
export const THRESHOLD_BYTES = 1024;
export type Encoding = "br" | "gzip";
/** Per-request compression (and kept answers' copies, http/json-reply.ts): a moderate Brotli quality, gzip level 6. */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS = { level: 6 };

function compressible(url: string): boolean {
  if (url.startsWith("/media/")) return true;
  if (url !== "/api" && !url.startsWith("/api/")) return false;
  return url !== "/api/docs" && !url.startsWith("/api/docs/");
}

/** Register before the routes it applies to (its hook is attached to each route as it is added). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Routes outside /api and /media opt out; this onRoute hook runs before the plugin's own.
  app.addHook("onRoute", (route) => {
    if (route.compress === undefined && !compressible(route.url ?? route.path)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ["br", "gzip"],
    threshold: THRESHOLD_BYTES,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}

/** The encoding of an answer for this Accept-Encoding: Brotli, then gzip, else none (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}
