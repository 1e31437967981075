// Request counts and latencies for /api/metrics, labelled by route pattern (never the raw URL: ids and query
// strings would explode the series and could carry secrets).
import type { FastifyInstance } from "fastify";
import type { MetricsRegistry } from "../lib/metrics.js";

export function registerRequestMetrics(app: FastifyInstance, registry: MetricsRegistry): void {
  const requests = registry.counter(
    "moviepedia_http_requests_total",
    "HTTP requests answered, by method, route pattern and status.",
    ["method", "route", "status"],
  );
  const duration = registry.histogram(
    "moviepedia_http_request_duration_seconds",
    "HTTP request latency in seconds, by method and route pattern.",
    ["method", "route"],
  );
  app.addHook("onResponse", (request, reply, done) => {
    // Unknown routes and the SPA fallback share one label.
    const route = request.routeOptions.url ?? "unmatched";
    const method = request.method;
    requests.inc({ method, route, status: String(reply.statusCode) });
    duration.observe({ method, route }, reply.elapsedTime / 1000);
    done();
  });
}
