// Every route an app registered, read from Fastify's route tree (printRoutes), for tests that sweep all endpoints.
import type { FastifyInstance } from "fastify";

export interface RegisteredRoute {
  method: string;
  url: string;
}

/** Parses `printRoutes({ commonPrefix: false })`: each nesting level appends its segment to its parent's path. */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? "") + match[2]!;
    stack[depth] = url;
    for (const method of match[3]?.split(", ") ?? []) routes.push({ method, url });
  }
  return routes;
}

/** API routes other than Swagger UI's own pages and assets. */
export function apiRoutes(app: FastifyInstance): RegisteredRoute[] {
  return registeredRoutes(app).filter(
    (r) => (r.url === "/api" || r.url.startsWith("/api/")) && !r.url.startsWith("/api/docs") && r.method !== "HEAD",
  );
}

const PARAM = /:[A-Za-z_]+(?:\|:[A-Za-z_]+)*/g;

/**
 * A concrete URL for a route pattern: every `:param` becomes `value`. Routes sharing a position print their
 * parameter names joined by `|` (`:collection_id|:comment_id`).
 */
export function fillParams(url: string, value = "1"): string {
  return url.replace(PARAM, value);
}

/** The OpenAPI paths a printed pattern may stand for (`:a|:b` → `{a}` or `{b}`). */
export function openApiPaths(url: string): string[] {
  let paths = [""];
  let last = 0;
  for (const match of url.matchAll(PARAM)) {
    const literal = url.slice(last, match.index);
    const names = match[0].split("|").map((p) => p.slice(1));
    paths = paths.flatMap((prefix) => names.map((name) => `${prefix}${literal}{${name}}`));
    last = match.index + match[0].length;
  }
  return paths.map((p) => p + url.slice(last));
}
