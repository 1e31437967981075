// A signed-in member for component tests: the session as the app keeps it, `fetch` answered by the test (the
// member's own record by the helper), and the session ended again after each test.
import { vi } from "vitest";
import { authStore } from "../shared/lib/auth";
import { jsonResponse, makeToken, ME } from "./tokens";

/** Signs ME in with `answer` serving every request but GET /api/users/me; returns the fetch mock. */
export async function signInWithFetch(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  localStorage.setItem("accessToken", makeToken(Math.floor(Date.now() / 1000) + 1800));
  localStorage.setItem("refreshToken", "r");
  localStorage.setItem("user_id", String(ME.id));
  localStorage.setItem("user", JSON.stringify(ME));
  const mock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) =>
    String(url) === "/api/users/me" && (init?.method ?? "GET") === "GET"
      ? jsonResponse(200, ME)
      : answer(String(url), init),
  );
  vi.stubGlobal("fetch", mock);
  await authStore.start();
  return mock;
}

/** Ends the session (its logout answered), restores mocks and globals and clears the stored session. */
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
}
