// GET /api/metrics (API.md §4.13): Prometheus text behind a static bearer; absent entirely without METRICS_TOKEN.
import { createHash, timingSafeEqual } from "node:crypto";
import { endpoints } from "@moviepedia/contract";
import { readBearer } from "../../http/auth.js";
import { ApiError } from "../../http/errors.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import type { MetricsRegistry } from "../../lib/metrics.js";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Equal-length digests make the comparison constant-time whatever the presented token's length. */
function sameToken(presented: string, expected: Buffer): boolean {
  return timingSafeEqual(digest(presented), expected);
}

export function metricsRoute(app: App, token: string | undefined, registry: MetricsRegistry): void {
  // Not configured: the route does not exist, so the 404 handler answers NOT_FOUND whatever the headers.
  if (!token) return;
  const expected = digest(token);
  route(
    app,
    endpoints.ops.metrics,
    async (_request, reply) => {
      return reply.type("text/plain; version=0.0.4; charset=utf-8").send(registry.render());
    },
    {
      // Checked before any body is read, so 401 precedes 413/415 (API.md §2.2).
      onRequest: async (request) => {
        const presented = readBearer(request);
        if (!presented) throw new ApiError("AUTH_REQUIRED", "Authentication is required.");
        if (!sameToken(presented, expected)) throw new ApiError("INVALID_TOKEN", "The metrics token is invalid.");
      },
      docs: { security: [{ bearer: [] }] },
    },
  );
}
