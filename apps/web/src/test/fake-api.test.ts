import { endpoints } from "@moviepedia/contract";
import { afterEach, describe, expect, it } from "vitest";
import { api } from "../shared/lib/api";
import { aMovie, aReview } from "./factories";
import { fail, fakeServer } from "./fake-api";
import { endSession, signIn } from "./session";
import { ME } from "./tokens";

afterEach(endSession);

describe("fakeServer", () => {
  it("answers an endpoint with its success status and records the call", async () => {
    const server = fakeServer()
      .on(endpoints.users.me, () => ME)
      .on(endpoints.notifications.unreadCount, () => ({ count: 3 }))
      .on(endpoints.notifications.ticket, () => ({ ticket: "t", expires_in: 60 }))
      .on(endpoints.notifications.markRead, () => undefined);
    await signIn();
    expect(await api(endpoints.notifications.unreadCount)).toEqual({ count: 3 });
    expect(await api(endpoints.notifications.ticket)).toEqual({ ticket: "t", expires_in: 60 });
    expect(await api(endpoints.notifications.markRead, { body: { ids: [1, 2] } })).toBeUndefined();
    expect(server.callsTo(endpoints.notifications.markRead).map((c) => c.body)).toEqual([{ ids: [1, 2] }]);
    expect(server.callsTo(endpoints.notifications.ticket)[0]!.headers.get("Authorization")).toMatch(/^Bearer /);
  });

  it("answers failures in the error shape, and unknown requests with 404", async () => {
    fakeServer()
      .on(endpoints.users.me, () => ME)
      .on(endpoints.feed.feed, ({ query }) => (query.get("before") ? fail(400, "INVALID_FIELD", "bad cursor") : []));
    await signIn();
    expect(await api(endpoints.feed.feed, { query: { begin: 0, end: 10 } })).toEqual([]);
    await expect(api(endpoints.feed.feed, { query: { before: "x" } })).rejects.toMatchObject({
      status: 400,
      code: "INVALID_FIELD",
    });
    await expect(api(endpoints.notifications.unreadCount)).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
  });
});

describe("factories", () => {
  it("build whole contract objects and refuse values of the wrong shape", () => {
    expect(aMovie({ id: 1 }).id).toBe(1);
    expect(aReview({ rating: 4.5 }).rating).toBe(4.5);
    expect(() => aReview({ rating: "4" as unknown as number })).toThrow();
  });
});
