// CORS for the origins listed in CORS_ORIGINS (API.md §1.1); with none configured no CORS header is ever sent.
// Registered first so that every answer to an allowed origin, errors and 429s included, is readable by it.
import type { FastifyInstance } from "fastify";

const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE";
const ALLOWED_HEADERS = "Authorization, Content-Type";
// The web app reads these: Retry-After on 429, WWW-Authenticate on optional routes that ignored a bad bearer.
const EXPOSED_HEADERS = "Retry-After, WWW-Authenticate";
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook("onRequest", (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return done();
    reply.header("Access-Control-Allow-Origin", origin);
    reply.header("Access-Control-Allow-Credentials", "true");
    reply.header("Vary", "Origin");
    const preflight = request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined;
    if (!preflight) {
      reply.header("Access-Control-Expose-Headers", EXPOSED_HEADERS);
      return done();
    }
    reply.header("Access-Control-Allow-Methods", ALLOWED_METHODS);
    reply.header("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    reply.header("Access-Control-Max-Age", String(PREFLIGHT_MAX_AGE_SECONDS));
    reply.code(204).send();
  });
}
