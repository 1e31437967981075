// Body rules of API.md §1.2: JSON objects only; an empty body is no body; any other non-empty body is 415.
import type { FastifyInstance } from "fastify";
import { ApiError } from "./errors.js";

/**
 * What a literal JSON `null` body parses to. Fastify hands validators `null` for "no body", so a real `null` needs
 * its own value: routes with a body schema refuse it (INVALID_JSON, see validation.ts), routes without one ignore
 * it like any other unexpected body.
 */
export const JSON_NULL_BODY: Readonly<Record<string, never>> = Object.freeze({});

/** Deepest nesting of arrays and objects a body may have; real bodies nest two or three levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether arrays and objects nest deeper than `max`, found by one pass over the text before JSON.parse: parsing a
 * megabyte of `[` takes V8 over half a second of the event loop, this scan a millisecond or two.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

// Bytes that are not UTF-8 make the body invalid JSON (RFC 8259 §8.1), instead of being replaced by U+FFFD and
// stored. A byte-order mark is left in place: JSON.parse refuses it, as before.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function registerBodyParsers(app: FastifyInstance): void {
  // Fastify never parses a GET body, so a GET with a form or text body would be served (API.md §1.2: 415 on every
  // endpoint). Declared a method with a body, GET goes through the parsers below like any other: non-JSON → 415,
  // too large → 413, bad JSON → 400, a JSON object ignored (no GET has a body schema). A bodiless GET (nearly all)
  // is recognised from its headers and handled at once, as before.
  app.addHttpMethod("GET", { hasBody: true, overrideExisting: true });
  // A bodiless request's Content-Type does not matter (API.md §1.2), but Fastify answers 415 to an empty or
  // malformed one (`Content-Type:`, `text`) before looking at the body: drop it when there is no body.
  app.decorateRequest("sentContentType", undefined);
  app.addHook("onRequest", (request, _reply, done) => {
    const h = request.headers;
    if (h["content-type"] !== undefined) {
      // Still what the client sent (http/script-request.ts tells script requests by it).
      request.sentContentType = h["content-type"];
      const bodiless = h["transfer-encoding"] === undefined && (h["content-length"] ?? "0") === "0";
      if (bodiless) delete h["content-type"];
    }
    done();
  });
  app.removeAllContentTypeParsers();
  // No bodyLimit here: the server's (BODY_LIMIT_BYTES) applies, or a route's own (8 KB on the account routes).
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(new ApiError("INVALID_JSON", "Request body is not valid UTF-8."), undefined);
    }
    if (text.trim() === "") return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(
        new ApiError("INVALID_JSON", `Request body nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels.`),
        undefined,
      );
    }
    try {
      const value: unknown = JSON.parse(text);
      done(null, value === null ? JSON_NULL_BODY : value);
    } catch {
      done(new ApiError("INVALID_JSON", "Request body is not valid JSON."), undefined);
    }
  });
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    done(new ApiError("UNSUPPORTED_MEDIA_TYPE", "Request body must be application/json."), undefined);
  });
}
