import { LOG } from "@moviepedia/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/tokens";
import { fetchListOrEmpty, fetchOrNull } from "./fetch-helpers";

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
});
