import { endpoints, LOG } from "@moviepedia/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { aMovie } from "../../../test/factories";
import { fail, fakeServer } from "../../../test/fake-api";
import { api } from "./index";
import { isNotFound, listOrEmpty, orNull, recordOrNull } from "./fetch-helpers";

afterEach(() => vi.unstubAllGlobals());

const movie = (id: number) => api(endpoints.movies.detail, { params: { movie_id: id } });

describe("SPEC §8 fetch helpers", () => {
  it("log the English line and return null on failure", async () => {
    fakeServer().on(endpoints.movies.detail, () => fail(404, "MOVIE_NOT_FOUND"));
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(orNull(movie(9), LOG.movieDetails)).resolves.toBeNull();
    expect(error).toHaveBeenCalledWith(LOG.movieDetails, expect.anything());
    error.mockRestore();
  });

  it("return an empty list for list helpers", async () => {
    fakeServer().on(endpoints.social.followers, () => fail(500, "INTERNAL_ERROR"));
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const followers = api(endpoints.social.followers, { params: { user_id: 1 } });
    await expect(listOrEmpty(followers, LOG.followerList)).resolves.toEqual([]);
    expect(error).toHaveBeenCalledWith(LOG.followerList, expect.anything());
    error.mockRestore();
  });

  it("return the data on success", async () => {
    const follower = { id: 1, username: "친구", profile_url: "/media/avatar/1.svg" };
    fakeServer().on(endpoints.social.followers, () => [follower]);
    const followers = api(endpoints.social.followers, { params: { user_id: 1 } });
    await expect(listOrEmpty(followers, LOG.followerList)).resolves.toEqual([follower]);
    fakeServer().on(endpoints.movies.detail, ({ params }) => aMovie({ id: Number(params.movie_id) }));
    await expect(orNull(movie(9), LOG.movieDetails)).resolves.toMatchObject({ id: 9 });
  });

  it("a page's record: a 404 is thrown (not found, no retry), another failure yields null", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    fakeServer().on(endpoints.movies.detail, () => fail(404, "MOVIE_NOT_FOUND"));
    const missing = await recordOrNull(movie(9), LOG.movieDetails).catch((reason: unknown) => reason);
    expect(isNotFound(missing)).toBe(true);
    fakeServer().on(endpoints.movies.detail, () => fail(500, "INTERNAL_ERROR"));
    await expect(recordOrNull(movie(9), LOG.movieDetails)).resolves.toBeNull();
    expect(error).toHaveBeenCalledWith(LOG.movieDetails, expect.anything());
    error.mockRestore();
  });

  it("a cancelled read still rejects, unlogged (a cancelled query is not a failure)", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const cancelled = Promise.reject(new DOMException("The operation was aborted.", "AbortError"));
    await expect(orNull(cancelled, LOG.movieDetails)).rejects.toMatchObject({ name: "AbortError" });
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
