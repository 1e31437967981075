// Registers a route from its entry in the contract's endpoint table (packages/contract/src/endpoints): the method,
// path, auth mode, rate-limit bucket and schemas all come from the table, so the table and the server cannot
// disagree (test/endpoint-table.test.ts checks that every registered route has an entry and every entry a route).
// The handler gets the same types an inline `app.get(path, { schema }, handler)` would.
import type { Endpoint } from "@moviepedia/contract";
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errors } from "./schemas.js";
import type { App } from "./types.js";

type Part<E extends Endpoint, K extends keyof Endpoint> = E[K] extends undefined ? undefined : E[K];

/** The Fastify schema an endpoint stands for: its parts, and the error answers every route documents. */
export type EndpointSchema<E extends Endpoint> = {
  params: Part<E, "params">;
  querystring: Part<E, "query">;
  body: Part<E, "body">;
  response: E["responses"] & typeof errors;
};

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E> & FastifySchema,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route may add to its table entry: hooks, and (raw bodies) its own validator; never method, path or schema. */
export type RouteExtras = Pick<RouteOptions, "onRequest" | "preValidation" | "preHandler" | "validatorCompiler"> & {
  /** OpenAPI-only additions to the schema (e.g. `security`). */
  docs?: Record<string, unknown>;
};

/** The entries each server registered (keyed by its http server, which an app and all its scopes share). */
const registered = new WeakMap<object, Endpoint[]>();

/** The table entries registered on this app, in registration order (test/endpoint-table.test.ts). */
export function registeredEndpoints(app: { server: object }): readonly Endpoint[] {
  return registered.get(app.server) ?? [];
}

export function route<E extends Endpoint>(app: App, endpoint: E, handler: EndpointHandler<E>, extras?: RouteExtras) {
  const { docs, ...hooks } = extras ?? {};
  const list = registered.get(app.server) ?? [];
  registered.set(app.server, list);
  list.push(endpoint);
  const schema: Record<string, unknown> = {
    tags: [endpoint.tag],
    ...(endpoint.summary ? { summary: endpoint.summary } : {}),
    ...(endpoint.hidden ? { hide: true } : {}),
    ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response: { ...endpoint.responses, ...errors },
    ...docs,
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      auth: endpoint.auth,
      ...(endpoint.rateLimit ? { rateLimit: endpoint.rateLimit } : {}),
      ...(endpoint.writes ? { writes: true } : {}),
    },
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    schema,
    ...hooks,
    handler: handler as RouteOptions["handler"],
  });
}
