// One image fetched from an upstream host (TMDB's image CDN): a timeout, a size cap and image content types only.

export const UPSTREAM_TIMEOUT_MS = 10_000;
export const UPSTREAM_MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/** The upstream has no such image (404/410): a plain 404 for our client too. */
export class UpstreamMissing extends Error {}

/** The upstream failed (network, timeout, 5xx, not an image, too large): 502, tried again on the next request. */
export class UpstreamFailed extends Error {}

export interface FetchLimits {
  timeoutMs?: number;
  maxBytes?: number;
}

export async function fetchImage(url: string, limits: FetchLimits = {}): Promise<Buffer> {
  const maxBytes = limits.maxBytes ?? UPSTREAM_MAX_BYTES;
  const signal = AbortSignal.timeout(limits.timeoutMs ?? UPSTREAM_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: "image/webp,image/png,image/jpeg" } });
  } catch (error) {
    throw new UpstreamFailed(`fetch ${url}: ${(error as Error).message}`);
  }
  try {
    if (response.status === 404 || response.status === 410) throw new UpstreamMissing(`${url}: ${response.status}`);
    if (!response.ok) throw new UpstreamFailed(`${url}: HTTP ${response.status}`);
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!IMAGE_TYPES.has(type)) throw new UpstreamFailed(`${url}: content type "${type}" is not an image`);
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (declared > maxBytes) throw new UpstreamFailed(`${url}: ${declared} bytes is over ${maxBytes}`);
    return await readCapped(response, maxBytes, url);
  } finally {
    // Whatever was not read (an error answer, a refused type) is dropped rather than left on the connection.
    if (!response.bodyUsed) await response.body?.cancel().catch(() => {});
  }
}

async function readCapped(response: Response, maxBytes: number, url: string): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        throw new UpstreamFailed(`${url}: more than ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof UpstreamFailed) throw error;
    throw new UpstreamFailed(`${url}: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks, total);
}
