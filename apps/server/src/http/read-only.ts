// READ_ONLY instances (replicas for anonymous reads): every /api request that could write — any method but GET, HEAD
// and OPTIONS — is refused before routing, authentication or validation, so a misrouted write is never half-done.
// The closed error catalogue (API.md §2.3) has one 503 code, DATABASE_UNAVAILABLE: for this instance the writable
// database is indeed unavailable, and clients already treat it as "try again / elsewhere", never as their fault.
// A few GETs write too (refresh rotates a token, logout revokes a session, an OAuth callback signs in): they declare
// `writes: true` in their route config and are refused the same way.
import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A GET that changes the database (refused on READ_ONLY instances like any other write). */
    writes?: boolean;
  }
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const DETAIL = "This instance serves reads only; send writes to the primary.";

function isApi(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

export function registerReadOnly(app: FastifyInstance, readOnly: boolean): void {
  if (!readOnly) return;
  app.addHook("onRequest", (request, reply, done) => {
    const writes = request.routeOptions.config?.writes === true;
    if ((READ_METHODS.has(request.method) && !writes) || !isApi(request.url)) return done();
    reply.code(503).header("Cache-Control", "no-store").send(errorBody("DATABASE_UNAVAILABLE", DETAIL));
  });
}
