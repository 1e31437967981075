// READ_ONLY instances (replicas for anonymous reads): every /api request that could write — any method but GET, HEAD
// and OPTIONS — is refused before routing, authentication or validation, so a misrouted write is never half-done.
// The closed error catalogue (API.md §2.3) has one 503 code, DATABASE_UNAVAILABLE: for this instance the writable
// database is indeed unavailable, and clients already treat it as "try again / elsewhere", never as their fault.
import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors.js";

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const DETAIL = "This instance serves reads only; send writes to the primary.";

function isApi(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

export function registerReadOnly(app: FastifyInstance, readOnly: boolean): void {
  if (!readOnly) return;
  app.addHook("onRequest", (request, reply, done) => {
    if (READ_METHODS.has(request.method) || !isApi(request.url)) return done();
    reply.code(503).send(errorBody("DATABASE_UNAVAILABLE", DETAIL));
  });
}
