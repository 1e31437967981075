import { LOG } from "@moviepedia/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeToken, ME } from "../../../test/tokens";
import { ApiError } from "../api/api-error";
import { createAuthStore, type LockRunner, MIN_REFRESH_INTERVAL_MS } from "./auth-store";

const NOW = Date.UTC(2025, 1, 1, 3, 0, 0);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** navigator.locks stand-in: one holder at a time, queued in order. */
function fakeLocks(): LockRunner {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(_name: string, task: () => Promise<T>) => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

function setup(options: { fetch?: typeof fetch; loadMe?: () => Promise<typeof ME>; locks?: LockRunner } = {}) {
  const log = vi.fn();
  const fetchMock = vi.fn(options.fetch ?? (async () => jsonResponse(500, { code: "INTERNAL_ERROR", detail: "" })));
  const store = createAuthStore({
    storage: localStorage,
    fetch: fetchMock,
    loadMe: options.loadMe ?? (async () => ME),
    locks: options.locks,
    log,
    events: window,
  });
  return { store, fetchMock, log };
}

function storeSession(accessToken: string) {
  localStorage.setItem("accessToken", accessToken);
  localStorage.setItem("refreshToken", "refresh-1");
  localStorage.setItem("user_id", "7");
  localStorage.setItem("user", JSON.stringify(ME));
}

function refreshAnswer(accessToken: string) {
  return jsonResponse(200, { access_token: accessToken, refresh_token: "refresh-2", user_id: 7 });
}

const ITEMS = ["user", "accessToken", "refreshToken", "user_id"];
const storedItems = () => ITEMS.map((key) => localStorage.getItem(key));

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe("restore on start", () => {
  it("restores the stored member, tokens and id", async () => {
    storeSession(makeToken(nowSeconds() + 1800));
    const { store, fetchMock } = setup();
    await store.start();
    expect(store.getState()).toMatchObject({ isLoggedIn: true, userId: 7, refreshToken: "refresh-1" });
    expect(store.getState().user?.username).toBe("movie_fan");
    expect(fetchMock).not.toHaveBeenCalled(); // nothing due yet
    store.stop();
  });

  it("stays logged out without a stored token and clears leftovers", async () => {
    localStorage.setItem("user", JSON.stringify(ME));
    const { store } = setup();
    await store.start();
    expect(store.getState().isLoggedIn).toBe(false);
    expect(storedItems()).toEqual([null, null, null, null]);
  });

  it("clears the session when the access token has no payload part", async () => {
    storeSession("not-a-jwt");
    const { store, log } = setup();
    await store.start();
    expect(store.getState().isLoggedIn).toBe(false);
    expect(storedItems()).toEqual([null, null, null, null]);
    expect(log).toHaveBeenCalledWith(LOG.invalidToken, undefined);
  });

  it("drops the session when the refresh token is missing", async () => {
    storeSession(makeToken(nowSeconds() + 1800));
    localStorage.removeItem("refreshToken");
    const { store } = setup();
    await store.start();
    expect(store.getState().isLoggedIn).toBe(false);
    expect(storedItems()).toEqual([null, null, null, null]);
  });

  it("drops the session when the member cannot be fetched", async () => {
    storeSession(makeToken(nowSeconds() + 1800));
    const { store, log } = setup({ loadMe: () => Promise.reject(new ApiError(401, "INVALID_TOKEN", "")) });
    await store.start();
    expect(store.getState().isLoggedIn).toBe(false);
    expect(storedItems()).toEqual([null, null, null, null]);
    expect(log).toHaveBeenCalledWith(LOG.userInfo, expect.any(ApiError));
  });

  it.each([
    [0, "NETWORK_ERROR"],
    [429, "RATE_LIMITED"],
    [500, "INTERNAL_ERROR"],
    [503, "DATABASE_UNAVAILABLE"],
  ])("keeps the session when the member cannot be fetched for a passing reason (%i %s)", async (status, code) => {
    storeSession(makeToken(nowSeconds() + 1800));
    const { store } = setup({ loadMe: () => Promise.reject(new ApiError(status, code, "")) });
    await store.start();
    expect(store.getState().isLoggedIn).toBe(true);
    expect(localStorage.getItem("accessToken")).not.toBeNull();
    store.stop();
  });
});

describe("refresh scheduling", () => {
  it("refreshes 60 seconds before expiry", async () => {
    storeSession(makeToken(nowSeconds() + 600));
    const fresh = makeToken(nowSeconds() + 2400);
    const { store, fetchMock } = setup({ fetch: async () => refreshAnswer(fresh) });
    await store.start();
    await vi.advanceTimersByTimeAsync(539_000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/users/refresh",
      expect.objectContaining({
        credentials: "same-origin",
        headers: expect.objectContaining({ "Content-Type": "application/json" }),
      }),
    );
    expect(store.getState().accessToken).toBe(fresh);
    expect(localStorage.getItem("accessToken")).toBe(fresh);
    expect(localStorage.getItem("refreshToken")).toBe("refresh-2");
    store.stop();
  });

  it("refreshes at once when the stored token has already expired", async () => {
    storeSession(makeToken(nowSeconds() - 10));
    const fresh = makeToken(nowSeconds() + 1800);
    const { store, fetchMock } = setup({ fetch: async () => refreshAnswer(fresh) });
    await store.start();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ isLoggedIn: true, accessToken: fresh });
    store.stop();
  });

  it("never refreshes a just-received token sooner than the minimum interval", async () => {
    storeSession(makeToken(nowSeconds() - 10));
    // A 1-minute token is due at once (60 s lead) — without the floor this would loop.
    const { store, fetchMock } = setup({ fetch: async () => refreshAnswer(makeToken(nowSeconds() + 60)) });
    await store.start();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MIN_REFRESH_INTERVAL_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    store.stop();
  });
});

