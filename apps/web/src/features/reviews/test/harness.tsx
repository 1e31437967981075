// Test harness for the reviews feature: a fake /api routed by method and path (answering the member's own record,
// for a session signed in with test/session.ts) and the providers a page has (query client, router, login-required
// overlay).
import type { Review } from "@moviepedia/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import { LoginRequiredProvider } from "../../../shared/ui/login-required";
import { aReview } from "../../../test/factories";
import { jsonResponse, ME } from "../../../test/tokens";

/** Answers one route; `url` is the whole request URL (query string included). */
export type Route = (body: unknown, url: URL) => Response | Promise<Response>;
export interface FakeApi {
  calls: { method: string; path: string; body: unknown }[];
  on: (method: string, path: string, answer: Route) => void;
}

/** Stubs fetch; unknown routes answer 404 NOT_FOUND. `path` matches the URL without its query string. */
export function fakeApi(): FakeApi {
  const routes = new Map<string, Route>();
  const api: FakeApi = {
    calls: [],
    on: (method, path, answer) => routes.set(`${method} ${path}`, answer),
  };
  api.on("GET", "/api/users/me", () => jsonResponse(200, ME));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const path = String(input).split("?")[0] ?? "";
      const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      api.calls.push({ method, path, body });
      const route = routes.get(`${method} ${path}`);
      return route
        ? route(body, new URL(String(input), "http://localhost"))
        : jsonResponse(404, { code: "NOT_FOUND", detail: "" });
    }),
  );
  return api;
}

export function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LoginRequiredProvider>{ui}</LoginRequiredProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The signed-in member's review of film 350, as the server answers it (contract-checked). */
export function review(overrides: Partial<Review> = {}): Review {
  return aReview({ user_id: ME.id, user_name: ME.username, profile_url: ME.profile_url, ...overrides });
}
