// What other modules use of auth.
export { REFRESH_COOKIE, clearRefreshCookie, setRefreshCookie } from "./cookies.js";
export { type AuthService } from "./service.js";
export { isSessionLive } from "./repository.js";
