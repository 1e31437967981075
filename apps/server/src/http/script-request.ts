// GETs that change state (refresh rotates a token, logout ends a session) act only for script requests: the way the
// web app and SPEC clients call them (fetch with credentials and a JSON content type). An image, a link, a frame or a
// form made by someone else's content on our own origin — a member's avatar URL pointing at /api/users/logout — is
// refused with 403 and changes nothing (docs/security.md). HEAD never changes state.
import type { FastifyRequest } from "fastify";
import { readBearer } from "./auth.js";
import { ApiError } from "./errors.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The Content-Type header as sent, also when body-parser.ts dropped it from a bodiless request. */
    sentContentType: string | undefined;
  }
}

const SCRIPT_MODES = new Set(["cors", "same-origin"]);
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Whether a request was made by script (fetch/XHR). Browsers that send Fetch Metadata say so in `Sec-Fetch-Mode`
 * (`cors` or `same-origin` for fetch; `no-cors` for images and scripts, `navigate` for links, frames and forms);
 * without it (older browsers, non-browser clients), a JSON `Content-Type` or a bearer token, neither of which an
 * image or a link can send.
 */
export function isScriptRequest(request: FastifyRequest): boolean {
  const mode = request.headers["sec-fetch-mode"];
  if (typeof mode === "string" && mode.trim() !== "") return SCRIPT_MODES.has(mode.trim().toLowerCase());
  if (readBearer(request)) return true;
  const type = request.sentContentType ?? request.headers["content-type"];
  return typeof type === "string" && JSON_TYPE.test(type.trim());
}

/** Refuses a state-changing GET that is a HEAD or not a script request (403 FORBIDDEN, nothing changed). */
export function requireScriptRequest(request: FastifyRequest): void {
  if (request.method === "HEAD") {
    throw new ApiError("FORBIDDEN", "HEAD never changes state; use GET or POST from a script.");
  }
  if (!isScriptRequest(request)) {
    throw new ApiError("FORBIDDEN", "This request must be made by script (fetch or XHR) with a JSON Content-Type.");
  }
}
