// What every /api answer must look like (API.md §1.3, §2), and the status some inputs must get whatever else the
// request carries (the precedence 401 → 413/415 → 400 of §2.2, with rate limits off).
import {
  AUTH_BODY_LIMIT_BYTES,
  ERROR_STATUS,
  type ErrorCode,
  IMPORT_CONTENT_TYPES,
  IMPORT_MAX_BYTES,
  isErrorCode,
} from "@moviepedia/contract";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../../../src/http/body-parser.js";
import type { LightMyRequestResponse } from "fastify";
import type { FuzzRoute, RequestSpec } from "./requests.js";
import type { AuthVariant } from "./tokens.js";

export type AuthMode = "required" | "optional" | "none";

/** The error codes allowed (their statuses follow from the catalogue) and the rule that requires them. */
export interface Expectation {
  codes: ErrorCode[];
  why: string;
}

const JSON_TYPE = "application/json; charset=utf-8";
const BAD_ENCODING = /%(?![0-9A-Fa-f]{2})/;

/** Contract violations of one answer, whatever was asked (empty when it conforms). */
export function contractProblems(route: FuzzRoute, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  const allowed5xx =
    (status === 503 && route.url === "/api/health") || (status === 502 && route.url.endsWith("/callback"));
  if (status >= 500 && !allowed5xx) problems.push(`status ${status}`);
  if (res.headers["cache-control"] !== "no-store") problems.push(`Cache-Control ${res.headers["cache-control"]}`);
  if (status === 204) {
    if (res.body !== "") problems.push("204 with a body");
    return problems;
  }
  if (status === 302) {
    if (!route.url.startsWith("/api/auth/:provider")) problems.push("302 outside the social login start");
    return problems;
  }
  const type = res.headers["content-type"];
  const metricsText = route.url === "/api/metrics" && status === 200;
  if (!metricsText && type !== JSON_TYPE) problems.push(`Content-Type ${type}`);
  if (metricsText) return problems;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return [...problems, "body is not JSON"];
  }
  if (status < 400) return problems;
  if (body === null || typeof body !== "object" || Array.isArray(body))
    return [...problems, "error body not an object"];
  const keys = Object.keys(body).sort();
  if (keys.join() !== "code,detail") problems.push(`error keys ${keys.join()}`);
  const { code, detail } = body as { code?: unknown; detail?: unknown };
  if (!isErrorCode(code)) problems.push(`code ${String(code)} not in the catalogue`);
  else if (ERROR_STATUS[code] !== status) problems.push(`code ${code} is ${ERROR_STATUS[code]}, sent with ${status}`);
  if (typeof detail !== "string" || !/^[\x20-\x7e]+$/.test(detail)) problems.push(`detail ${JSON.stringify(detail)}`);
  return problems;
}

const isJsonType = (type: string | null) => type !== null && /^application\/json\s*(;|$)/i.test(type.trim());

function jsonProblem(text: string): "invalid" | "not-object" | null {
  if (text.trim() === "") return null;
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return "invalid";
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? null : "not-object";
  } catch {
    return "invalid";
  }
}

function authExpectation(route: FuzzRoute, spec: RequestSpec, auth: AuthVariant): Expectation | null {
  if (route.url === "/api/metrics") {
    return auth.verdict === "none"
      ? { codes: ["AUTH_REQUIRED"], why: "metrics without a bearer" }
      : { codes: ["INVALID_TOKEN"], why: "metrics with another token" };
  }
  // blocked_users falls back to the refresh cookie when no bearer is sent.
  if (auth.verdict === "none" && route.url.includes("blocked_users") && spec.cookie !== 0) return null;
  if (auth.verdict === "none") return { codes: ["AUTH_REQUIRED"], why: "required auth, no bearer" };
  if (auth.verdict === "valid") return null;
  return { codes: [auth.verdict], why: `required auth, ${auth.label} bearer` };
}

/** An empty or dot segment (inject resolves those as a URL would) makes the request address another route. */
export function leavesRoute(spec: RequestSpec): boolean {
  return spec.segments.some((s) => s === "" || /^(\.|%2e){1,2}$/i.test(s));
}

/** Routes with the 8 KB body limit (issue #22). */
const ACCOUNT_ROUTES = new Set([
  "POST /api/users/signup",
  "POST /api/users/signin",
  "PATCH /api/users/me/password",
  "DELETE /api/users/me",
]);

