// Renders every /api failure as {"detail","code"} (API.md §2.1); SPA history fallback for everything else.
import fs from "node:fs";
import path from "node:path";
import { ERROR_STATUS, type ErrorCode } from "@moviepedia/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "../lib/db-errors.js";
import { ApiError } from "./errors.js";
import { pickEncoding } from "./compression.js";
import { createSpaIndex, type ExtraHead } from "./spa-preload.js";

function isApi(url: string): boolean {
  const p = url.split("?")[0] ?? "";
  return p === "/api" || p.startsWith("/api/");
}

const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "BODY_TOO_LARGE",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "INVALID_JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "INVALID_JSON",
  FST_ERR_CTP_INVALID_JSON_BODY: "INVALID_JSON",
};

/** Seconds a client is asked to wait after a 503 DATABASE_UNAVAILABLE (a restart or failover takes about that). */
const DATABASE_RETRY_AFTER_S = 5;

function toApiError(error: FastifyError): ApiError | null {
  if (error instanceof ApiError) return error;
  if (isDatabaseUnavailable(error)) {
    return new ApiError("DATABASE_UNAVAILABLE", "The database is unavailable; try again shortly.", {
      "Retry-After": String(DATABASE_RETRY_AFTER_S),
    });
  }
  const mapped = error.code ? FRAMEWORK_CODES[error.code] : undefined;
  if (mapped) return new ApiError(mapped, mapped === "BODY_TOO_LARGE" ? "Request body is too large." : error.message);
  if (error.statusCode === 429) return new ApiError("RATE_LIMITED", "Too many requests.");
  if (error.statusCode === 404) return new ApiError("NOT_FOUND", "Not found.");
  if (error.statusCode === 415) return new ApiError("UNSUPPORTED_MEDIA_TYPE", "Request body must be application/json.");
  if (error.statusCode === 413) return new ApiError("BODY_TOO_LARGE", "Request body is too large.");
  if (error.statusCode === 400 && (error as { validation?: unknown }).validation) {
    return new ApiError("INVALID_FIELD", "Request is invalid.");
  }
  if (error.statusCode === 400 && error.code?.startsWith("FST_ERR_CTP")) {
    return new ApiError("INVALID_JSON", "Request body is not valid JSON.");
  }
  // Any other client fault raised by a plugin (a bad Range header on a docs asset, …) is never a 500.
  const status = error.statusCode ?? 500;
  if (status === 401) return new ApiError("AUTH_REQUIRED", "Authentication is required.");
  if (status === 403) return new ApiError("FORBIDDEN", "Forbidden.");
  if (status >= 400 && status < 500) return new ApiError("INVALID_FIELD", "Parameter 'request' is invalid.");
  return null;
}

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  reply.headers(error.headers);
  // Also set here for errors answered before routing (frameworkErrors), which skip the app's onSend hook.
  reply.header("Cache-Control", "no-store");
  return reply.code(ERROR_STATUS[error.code]).type("application/json; charset=utf-8").send({
    detail: error.detail,
    code: error.code,
  });
}

/**
 * Errors Fastify raises before routing (a path that is not valid percent-encoding, an over-long parameter): answered
 * in the error shape under /api instead of Fastify's own JSON. Pass as the `frameworkErrors` server option.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (!isApi(request.raw.url ?? "")) {
    void reply.code(400).type("text/plain; charset=utf-8").send("Bad Request");
    return;
  }
  void sendApiError(reply, new ApiError("INVALID_FIELD", "Parameter 'path' is not a valid URL component."));
}

/** Link previews of shared pages (modules/share): the head for an address, given the site's origin. */
export interface ShareHeads {
  headFor(pathname: string, origin: string): Promise<ExtraHead | null>;
  /** PUBLIC_ORIGIN when set, else the request's. */
  origin(request: FastifyRequest): string;
}

const SHAREABLE = /^\/(movies|collections|comments|profile)\/[0-9]/;

export function registerErrorHandling(app: FastifyInstance, webDist: string, share?: ShareHeads): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError) {
      if (apiError.code === "DATABASE_UNAVAILABLE" && !(error instanceof ApiError)) {
        // One line per failed request, without the stack: an outage fails many at once.
        request.log.warn({ code: (error as { code?: unknown }).code, message: error.message }, "database unavailable");
      } else if (apiError.statusCode >= 500) {
        request.log.error({ err: error }, "request failed");
      }
      return sendApiError(reply, apiError);
    }
    request.log.error({ err: error }, "unhandled error");
    return sendApiError(reply, new ApiError("INTERNAL_ERROR", "An unexpected error occurred."));
  });

  // An unknown /api route is 404 right after 429, before its body is read (else a bad body would answer 415/413).
  app.addHook("onRequest", (request, _reply, done) => {
    done(request.is404 && isApi(request.url) ? new ApiError("NOT_FOUND", "Not found.") : undefined);
  });

  const indexFile = path.join(webDist, "index.html");
  const landing = createSpaIndex(webDist);
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (isApi(url)) return sendApiError(reply, new ApiError("NOT_FOUND", "Not found."));
    const spaEligible =
      (request.method === "GET" || request.method === "HEAD") &&
      !url.startsWith("/media/") &&
      !url.startsWith("/assets/");
    if (!spaEligible) return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
    if (!fs.existsSync(indexFile)) {
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send("The web app has not been built yet: run `npm run build` (npm start does it for you).");
    }
    // A landing route (home, movie, search): index.html naming the route's chunks and data (http/spa-preload.ts).
    // A shared movie, collection, comment or profile: its title and Open Graph / Twitter tags (modules/share).
    const extra = share && SHAREABLE.test(url) ? await share.headFor(url, share.origin(request)) : null;
    const page = await landing.pageFor(request.url, extra);
    if (page) {
      reply
        .code(200)
        .header("Cache-Control", "no-cache")
        .header("Vary", "Accept-Encoding")
        .header("ETag", page.etag)
        .type("text/html; charset=utf-8");
      if (request.headers["if-none-match"] === page.etag) return reply.code(304).send();
      const encoding = pickEncoding(request.headers["accept-encoding"]);
      if (!encoding) return reply.send(page.body);
      return reply.header("Content-Encoding", encoding).send(page.encoded[encoding]);
    }
    // Through @fastify/static when it serves the build (its .br/.gz copy, ETag), else straight from the file.
    if (typeof reply.sendFile === "function") return reply.code(200).sendFile("index.html");
    return reply
      .code(200)
      .header("Cache-Control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(fs.createReadStream(indexFile));
  });
}
