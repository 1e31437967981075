// GET /api/notifications/stream over a real port (issue #21): bearer or single-use ticket, unread counts and new
// items pushed as they happen, heartbeats, Last-Event-ID, the per-member and global caps and the idle timeout.
import type { Notification } from "@moviepedia/contract";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, createReview, injectAs, type TestMember } from "./helpers/factories.js";
import { countOf, openSse, type SseConnection } from "./helpers/sse.js";

let ctx: TestContext;
let base: string;
const open: SseConnection[] = [];
beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      NOTIFICATION_STREAM_HEARTBEAT_S: "1",
      NOTIFICATION_STREAMS_PER_MEMBER: "3",
      NOTIFICATION_STREAMS_MAX: "8",
      NOTIFICATION_STREAM_IDLE_TIMEOUT_S: "4",
    },
  });
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const c of open) c.close();
  await ctx.close();
});

async function stream(who: TestMember | null, query = "", headers: Record<string, string> = {}) {
  const connection = await openSse(`${base}/api/notifications/stream${query}`, {
    ...(who ? { authorization: `Bearer ${who.accessToken}` } : {}),
    ...headers,
  });
  open.push(connection);
  return connection;
}

async function ticket(who: TestMember): Promise<string> {
  const res = await injectAs(ctx, who)({ method: "POST", url: "/api/notifications/ticket" });
  expect(res.statusCode).toBe(201);
  return res.json().ticket;
}

const follow = (who: TestMember, target: TestMember) =>
  injectAs(ctx, who)({ method: "POST", url: `/api/users/follow/${target.id}` });

describe("GET /api/notifications/stream", () => {
  it("with a bearer: the unread count at once, then each new item and count as it happens", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    const s = await stream(a);
    expect(s.status).toBe(200);
    expect(s.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(s.headers["cache-control"]).toBe("no-store");
    expect(s.headers["x-content-type-options"]).toBe("nosniff");
    expect(countOf(await s.waitFor((e) => e.event === "unread_count"))).toBe(0);
    expect(s.events[0]).toMatchObject({ retry: "5000" });

    expect((await follow(b, a)).statusCode).toBe(201);
    const pushed = await s.waitFor((e) => e.event === "notification");
    const item = JSON.parse(pushed.data!) as Notification;
    expect(item).toMatchObject({ type: "follow", actors: [{ id: b.id }], read: false });
    expect(pushed.id).toMatch(/^[0-9]+$/);
    await s.waitFor((e) => e.event === "unread_count" && countOf(e) === 1);

    // Reading (in another tab) pushes the new count.
    await injectAs(ctx, a)({ method: "POST", url: "/api/notifications/read" });
    await s.waitFor((e) => e.event === "unread_count" && countOf(e) === 0);
    // A like of the member's review grows one item: pushed again with a newer id.
    const film = await createMovie(ctx);
    const review = await createReview(ctx, a, film.id, { rating: 4, content: "좋아요" });
    await injectAs(ctx, b)({ method: "PATCH", url: `/api/reviews/like/${review.id}` });
    const liked = await s.waitFor((e) => e.event === "notification" && e.data!.includes("review_like"));
    expect(Number(liked.id)).toBeGreaterThan(Number(pushed.id));
    s.close();
  });

  it("sends heartbeats", async () => {
    const a = await createMember(ctx);
    const s = await stream(a);
    await s.waitFor((e) => e.comment === "heartbeat", 4000);
    s.close();
  });

  it("replays what changed after Last-Event-ID (header or query)", async () => {
    const a = await createMember(ctx);
    const [b, c, d] = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
    await follow(b, a);
    const first = await stream(a);
    const seen = await first.waitFor((e) => e.event === "notification" || e.event === "unread_count");
    expect(seen.event).toBe("unread_count");
    first.close();
    const list = await injectAs(ctx, a)({ method: "GET", url: "/api/notifications" });
    expect(list.json()).toHaveLength(1);
    // The seq of b's follow: a stream resuming from it gets only what came after.
    const probe = await stream(a, "", { "last-event-id": "0" });
    const replayed = await probe.waitFor((e) => e.event === "notification");
    probe.close();
    await follow(c, a);
    await follow(d, a);

    const resumed = await stream(a, "", { "last-event-id": replayed.id! });
    await resumed.waitFor((e) => e.event === "unread_count");
    const items = resumed.events
      .filter((e) => e.event === "notification")
      .map((e) => JSON.parse(e.data!) as Notification);
    expect(items.map((n) => n.actors[0]!.id)).toEqual([c.id, d.id]);
    expect(countOf(resumed.events.find((e) => e.event === "unread_count")!)).toBe(3);
    resumed.close();

    const byQuery = await stream(a, `?last_event_id=${replayed.id}`);
    await byQuery.waitFor((e) => e.event === "unread_count");
    expect(byQuery.events.filter((e) => e.event === "notification")).toHaveLength(2);
    byQuery.close();
  });

  it("accepts a ticket once, for EventSource; refuses used, expired and missing credentials", async () => {
    const a = await createMember(ctx);
    const t = await ticket(a);
    const s = await stream(null, `?ticket=${t}`);
    expect(s.status).toBe(200);
    await s.waitFor((e) => e.event === "unread_count");
    s.close();

    const again = await stream(null, `?ticket=${t}`);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.body)).toMatchObject({ code: "INVALID_TOKEN" });

    const old = await ticket(a);
    ctx.clock.advance(61);
    const expired = await stream(null, `?ticket=${old}`);
    expect(expired.status).toBe(401);
    ctx.clock.advance(-61);

    const none = await stream(null);
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body)).toMatchObject({ code: "AUTH_REQUIRED" });
    const bad = await stream(null, "", { authorization: "Bearer nonsense" });
    expect(JSON.parse(bad.body)).toMatchObject({ code: "INVALID_TOKEN" });

    // A ticket of a session that has ended works no more.
    const b = await createMember(ctx);
    const revoked = await ticket(b);
    await injectAs(ctx, b)({ method: "POST", url: "/api/users/logout" });
    expect((await stream(null, `?ticket=${revoked}`)).status).toBe(401);
  });

  it("caps streams per member (3) and per instance, and closes idle streams", async () => {
    const a = await createMember(ctx);
    const streams = [await stream(a), await stream(a), await stream(a)];
    for (const s of streams) expect(s.status).toBe(200);
    const fourth = await stream(a);
    expect(fourth.status).toBe(429);
    expect(JSON.parse(fourth.body)).toMatchObject({ code: "RATE_LIMITED" });
    expect(fourth.headers["retry-after"]).toBe("60");
    streams[0]!.close();
    await streams[0]!.ended;
    await expect.poll(() => ctx.services.notificationStreams.count(a.id)).toBe(2);
    const again = await stream(a);
    expect(again.status).toBe(200);

    // Instance cap 8: a's 3 and five others'.
    const others = [];
    for (let i = 0; i < 5; i++) others.push(await stream(await createMember(ctx)));
    expect(others.every((s) => s.status === 200)).toBe(true);
    const over = await stream(await createMember(ctx));
    expect(over.status).toBe(429);

    // Idle timeout (4 s here): a stream that sent nothing but heartbeats ends by itself.
    await again.ended;
    for (const s of [...streams, ...others]) s.close();
  });
});
