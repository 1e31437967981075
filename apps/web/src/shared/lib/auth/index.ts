export { authStore } from "../session";
export type { AuthState } from "./auth-store";
export { useAuth } from "./use-auth";
export { rememberReturnPath, takeReturnPath } from "./return-path";
export { STORAGE_KEYS } from "./storage";
