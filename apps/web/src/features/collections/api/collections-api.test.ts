import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/tokens";
import { fetchUserCollections } from "./collections-api";

afterEach(() => vi.unstubAllGlobals());

describe("fetchUserCollections", () => {
  it("asks a window for the posters its cards show, and the whole list for every movie (API.md §4.0)", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, []));
    vi.stubGlobal("fetch", fetchMock);
    await fetchUserCollections(7, { begin: 0, end: 5 });
    await fetchUserCollections(7, null);
    const urls = fetchMock.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(urls).toEqual(["/api/collections/list/7?begin=0&end=5&movies_limit=4", "/api/collections/list/7"]);
  });
});
