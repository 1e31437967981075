// An endpoint as data (issue #23 item 3): method, path, who may call it, which rate-limit bucket it draws from, and
// the zod schemas of its params, query, body and success answers. The server registers its routes from these
// (apps/server/src/http/route.ts) and the web app calls them through a client typed by them
// (apps/web/src/shared/lib/api/endpoint-client.ts); the table itself is `endpoints` (./endpoints/index.ts).
import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * How a route treats the bearer (API.md §1.8): `none` never reads it, `optional` serves anonymous callers too,
 * `cookie`: the route checks its own credentials — a sent bearer wins, else the refresh cookie (clients send the
 * bearer they have, as for `optional`).
 */
export type AuthMode = "required" | "optional" | "none" | "cookie";

/** Which rate-limit bucket a route draws from (API.md §1.10); `ip` (the default) is the ceiling for the rest. */
export type RateLimitBucket = "ip" | "create" | "toggle" | "rating" | "signup" | "oauth" | "signin" | "exempt";

export type SuccessStatus = 200 | 201 | 202 | 204 | 302;

export interface Endpoint {
  readonly method: HttpMethod;
  /** Fastify's pattern: `/api/reviews/:review_id`. */
  readonly path: `/${string}`;
  readonly auth: AuthMode;
  readonly rateLimit?: RateLimitBucket;
  /** A GET that changes state (refresh, logout, the OAuth callback): refused on a read-only instance like writes. */
  readonly writes?: boolean;
  /** The OpenAPI tag; `hidden` keeps the route out of the document (media files). */
  readonly tag: string;
  readonly summary?: string;
  readonly hidden?: boolean;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** A raw body of these content types instead of JSON (the avatar upload, imports). */
  readonly consumes?: readonly string[];
  /** Bytes the body may have when not the app's default (1 MiB). */
  readonly bodyLimit?: number;
  /** The success answers; the error answers are always `ErrorBody` (API.md §2). */
  readonly responses: Readonly<Partial<Record<SuccessStatus, z.ZodType>>>;
}

/** Declares one endpoint, keeping its literal types (the typed client and the route helper read them). */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type Schema<E extends Endpoint, K extends "params" | "query" | "body"> = E[K] extends z.ZodType ? E[K] : never;

/** The path parameters a caller fills in: every name of the params schema, as a number or a string. */
export type EndpointParams<E extends Endpoint> = [Schema<E, "params">] extends [never]
  ? never
  : { readonly [K in keyof z.output<Schema<E, "params">>]: string | number };

/** The query a caller may send: the schema's names, each optional, values as they appear in a URL. */
export type EndpointQuery<E extends Endpoint> = [Schema<E, "query">] extends [never]
  ? never
  : { readonly [K in keyof z.output<Schema<E, "query">>]?: string | number | boolean | null | undefined };

/** The JSON body a caller sends. */
export type EndpointBody<E extends Endpoint> = [Schema<E, "body">] extends [never] ? never : z.input<Schema<E, "body">>;

/** What a successful call yields: the union of the success answers; 204 (no content) yields `void`. */
export type EndpointResult<E extends Endpoint> = {
  [S in keyof E["responses"]]: S extends 204
    ? void
    : E["responses"][S] extends z.ZodType
      ? z.output<E["responses"][S]>
      : never;
}[keyof E["responses"]];
