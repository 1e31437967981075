// The web app's only way to call the API: `api(endpoints.reviews.edit, { params, body })`. Path, method, auth mode
// and the answer's type all come from the contract's endpoint table, so a contract change breaks the callers (and
// their tests) at type-check time instead of at run time.
import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResult } from "@moviepedia/contract";
import type { ApiFetch } from "./client";

/** What a call sends: `params` when the path has some, `body` (or, for raw uploads, `file`) when the endpoint takes one. */
export type CallOptions<E extends Endpoint> = ([EndpointParams<E>] extends [never]
  ? { params?: never }
  : { params: EndpointParams<E> }) &
  ([EndpointQuery<E>] extends [never] ? { query?: never } : { query?: EndpointQuery<E> }) &
  (E["consumes"] extends readonly string[]
    ? { file: Blob; body?: never }
    : [EndpointBody<E>] extends [never]
      ? { body?: never }
      : { body: EndpointBody<E> }) & { signal?: AbortSignal };

type Args<E extends Endpoint> = object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** The concrete path: every `:name` replaced by its (encoded) value. */
export function pathOf(endpoint: Endpoint, params: Readonly<Record<string, string | number>> | undefined): string {
  return endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export type EndpointCaller = <E extends Endpoint>(endpoint: E, ...args: Args<E>) => Promise<EndpointResult<E>>;

export function createEndpointCaller(apiFetch: ApiFetch): EndpointCaller {
  return <E extends Endpoint>(endpoint: E, ...[options]: Args<E>) => {
    const o = (options ?? {}) as {
      params?: Record<string, string | number>;
      query?: object;
      body?: unknown;
      file?: Blob;
      signal?: AbortSignal;
    };
    return apiFetch<EndpointResult<E>>(pathOf(endpoint, o.params), {
      method: endpoint.method,
      auth: endpoint.auth,
      query: o.query as Record<string, string | number | boolean | null | undefined> | undefined,
      body: o.body,
      file: o.file,
      signal: o.signal,
    });
  };
}
