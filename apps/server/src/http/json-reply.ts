// Answers built and checked against their response schema earlier (see cache/index.ts, answerJson): a string sent with the
// JSON content type goes out as it is, without the route's serializer running again.
//
// Large answers the read cache keeps are KeptBody values: their UTF-8 bytes and, made on the first request that asks
// for each encoding, their Brotli and gzip bytes. Without them @fastify/compress compressed the same kept bytes again
// on every request a browser sends (~0.6 ms of the event loop for a 48 kB feed, ten times what sending the kept
// answer costs; autocannon asks for no encoding, so bench:api never saw it).
import type { FastifyReply } from "fastify";
import { promisify } from "node:util";
import { brotliCompress, gzip } from "node:zlib";
import { BROTLI_OPTIONS, type Encoding, GZIP_OPTIONS, pickEncoding, THRESHOLD_BYTES } from "./compression.js";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Room for compressed copies, as a share of the body: JSON compresses to 20–35% (small pages to the top of that). */
const COPIES_SHARE = 0.5;

/**
 * A kept answer's bytes with their compressed copies. A region keeping these declares `sizeOf: keptBodySize`, which
 * counts the body at 1.5× its bytes; a copy is kept only while it fits the room left (usually the one encoding its
 * readers' browsers ask for; another is made per request), so the byte budget holds.
 */
export class KeptBody {
  readonly #copies: Partial<Record<Encoding, Promise<Buffer>>> = {};
  /** Bytes of room left for copies: each copy in flight or kept has taken its share (released if it is not kept). */
  #room: number;

  constructor(readonly bytes: Buffer) {
    this.#room = Math.floor(bytes.byteLength * COPIES_SHARE);
  }

  static of(json: string): KeptBody {
    return new KeptBody(Buffer.from(json, "utf8"));
  }

  /** The body in `encoding`, compressed off the event loop (zlib's thread pool); kept when it fits the room left. */
  encoded(encoding: Encoding): Promise<Buffer> {
    const kept = this.#copies[encoding];
    if (kept) return kept;
    const made = encoding === "br" ? brotliAsync(this.bytes, BROTLI_OPTIONS) : gzipAsync(this.bytes, GZIP_OPTIONS);
    // Concurrent requests share the copy being made.
    const shared = made.then(
      (copy) => {
        if (copy.byteLength <= this.#room) this.#room -= copy.byteLength;
        else delete this.#copies[encoding];
        return copy;
      },
      (error: unknown) => {
        delete this.#copies[encoding];
        throw error;
      },
    );
    this.#copies[encoding] = shared;
    return shared;
  }
}

/** What a KeptBody counts against its region: the body and the room for its compressed copies. */
export function keptBodySize(body: KeptBody): number {
  return body.bytes.byteLength + Math.floor(body.bytes.byteLength * COPIES_SHARE);
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * `json` as text, or already UTF-8 encoded, or a kept body: sent compressed from its kept copy when the client
 * accepts Brotli or gzip (the compression plugin leaves an answer that carries a Content-Encoding alone).
 */
export async function sendJson(reply: FastifyReply, json: string | Buffer | KeptBody): Promise<FastifyReply> {
  reply.type(JSON_TYPE);
  if (!(json instanceof KeptBody)) return reply.send(json);
  const { request } = reply;
  const encoding =
    json.bytes.byteLength >= THRESHOLD_BYTES && request.method !== "HEAD" && reply.statusCode === 200
      ? pickEncoding(request.headers["accept-encoding"])
      : null;
  if (encoding === null) return reply.send(json.bytes);
  const body = await json.encoded(encoding);
  const vary = reply.getHeader("vary");
  reply.header("vary", vary ? `${String(vary)}, accept-encoding` : "accept-encoding");
  return reply.header("content-encoding", encoding).send(body);
}
