// The app's one session and one API client, wired together (the client asks the session for tokens; the session
// loads the member through the client).
import { endpoints } from "@moviepedia/contract";
import { createApiClient } from "./api/client";
import { createEndpointCaller } from "./api/endpoint-client";
import { createAuthStore, type LockRunner } from "./auth/auth-store";

function browserLocks(): LockRunner | undefined {
  if (typeof navigator === "undefined" || !navigator.locks) return undefined;
  const locks = navigator.locks;
  return <T>(name: string, task: () => Promise<T>) => locks.request(name, task) as Promise<T>;
}

export const authStore = createAuthStore({
  storage: window.localStorage,
  locks: browserLocks(),
  fetch: (input, init) => window.fetch(input, init),
  loadMe: () => api(endpoints.users.me),
  events: window,
});

export const apiFetch = createApiClient({ session: authStore, fetch: (input, init) => window.fetch(input, init) });

/** Calls one endpoint of the contract's table: `api(endpoints.feed.feed, { query })`. */
export const api = createEndpointCaller(apiFetch);