describe("one refresh at a time", () => {
  it("shares one refresh between concurrent callers in a tab", async () => {
    storeSession(makeToken(nowSeconds() + 1800));
    let answer: (response: Response) => void = () => undefined;
    const { store, fetchMock } = setup({ fetch: () => new Promise((resolve) => (answer = resolve)) });
    await store.start();
    const first = store.refresh();
    const second = store.refresh();
    const fresh = makeToken(nowSeconds() + 3600);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    answer(refreshAnswer(fresh));
    expect(await first).toBe(fresh);
    expect(await second).toBe(fresh);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    store.stop();
  });

  it("lets the second tab take the first tab's tokens instead of refreshing again", async () => {
    storeSession(makeToken(nowSeconds() - 5));
    const locks = fakeLocks();
    const fresh = makeToken(nowSeconds() + 1800);
    const tabA = setup({ locks, fetch: async () => refreshAnswer(fresh) });
    const tabB = setup({ locks, fetch: async () => refreshAnswer(makeToken(nowSeconds() + 1801)) });
    await Promise.all([tabA.store.start(), tabB.store.start()]);
    expect(tabA.fetchMock.mock.calls.length + tabB.fetchMock.mock.calls.length).toBe(1);
    expect(tabA.store.getState().accessToken).toBe(fresh);
    expect(tabB.store.getState().accessToken).toBe(fresh);
    expect(tabB.store.getState().isLoggedIn).toBe(true);
    tabA.store.stop();
    tabB.store.stop();
  });

  it("renews after a rejection only when the rejected token is still the current one", async () => {
    const current = makeToken(nowSeconds() + 1800);
    storeSession(current);
    const fresh = makeToken(nowSeconds() + 3600);
    const { store, fetchMock } = setup({ fetch: async () => refreshAnswer(fresh) });
    await store.start();
    expect(await store.renewAfterRejection("an-older-token")).toBe(current);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await store.renewAfterRejection(current)).toBe(fresh);
    store.stop();
  });
});

describe("dropping the session", () => {
  it("drops the session and logs when the refresh fails", async () => {
    storeSession(makeToken(nowSeconds() - 5));
    const { store, log } = setup({
      fetch: async () => jsonResponse(401, { code: "REFRESH_TOKEN_REUSED", detail: "" }),
    });
    await store.start();
    expect(store.getState().isLoggedIn).toBe(false);
    expect(storedItems()).toEqual([null, null, null, null]);
    expect(log).toHaveBeenCalledWith(LOG.refreshToken, 401);
  });

  it("keeps the session and retries later when the refresh gets no answer", async () => {
    storeSession(makeToken(nowSeconds() + 1800));
    const { store } = setup({ fetch: () => Promise.reject(new TypeError("Failed to fetch")) });
    await store.start();
    expect(await store.refresh()).toBeNull();
    expect(store.getState().isLoggedIn).toBe(true);
    store.stop();
  });

  it("logs out: POST /api/users/logout, then the four items are gone", async () => {
    const token = makeToken(nowSeconds() + 1800);
    storeSession(token);
    const { store, fetchMock } = setup({ fetch: async () => new Response(null, { status: 204 }) });
    await store.start();
    await store.logout();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/users/logout",
      expect.objectContaining({ method: "POST", headers: { Authorization: `Bearer ${token}` } }),
    );
    expect(store.getState().isLoggedIn).toBe(false);
    expect(storedItems()).toEqual([null, null, null, null]);
  });
});

describe("login and other tabs", () => {
  it("keeps the tokens, then fetches and stores the member", async () => {
    const { store } = setup();
    const token = makeToken(nowSeconds() + 1800);
    const me = await store.completeLogin({ access_token: token, refresh_token: "r", user_id: 7 });
    expect(me?.id).toBe(7);
    expect(storedItems()).toEqual([JSON.stringify(ME), token, "r", "7"]);
    store.stop();
  });

  it("keeps a new session whose member fetch got no answer (a page navigating away), drops one the server refuses", async () => {
    const token = makeToken(nowSeconds() + 1800);
    const offline = setup({ loadMe: () => Promise.reject(new ApiError(0, "NETWORK_ERROR", "Failed to fetch")) });
    await offline.store.completeLogin({ access_token: token, refresh_token: "r", user_id: 7 });
    expect(offline.store.getState().isLoggedIn).toBe(true);
    expect(localStorage.getItem("accessToken")).toBe(token);
    offline.store.stop();
    localStorage.clear();
    const refused = setup({ loadMe: () => Promise.reject(new ApiError(401, "INVALID_TOKEN", "")) });
    await refused.store.completeLogin({ access_token: token, refresh_token: "r", user_id: 7 });
    expect(refused.store.getState().isLoggedIn).toBe(false);
    expect(localStorage.getItem("accessToken")).toBeNull();
    refused.store.stop();
  });

  it("follows another tab's logout and refresh through storage events", async () => {
    storeSession(makeToken(nowSeconds() + 1800));
    const { store } = setup();
    await store.start();
    const fresh = makeToken(nowSeconds() + 3600);
    localStorage.setItem("accessToken", fresh);
    window.dispatchEvent(new StorageEvent("storage", { key: "accessToken", storageArea: localStorage }));
    expect(store.getState().accessToken).toBe(fresh);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent("storage", { key: null, storageArea: localStorage }));
    expect(store.getState().isLoggedIn).toBe(false);
    store.stop();
  });
});
