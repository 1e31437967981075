// Operations (API.md §4.13): the health check and the Prometheus metrics.
import { z } from "zod";
import { endpoint } from "../endpoint.js";
import { Health } from "../ops.js";

const tag = "operations";

export const opsEndpoints = {
  health: endpoint({
    method: "GET",
    path: "/api/health",
    auth: "none",
    rateLimit: "exempt",
    tag,
    responses: { 200: Health },
  }),
  /** Its credential is a static bearer (METRICS_TOKEN), checked by the route; the route exists only when it is set. */
  metrics: endpoint({
    method: "GET",
    path: "/api/metrics",
    auth: "none",
    tag,
    summary: "Prometheus metrics (text/plain; version=0.0.4), with Authorization: Bearer <METRICS_TOKEN>.",
    // Sent as text/plain, which Fastify passes through without the JSON serializer.
    responses: { 200: z.string() },
  }),
  /** This API's OpenAPI 3.1 document, built from the routes' schemas (Swagger UI at /api/docs reads it). */
  openApi: endpoint({
    method: "GET",
    path: "/api/openapi.json",
    auth: "none",
    tag,
    summary: "This OpenAPI document.",
    responses: { 200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }) },
  }),
};
