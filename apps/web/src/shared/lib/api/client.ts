// Typed fetch for the JSON API: bearer, JSON bodies, error objects, and one refresh-and-retry on a rejected token.
import type { AuthMode } from "@moviepedia/contract";
import { ApiError, NETWORK_ERROR, isAbortError } from "./api-error";

/** How an endpoint treats the bearer (API.md §1.8). `none` never sends it; `cookie` sends it like `optional`. */
export type { AuthMode } from "@moviepedia/contract";
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  method?: Method;
  /** JSON body; `undefined` sends none. */
  body?: unknown;
  /** A file sent as the raw body with its own type (the avatar upload); instead of `body`. */
  file?: Blob;
  auth?: AuthMode;
  query?: Readonly<Record<string, QueryValue>>;
  signal?: AbortSignal;
}

/** What the client needs from the session: the current token, and a fresh one after the server rejected it. */
export interface SessionPort {
  getAccessToken(): string | null;
  renewAfterRejection(rejected: string): Promise<string | null>;
}

export type ApiFetch = <T>(path: string, request?: ApiRequest) => Promise<T>;

const RENEWABLE_CODES = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED"]);

export function withQuery(path: string, query: ApiRequest["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes("?") ? "&" : "?"}${text}` : path;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (body && typeof body === "object" && "code" in body && typeof body.code === "string") {
    const detail = "detail" in body && typeof body.detail === "string" ? body.detail : "";
    return new ApiError(response.status, body.code, detail);
  }
  return new ApiError(response.status, `HTTP_${response.status}`, response.statusText);
}

/** Optional-auth routes serve an ignored bad bearer as anonymous and say so in this header [EXT]. */
function bearerIgnored(response: Response): boolean {
  return /error="invalid_token"/i.test(response.headers.get("WWW-Authenticate") ?? "");
}

async function rejectedBearer(response: Response): Promise<boolean> {
  if (response.ok) return bearerIgnored(response);
  if (response.status !== 401) return false;
  const error = await errorFrom(response.clone());
  return RENEWABLE_CODES.has(error.code);
}

/**
 * The answer's JSON. A body that cannot be read whole (the connection cut mid-answer, or the page navigating away
 * while it arrives) is no answer, like a failed connection: status 0. Callers that end the session on the server's
 * word (the auth store) must not read that as a refusal — it once signed members out when a page was left right after
 * login.
 */
async function readBody(response: Response, request: ApiRequest): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : undefined;
  } catch (error) {
    if (isAbortError(error) && request.signal?.aborted) throw error;
    throw new ApiError(
      0,
      NETWORK_ERROR,
      `The answer could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export function createApiClient(deps: { session: SessionPort; fetch: typeof fetch }): ApiFetch {
  async function send(path: string, request: ApiRequest, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (request.file !== undefined) headers["Content-Type"] = request.file.type;
    else if (request.body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await deps.fetch(withQuery(path, request.query), {
        method: request.method ?? "GET",
        headers,
        body: request.file ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
        credentials: "same-origin",
        signal: request.signal,
      });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ApiError(0, NETWORK_ERROR, error instanceof Error ? error.message : String(error));
    }
  }

  return async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
    const mode = request.auth ?? "optional";
    const token = mode === "none" ? null : deps.session.getAccessToken();
    if (mode === "required" && !token) throw new ApiError(401, "AUTH_REQUIRED", "No access token available.");

    let response = await send(path, request, token);
    // One refresh and one retry: a second rejection is final (the session is dropped by the refresh if it fails).
    if (token && (await rejectedBearer(response))) {
      const fresh = await deps.session.renewAfterRejection(token);
      if (fresh) response = await send(path, request, fresh);
    }
    if (!response.ok) throw await errorFrom(response);
    if (response.status === 204) return undefined as T;
    return (await readBody(response, request)) as T;
  };
}
