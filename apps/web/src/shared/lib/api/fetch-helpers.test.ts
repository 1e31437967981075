import { LOG } from "@moviepedia/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/tokens";
import { fetchListOrEmpty, fetchOrNull, fetchRecordOrNull, isNotFound } from "./fetch-helpers";

afterEach(() => vi.unstubAllGlobals());

describe("SPEC §8 fetch helpers", () => {
  it("log the English line and return null on failure", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(404, { code: "MOVIE_NOT_FOUND", detail: "" })),
    );
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(fetchOrNull("/api/movies/9", LOG.movieDetails)).resolves.toBeNull();
    expect(error).toHaveBeenCalledWith(LOG.movieDetails, expect.anything());
    error.mockRestore();
  });

  it("return an empty list for list helpers", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(500, { code: "INTERNAL_ERROR", detail: "" })),
    );
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(fetchListOrEmpty("/api/users/followers/1", LOG.followerList)).resolves.toEqual([]);
    expect(error).toHaveBeenCalledWith(LOG.followerList, expect.anything());
    error.mockRestore();
  });

  it("return the data on success", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(200, [{ id: 1 }])),
    );
    await expect(fetchListOrEmpty("/api/users/followers/1", LOG.followerList)).resolves.toEqual([{ id: 1 }]);
  });

  it("a page's record: a 404 is thrown (not found, no retry), another failure yields null", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(404, { code: "MOVIE_NOT_FOUND", detail: "" })),
    );
    const missing = await fetchRecordOrNull("/api/movies/9", LOG.movieDetails).catch((reason: unknown) => reason);
    expect(isNotFound(missing)).toBe(true);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(500, { code: "INTERNAL_ERROR", detail: "" })),
    );
    await expect(fetchRecordOrNull("/api/movies/9", LOG.movieDetails)).resolves.toBeNull();
    expect(error).toHaveBeenCalledWith(LOG.movieDetails, expect.anything());
    error.mockRestore();
  });
});
