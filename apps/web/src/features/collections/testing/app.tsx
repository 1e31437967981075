// Test helpers of the collections feature: a fake server answering by path, and rendering inside the app's
// providers (query client, router, login-required overlay).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Toaster } from "../../../shared/ui/toast";
import { vi } from "vitest";
import { LoginRequiredProvider } from "../../../shared/ui/login-required";
import { jsonResponse } from "../../../test/tokens";

export type Route = [method: string, pattern: RegExp, answer: (url: URL, body: unknown) => [number, unknown]];

/** Stubs fetch with the given routes; unknown requests answer 404. Returns the mock to inspect calls. */
export function fakeServer(routes: Route[]) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = init?.method ?? "GET";
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    for (const [m, pattern, answer] of routes) {
      if (m === method && pattern.test(url.pathname)) {
        const [status, payload] = answer(url, body);
        return status === 204 ? new Response(null, { status }) : jsonResponse(status, payload);
      }
    }
    return jsonResponse(404, { code: "NOT_FOUND", detail: "" });
  });
  vi.stubGlobal("fetch", mock);
  return mock;
}

export function renderInApp(element: ReactNode, path = "/", routePath = "*") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Pages that navigate elsewhere land on an empty route (the test reads the router's location).
  const elsewhere = routePath === "*" ? [] : [{ path: "*", element: null }];
  const router = createMemoryRouter(
    [{ path: routePath, element: <LoginRequiredProvider>{element}</LoginRequiredProvider> }, ...elsewhere],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, client };
}
