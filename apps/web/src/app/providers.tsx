import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { createQueryClient, resetQueriesOnMemberChange } from "./query-client";

/** The app's query context; `client` is the app's own (the router's loaders share it), else a fresh one. */
export function Providers({ children, client: given }: { children: ReactNode; client?: QueryClient }) {
  const [client] = useState(() => given ?? createQueryClient());
  useEffect(() => resetQueriesOnMemberChange(client), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
