// Live notifications across instances (issue #21): two server processes on one PostgreSQL schema and one Redis; a
// like through instance A reaches a stream held open on instance B through Redis pub/sub, and a ticket issued by one
// instance opens a stream on the other. PostgreSQL pass only, like two-instances.test.ts.
import { randomBytes } from "node:crypto";
import type { Notification } from "@moviepedia/contract";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationNews } from "../src/modules/notifications/bus.js";
import { createTestContext, dialectUnderTest, TEST_DATABASE_URL } from "./helpers/context.js";
import { createMember } from "./helpers/factories.js";
import { api, freshPostgresSchema, NO_LIMITS, type ServerProcess, startServer } from "./helpers/server-process.js";
import { countOf, openSse } from "./helpers/sse.js";
import { type LoadMember, newMember } from "./helpers/write-load.js";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("without REDIS_URL", () => {
  it("news goes through this process's bus, after the commit", async () => {
    const ctx = await createTestContext();
    try {
      const [x, y] = [await createMember(ctx), await createMember(ctx)];
      const heard: NotificationNews[] = [];
      const stop = ctx.services.notifications.bus.subscribe(x.id, (news) => heard.push(news));
      await ctx.services.social.follow(y.id, x.id);
      await expect.poll(() => heard.length).toBe(1);
      expect(heard[0]).toMatchObject({ userId: x.id, notificationId: expect.any(Number) });
      stop();
    } finally {
      await ctx.close();
    }
  });
});

if (dialectUnderTest === "postgres")
  describe("notifications across two instances (PostgreSQL + Redis)", () => {
    const prefix = `mp:test:notify:${randomBytes(6).toString("hex")}:`;
    let schema: Awaited<ReturnType<typeof freshPostgresSchema>>;
    let a: ServerProcess;
    let b: ServerProcess;
    let author: LoadMember;
    let fan: LoadMember;

    beforeAll(async () => {
      schema = await freshPostgresSchema(TEST_DATABASE_URL!);
      const shared = { ...NO_LIMITS, DATABASE_URL: schema.url, REDIS_URL, REDIS_KEY_PREFIX: prefix };
      a = await startServer(shared);
      b = await startServer(shared);
      author = await newMember(b.url);
      fan = await newMember(a.url);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await schema?.drop();
    });

    it("a like on instance A reaches a stream on instance B within a second", async () => {
      const movies = (await api(a.url, "GET", "/api/movies?begin=0&end=1")).body as Array<{ id: number }>;
      const written = await api(a.url, "PUT", `/api/reviews/movie/${movies[0]!.id}/mine`, {
        token: author.token,
        body: { rating: 4, content: "두 서버 테스트" },
      });
      expect(written.status).toBe(201);
      const reviewId = (written.body as { id: number }).id;

      // The ticket comes from A, the stream is opened on B: tickets live in the shared database.
      const ticket = await api(a.url, "POST", "/api/notifications/ticket", { token: author.token });
      expect(ticket.status).toBe(201);
      const stream = await openSse(
        `${b.url}/api/notifications/stream?ticket=${(ticket.body as { ticket: string }).ticket}`,
      );
      expect(stream.status).toBe(200);
      expect(countOf(await stream.waitFor((e) => e.event === "unread_count"))).toBe(0);

      const liked = await api(a.url, "PATCH", `/api/reviews/like/${reviewId}`, { token: fan.token });
      expect(liked.status).toBe(200);
      const event = await stream.waitFor((e) => e.event === "notification", 1000);
      expect(JSON.parse(event.data!) as Notification).toMatchObject({
        type: "review_like",
        actors: [{ id: fan.id }],
        target: { kind: "review", id: reviewId },
      });
      await stream.waitFor((e) => e.event === "unread_count" && countOf(e) === 1, 1000);

      // Reading through A updates the count on B's stream too.
      expect((await api(a.url, "POST", "/api/notifications/read", { token: author.token, body: {} })).status).toBe(204);
      await stream.waitFor((e) => e.event === "unread_count" && countOf(e) === 0, 1000);
      stream.close();
    });
  });
