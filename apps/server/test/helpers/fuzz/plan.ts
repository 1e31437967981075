// How the fuzz budget is spread over routes, which auth mode each route has (probed, not declared twice), and
// paths that exist nowhere.
import fc from "fast-check";
import type { TestContext } from "../context.js";
import { fillParams } from "../routes.js";
import type { AuthMode } from "./oracle.js";
import { type FuzzRoute, METHODS, type Method } from "./requests.js";

/**
 * Routes that verify a password (one scrypt, ~50 ms) and the OpenAPI document (a large static answer) get a smaller
 * share; everything else the same.
 */
export function routeWeight(route: FuzzRoute): number {
  if (route.url === "/api/openapi.json") return 0.1;
  const hashes =
    route.url === "/api/users/signup" ||
    route.url === "/api/users/signin" ||
    (route.url === "/api/users/me" && route.method === "DELETE");
  return hashes ? 0.25 : 1;
}

const METHOD_RANK: Record<string, number> = { GET: 0, POST: 1, PUT: 1, PATCH: 2, DELETE: 3 };

/**
 * Reads first, then writes, then deletes (children before parents: comments before collections, replies before
 * reviews, the account last), so every route meets a populated database.
 */
export function fuzzOrder(routes: FuzzRoute[]): FuzzRoute[] {
  const rank = (r: FuzzRoute) =>
    r.url === "/api/users/me" && r.method === "DELETE" ? 9 : (METHOD_RANK[r.method] ?? 5);
  return [...routes].sort((a, b) => rank(a) - rank(b) || a.url.localeCompare(b.url));
}

/**
 * required: refuses a request without a bearer (401 AUTH_REQUIRED); optional: serves a garbage bearer anonymously
 * and says so in WWW-Authenticate; none: neither.
 */
export async function probeAuthModes(ctx: TestContext, routes: FuzzRoute[]): Promise<Map<string, AuthMode>> {
  const modes = new Map<string, AuthMode>();
  for (const route of routes) {
    const url = fillParams(route.url, "1");
    const bare = await ctx.app.inject({ method: route.method, url });
    let mode: AuthMode = "none";
    if (bare.statusCode === 401 && bare.json<{ code: string }>().code === "AUTH_REQUIRED") mode = "required";
    else {
      const garbage = await ctx.app.inject({ method: route.method, url, headers: { authorization: "Bearer garbage" } });
      if (garbage.headers["www-authenticate"]) mode = "optional";
    }
    modes.set(`${route.method} ${route.url}`, mode);
  }
  return modes;
}

const TOP = ["users", "auth", "movies", "reviews", "comments", "collections", "collection_comments", "search"];
// No dot segments: inject resolves them like a URL, which would leave /api altogether.
const WORDS = ["x", "1", "me", "like", "list", "mine", "%ZZ", "🎬", "-1", "movie", "review", "99999999999"];

/** Deeper than any route under a real prefix, or under a prefix that does not exist, with any method. */
export const unknownRouteArb: fc.Arbitrary<{ method: Method; path: string }> = fc.record({
  method: fc.constantFrom<Method>(...METHODS),
  path: fc.oneof(
    fc
      .tuple(fc.constantFrom(...TOP), fc.array(fc.constantFrom(...WORDS), { minLength: 5, maxLength: 6 }))
      .map(([top, rest]) => `/api/${top}/${rest.map(encodeSegment).join("/")}`),
    fc
      .tuple(
        fc.constantFrom("nope", "admin", "v2", "user", "movie", "API"),
        fc.array(fc.constantFrom(...WORDS), { maxLength: 2 }),
      )
      .map(([top, rest]) => ["/api", top, ...rest.map(encodeSegment)].join("/")),
  ),
});

function encodeSegment(word: string): string {
  return word === "%ZZ" ? word : encodeURIComponent(word);
}
