import type { QueryClient } from "@tanstack/react-query";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./providers";
import { createQueryClient } from "./query-client";
import { createRoutes } from "./routes";

let app: { client: QueryClient; router: ReturnType<typeof createBrowserRouter> } | undefined;

/** The one query client and the router whose loaders start page data with it. Made at the first render, after
 * main.tsx restored the stored session, so those first requests already carry the member's token. */
function theApp() {
  if (!app) {
    const client = createQueryClient();
    app = { client, router: createBrowserRouter(createRoutes(client)) };
  }
  return app;
}

export function App() {
  const { client, router } = theApp();
  return (
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>
  );
}
