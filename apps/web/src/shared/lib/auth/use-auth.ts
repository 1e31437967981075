import { useSyncExternalStore } from "react";
import { authStore } from "../session";
import type { AuthState } from "./auth-store";

/** The current auth state (SPEC §3 "Auth state"); re-renders on login, logout, refresh and other tabs' changes. */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}
