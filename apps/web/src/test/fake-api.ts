// A fake of the server for the web app's tests, routed by the contract's endpoint table: `server.on(endpoints.x.y,
// answer)` answers that endpoint, and the answer must have the endpoint's success type (a contract change breaks
// the tests that fake it). Paths match like Fastify's router: a literal segment wins over a `:param`.
import type { Endpoint, EndpointResult } from "@moviepedia/contract";
import { vi } from "vitest";
import { jsonResponse } from "./tokens";

/** What an answer sees of its request. */
export interface FakeRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** An error answer (API.md §2): `fail(404, "NOT_FOUND")`. */
export class FakeFailure {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail = "",
  ) {}
}
export const fail = (status: number, code: string, detail = "") => new FakeFailure(status, code, detail);

type Answer<E extends Endpoint> = (
  request: FakeRequest,
) => EndpointResult<E> | FakeFailure | Promise<EndpointResult<E> | FakeFailure>;

interface Entry {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
  literal: number;
  answer: Answer<Endpoint>;
}

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

function compile(path: string): { pattern: RegExp; names: string[]; literal: number } {
  const names: string[] = [];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return {
    pattern: new RegExp(`^${source}/?$`),
    names,
    literal: path.split("/").filter((s) => !s.startsWith(":")).length,
  };
}

function successStatus(endpoint: Endpoint): number {
  const codes = Object.keys(endpoint.responses).map(Number);
  return Math.min(...codes);
}

export interface FakeServer {
  readonly calls: FakeCall[];
  on<E extends Endpoint>(endpoint: E, answer: Answer<E>): FakeServer;
  /** The calls made to one endpoint. */
  callsTo(endpoint: Endpoint): FakeCall[];
}

/** Stubs `fetch` (vi.stubGlobal); a request no entry answers gets 404 NOT_FOUND, as the real server would. */
export function fakeServer(): FakeServer {
  const entries: Entry[] = [];
  const calls: FakeCall[] = [];
  const server: FakeServer = {
    calls,
    on(endpoint, answer) {
      const compiled = compile(endpoint.path);
      const existing = entries.findIndex((e) => e.endpoint === endpoint);
      const entry = { endpoint, ...compiled, answer: answer as unknown as Answer<Endpoint> };
      if (existing >= 0) entries[existing] = entry;
      else entries.push(entry);
      // Most literal segments first, so `/api/reviews/user` wins over `/api/reviews/:review_id`.
      entries.sort((a, b) => b.literal - a.literal);
      return server;
    },
    callsTo(endpoint) {
      const { pattern } = compile(endpoint.path);
      return calls.filter((c) => c.method === endpoint.method && pattern.test(c.path));
    },
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const method = init?.method ?? "GET";
      const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
      const headers = new Headers(init?.headers);
      calls.push({ method, path: url.pathname, query: url.searchParams, body, headers });
      for (const entry of entries) {
        if (entry.endpoint.method !== method) continue;
        const match = entry.pattern.exec(url.pathname);
        if (!match) continue;
        const params = Object.fromEntries(entry.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
        const result = await entry.answer({ params, query: url.searchParams, body, headers });
        if (result instanceof FakeFailure)
          return jsonResponse(result.status, { detail: result.detail, code: result.code });
        const status = successStatus(entry.endpoint);
        return status === 204 ? new Response(null, { status }) : jsonResponse(status, result);
      }
      return jsonResponse(404, { detail: "Not found.", code: "NOT_FOUND" });
    }),
  );
  return server;
}
