// Body rules of API.md §1.2: JSON objects only; an empty body is no body; any other non-empty body is 415.
import { BODY_LIMIT_BYTES } from "@moviepedia/contract";
import type { FastifyInstance } from "fastify";
import { ApiError } from "./errors.js";

/**
 * What a literal JSON `null` body parses to. Fastify hands validators `null` for "no body", so a real `null` needs
 * its own value: routes with a body schema refuse it (INVALID_JSON, see validation.ts), routes without one ignore
 * it like any other unexpected body.
 */
export const JSON_NULL_BODY: Readonly<Record<string, never>> = Object.freeze({});

export function registerBodyParsers(app: FastifyInstance): void {
  // Fastify never parses a GET body, so a GET with a form or text body would be served (API.md §1.2: 415 on every
  // endpoint). Declared a method with a body, GET goes through the parsers below like any other: non-JSON → 415,
  // too large → 413, bad JSON → 400, a JSON object ignored (no GET has a body schema). A bodiless GET (nearly all)
  // is recognised from its headers and handled at once, as before.
  app.addHttpMethod("GET", { hasBody: true, overrideExisting: true });
  // A bodiless request's Content-Type does not matter (API.md §1.2), but Fastify answers 415 to an empty or
  // malformed one (`Content-Type:`, `text`) before looking at the body: drop it when there is no body.
  app.addHook("onRequest", (request, _reply, done) => {
    const h = request.headers;
    if (h["content-type"] !== undefined) {
      const bodiless = h["transfer-encoding"] === undefined && (h["content-length"] ?? "0") === "0";
      if (bodiless) delete h["content-type"];
    }
    done();
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (text.trim() === "") return done(null, undefined);
      try {
        const value: unknown = JSON.parse(text);
        done(null, value === null ? JSON_NULL_BODY : value);
      } catch {
        done(new ApiError("INVALID_JSON", "Request body is not valid JSON."), undefined);
      }
    },
  );
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    done(new ApiError("UNSUPPORTED_MEDIA_TYPE", "Request body must be application/json."), undefined);
  });
}
