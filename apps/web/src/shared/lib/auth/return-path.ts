// The path to come back to after logging in (SPEC §4). Session storage survives the social-login round trip.
const KEY = "returnPath";
const AUTH_PAGES = ["/login", "/signup", "/oauth/"];

function isSafe(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !AUTH_PAGES.some((page) => path.startsWith(page));
}

export function rememberReturnPath(path: string): void {
  if (!isSafe(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage can be unavailable (private mode quotas); the redirect then falls back to home.
  }
}

/** The remembered path (or "/"), forgotten once read. */
export function takeReturnPath(): string {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && isSafe(path) ? path : "/";
  } catch {
    return "/";
  }
}
