// Security headers (Helmet's set) on every answer. Helmet's middleware rebuilds its whole configuration on each call
// (as @fastify/helmet runs it, per request), so it runs once at start-up against a recorder and each answer gets the
// recorded headers: the same headers, for a few microseconds instead of tens.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/** The headers Helmet sets for `options`, lower-cased names. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(", ") : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.fromEntries(headers);
}

/** Powerful browser features the web app never uses, switched off for every page and any frame (issue #22). */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  // HSTS means something only over https (browsers ignore it over http, RFC 6797 §8.1), and an answer over http says
  // nothing true about https: sent only when the request came over https (directly or from a trusted proxy).
  const hsts = headers["strict-transport-security"];
  delete headers["strict-transport-security"];
  headers["permissions-policy"] = PERMISSIONS_POLICY;
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headers);
    if (hsts && request.protocol === "https") reply.header("strict-transport-security", hsts);
    done();
  });
}
