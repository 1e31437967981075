import { describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/tokens";
import { ApiError } from "./api-error";
import { createApiClient, type SessionPort, withQuery } from "./client";

function session(token: string | null, renewed: string | null = "fresh-token") {
  return {
    getAccessToken: vi.fn(() => token),
    renewAfterRejection: vi.fn(async () => renewed),
  } satisfies SessionPort;
}

const authHeader = (call: unknown[] | undefined) =>
  ((call?.[1] as RequestInit | undefined)?.headers as Record<string, string> | undefined)?.Authorization;

describe("apiFetch", () => {
  it("sends the bearer and a JSON body, and parses the answer", async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => jsonResponse(201, { id: 3 }));
    const apiFetch = createApiClient({ session: session("token-1"), fetch: fetchMock });
    await expect(apiFetch("/api/things", { method: "POST", body: { a: 1 } })).resolves.toEqual({ id: 3 });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.headers).toMatchObject({ Authorization: "Bearer token-1", "Content-Type": "application/json" });
    expect(init.body).toBe('{"a":1}');
  });

  it("never sends the bearer to auth-none endpoints", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, {}));
    const apiFetch = createApiClient({ session: session("token-1"), fetch: fetchMock });
    await apiFetch("/api/users/signin", { method: "POST", body: {}, auth: "none" });
    expect(authHeader(fetchMock.mock.calls[0])).toBeUndefined();
  });

  it("throws an ApiError with status and code", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(404, { code: "MOVIE_NOT_FOUND", detail: "No movie." }));
    const apiFetch = createApiClient({ session: session(null), fetch: fetchMock });
    await expect(apiFetch("/api/movies/9")).rejects.toMatchObject({ status: 404, code: "MOVIE_NOT_FOUND" });
  });

  it("refuses a required call without a token, without asking the server", async () => {
    const fetchMock = vi.fn();
    const apiFetch = createApiClient({ session: session(null), fetch: fetchMock });
    await expect(apiFetch("/api/users/me", { auth: "required" })).rejects.toMatchObject({ code: "AUTH_REQUIRED" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refreshes and retries once after a 401 TOKEN_EXPIRED", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(401, { code: "TOKEN_EXPIRED", detail: "" }))
      .mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    const port = session("old-token");
    const apiFetch = createApiClient({ session: port, fetch: fetchMock });
    await expect(apiFetch("/api/users/me", { auth: "required" })).resolves.toEqual({ ok: true });
    expect(port.renewAfterRejection).toHaveBeenCalledWith("old-token");
    expect(authHeader(fetchMock.mock.calls[1])).toBe("Bearer fresh-token");
  });

  it("gives up after one retry", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(401, { code: "INVALID_TOKEN", detail: "" }));
    const apiFetch = createApiClient({ session: session("old-token"), fetch: fetchMock });
    await expect(apiFetch("/api/users/me", { auth: "required" })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("does not refresh on other 401s (wrong credentials)", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(401, { code: "INVALID_CREDENTIALS", detail: "" }));
    const port = session("token");
    const apiFetch = createApiClient({ session: port, fetch: fetchMock });
    await expect(apiFetch("/api/users/me/x", { method: "DELETE" })).rejects.toMatchObject({ status: 401 });
    expect(port.renewAfterRejection).not.toHaveBeenCalled();
  });

  it("refetches an optional-auth answer that says the bearer was ignored", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(200, { like: false }, { "WWW-Authenticate": 'Bearer error="invalid_token"' }))
      .mockResolvedValueOnce(jsonResponse(200, { like: true }));
    const apiFetch = createApiClient({ session: session("old-token"), fetch: fetchMock });
    await expect(apiFetch("/api/reviews/1")).resolves.toEqual({ like: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("keeps the anonymous answer when the refresh fails", async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, { like: false }, { "WWW-Authenticate": 'Bearer error="invalid_token"' }),
    );
    const apiFetch = createApiClient({ session: session("old-token", null), fetch: fetchMock });
    await expect(apiFetch("/api/reviews/1")).resolves.toEqual({ like: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("turns a failed connection into a status-0 ApiError", async () => {
    const apiFetch = createApiClient({ session: session(null), fetch: vi.fn().mockRejectedValue(new TypeError("x")) });
    await expect(apiFetch("/api/movies")).rejects.toMatchObject({ status: 0, isNetworkError: true });
  });

  it("turns an answer whose body cannot be read whole into a status-0 ApiError", async () => {
    const cut = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id": 1, "user'));
            controller.error(new TypeError("network error"));
          },
        }),
        { status: 200, headers: { "Content-Type": "application/json" } },
      );
    const truncated = () => new Response('{"id": 1, "user', { status: 200 });
    for (const answer of [cut, truncated]) {
      const apiFetch = createApiClient({ session: session("t"), fetch: vi.fn(async () => answer()) });
      await expect(apiFetch("/api/users/me")).rejects.toMatchObject({ status: 0, isNetworkError: true });
    }
  });

  it("answers 204 with undefined", async () => {
    const apiFetch = createApiClient({
      session: session("t"),
      fetch: vi.fn(async () => new Response(null, { status: 204 })),
    });
    await expect(apiFetch("/api/users/logout", { method: "POST" })).resolves.toBeUndefined();
  });
});

describe("withQuery", () => {
  it("drops empty values and encodes the rest", () => {
    expect(withQuery("/api/search", { search_q: "괴물 2", begin: 0, end: undefined, x: null })).toBe(
      "/api/search?search_q=%EA%B4%B4%EB%AC%BC+2&begin=0",
    );
  });
});
