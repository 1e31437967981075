import { LOG } from "@moviepedia/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/tokens";
import { fetchBlockedIds, fetchFollowers, fetchUserProfile } from "./profile-api";

afterEach(() => vi.unstubAllGlobals());

describe("member fetch helpers", () => {
  it("return null, [] and [] when the server refuses, logging SPEC §8's lines", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(403, { code: "FORBIDDEN", detail: "" })),
    );
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(fetchUserProfile(3)).resolves.toBeNull();
    await expect(fetchFollowers(3)).resolves.toEqual([]);
    await expect(fetchBlockedIds(3)).resolves.toEqual([]);
    expect(log.mock.calls.map((call) => call[0])).toEqual([LOG.userDetails, LOG.followerList, LOG.blockedList]);
    log.mockRestore();
  });

  it("unwrap the blocked-user id list", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(200, { id: [4, 9] })),
    );
    await expect(fetchBlockedIds(3)).resolves.toEqual([4, 9]);
  });
});
