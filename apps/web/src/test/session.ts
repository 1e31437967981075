// A signed-in member for component tests: the session as the app keeps it, `fetch` answered by the test (the
// member's own record by the helper, or by the test's fake server), and the session ended again after each test.
import { vi } from "vitest";
import { authStore } from "../shared/lib/auth";
import { jsonResponse, makeToken, ME } from "./tokens";

/**
 * Signs ME in: the session stored as the app keeps it (an access token valid for 30 minutes, a refresh token, the
 * member) and the auth store started on it. The test's `fetch` answers GET /api/users/me (`signInWithFetch` does).
 */
export async function signIn(): Promise<void> {
  localStorage.setItem("accessToken", makeToken(Math.floor(Date.now() / 1000) + 1800));
  localStorage.setItem("refreshToken", "r");
  localStorage.setItem("user_id", String(ME.id));
  localStorage.setItem("user", JSON.stringify(ME));
  await authStore.start();
}

/** Signs ME in with `answer` serving every request but GET /api/users/me; returns the fetch mock. */
export async function signInWithFetch(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const mock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) =>
    String(url) === "/api/users/me" && (init?.method ?? "GET") === "GET"
      ? jsonResponse(200, ME)
      : answer(String(url), init),
  );
  vi.stubGlobal("fetch", mock);
  await signIn();
  return mock;
}

/**
 * Ends the session (its logout answered), so the app's one session never leaks into the next test; restores mocks
 * and globals and clears both storages (the stored session and the login's return path).
 */
export async function endSession(): Promise<void> {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(null, { status: 204 })),
  );
  await authStore.logout();
  authStore.stop();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
}
