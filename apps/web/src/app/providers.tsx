import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { createQueryClient, resetQueriesOnMemberChange } from "./query-client";

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  useEffect(() => resetQueriesOnMemberChange(client), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