/** Routes whose body is a file of their own types up to their own size (the import: CSV, zip or JSON, 10 MB). */
const FILE_ROUTES = new Set(["POST /api/users/me/imports"]);
const FILE_TYPES = new Set(Object.values(IMPORT_CONTENT_TYPES).flat());

/** The answer these inputs must get, when the contract pins it down; null when several outcomes are valid. */
export function expectedFailure(
  route: FuzzRoute,
  spec: RequestSpec,
  auth: AuthVariant,
  mode: AuthMode,
  body: string | undefined,
): Expectation | null {
  if (spec.method !== route.method) return null;
  if (spec.segments.some((s) => BAD_ENCODING.test(s))) {
    return { codes: ["INVALID_FIELD"], why: "path is not valid percent-encoding" };
  }
  if (leavesRoute(spec)) return null;
  if (mode === "required") {
    const expected = authExpectation(route, spec, auth);
    if (expected || auth.verdict !== "valid") return expected;
  }
  // Every method, GET included, has its body checked (API.md §1.2: 415 on every endpoint).
  if (body !== undefined && body.length > 0 && FILE_ROUTES.has(`${route.method} ${route.url}`)) {
    const type = (spec.contentType ?? "").split(";")[0]!.trim().toLowerCase();
    if (Buffer.byteLength(body) > IMPORT_MAX_BYTES) return { codes: ["BODY_TOO_LARGE"], why: "file over 10 MB" };
    if (!FILE_TYPES.has(type)) return { codes: ["UNSUPPORTED_MEDIA_TYPE"], why: "not a file type the import takes" };
    // What the file holds is the service's to judge (400 INVALID_IMPORT_FILE and the like, or 202).
  } else if (body !== undefined && body.length > 0) {
    const accountRoute = ACCOUNT_ROUTES.has(`${route.method} ${route.url}`);
    if (spec.body.kind === "huge" || (accountRoute && Buffer.byteLength(body) > AUTH_BODY_LIMIT_BYTES)) {
      // 413 and 415 share a rank: a huge form post may get either.
      const codes: ErrorCode[] = isJsonType(spec.contentType)
        ? ["BODY_TOO_LARGE"]
        : ["BODY_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"];
      return { codes, why: accountRoute ? "body over the account routes' 8 KB" : "body over 1 MiB" };
    }
    if (!isJsonType(spec.contentType)) return { codes: ["UNSUPPORTED_MEDIA_TYPE"], why: "body not JSON" };
    const problem = jsonProblem(body);
    if (problem === "invalid") return { codes: ["INVALID_JSON"], why: "invalid JSON" };
    if (problem === "not-object" && route.body.length > 0 && !malformedIds(route, spec)) {
      return { codes: ["INVALID_JSON"], why: "JSON body not an object" };
    }
  }
  // `following` needs a valid bearer even on optional routes, and 401 precedes 400 (§4.5).
  const following = mode === "optional" && spec.query.some(([k]) => k === "following");
  if (malformedIds(route, spec) && !following) {
    // A body that is not an object may be reported first (Fastify validates params, then the body).
    return { codes: ["INVALID_FIELD", "INVALID_JSON"], why: "malformed path id" };
  }
  return null;
}

function malformedIds(route: FuzzRoute, spec: RequestSpec): boolean {
  return route.params.some((name, i) => {
    if (name.includes("provider")) return false;
    return !/^[0-9]+$/.test(decodeURIComponent(spec.segments[i] ?? ""));
  });
}

/** Optional-auth routes never fail on a bad bearer (only `following=true` needs a valid one) and say they ignored it. */
export function optionalAuthProblems(spec: RequestSpec, auth: AuthVariant, res: LightMyRequestResponse): string[] {
  if (auth.verdict !== "INVALID_TOKEN" && auth.verdict !== "TOKEN_EXPIRED") return [];
  const problems: string[] = [];
  const following = spec.query.some(([k]) => k === "following");
  if (res.statusCode === 401 && !following) problems.push("optional route refused a bad bearer");
  if (res.statusCode < 300 && !res.headers["www-authenticate"])
    problems.push("ignored bearer without WWW-Authenticate");
  return problems;
}
