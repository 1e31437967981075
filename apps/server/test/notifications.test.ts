// Notifications (issue #21): every type, grouping of likes within a day, unlike/delete, blocks both ways, self
// actions, account deletion, read marks, retention, and that a rolled-back action leaves no notification.
import type { Notification } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupNotifications } from "../src/modules/notifications/cleanup.js";
import { toggleLike } from "../src/modules/shared/likes.js";
import { inTransaction } from "../src/lib/transaction.js";
import { JSON_HEADERS } from "./helpers/auth.js";
import { readCacheStats } from "../src/cache/index.js";
import { countRows, createTestContext, dialectUnderTest, type TestContext } from "./helpers/context.js";
import {
  createCollection,
  createMember,
  createMovie,
  createReply,
  createReview,
  injectAs,
  type TestMember,
} from "./helpers/factories.js";

let ctx: TestContext;
let movieId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  movieId = (await createMovie(ctx, { title: "알림 테스트 영화" })).id;
});
afterAll(async () => ctx.close());

async function list(who: TestMember, query = ""): Promise<Notification[]> {
  const res = await injectAs(ctx, who)({ method: "GET", url: `/api/notifications${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function unread(who: TestMember): Promise<number> {
  const res = await injectAs(ctx, who)({ method: "GET", url: "/api/notifications/unread_count" });
  expect(res.statusCode).toBe(200);
  return res.json().count;
}

const call = (who: TestMember, method: "POST" | "PATCH" | "DELETE" | "PUT", url: string, payload?: object) =>
  injectAs(ctx, who)({ method, url, ...(payload !== undefined ? { payload, headers: JSON_HEADERS } : {}) });

async function ok(promise: ReturnType<typeof call>) {
  const res = await promise;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

/** A fresh author with a written review of a fresh film. */
async function authorWithReview() {
  const author = await createMember(ctx);
  const film = await createMovie(ctx);
  const review = await createReview(ctx, author, film.id, {
    rating: 4,
    content: "정말 좋은 영화였어요. 다시 보고 싶네요.",
  });
  return { author, review, film };
}

describe("each notification type", () => {
  it("follow: the followee hears of it, with the follower as actor; an unfollow takes it back", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    await ok(call(b, "POST", `/api/users/follow/${a.id}`));
    const [item] = await list(a);
    expect(item).toMatchObject({
      type: "follow",
      actors: [{ id: b.id, username: b.username }],
      actor_count: 1,
      target: { kind: "user", id: b.id, movie_id: null, collection_id: null, review_id: null, excerpt: null },
      read: false,
    });
    expect(item!.actors[0]!.profile_url).toMatch(/^\/media\/avatar\//);
    expect(await unread(a)).toBe(1);
    await ok(call(b, "DELETE", `/api/users/follow/${b.id === a.id ? 0 : a.id}`));
    expect(await list(a)).toEqual([]);
    expect(await unread(a)).toBe(0);
  });

  it("review_like, reply and reply_like point at the review and the reply", async () => {
    const { author, review, film } = await authorWithReview();
    const fan = await createMember(ctx);
    await ok(call(fan, "PATCH", `/api/reviews/like/${review.id}`));
    const [like] = await list(author);
    expect(like).toMatchObject({
      type: "review_like",
      actors: [{ id: fan.id }],
      target: { kind: "review", id: review.id, movie_id: film.id, review_id: review.id, collection_id: null },
    });
    expect(like!.target.excerpt).toContain("정말 좋은 영화");

    const reply = (
      await ok(call(fan, "POST", `/api/comments/${review.id}`, { content: "저도 그렇게 생각해요!" }))
    ).json();
    const [replied] = await list(author);
    expect(replied).toMatchObject({
      type: "reply",
      actors: [{ id: fan.id }],
      target: {
        kind: "reply",
        id: reply.id,
        movie_id: film.id,
        review_id: review.id,
        excerpt: "저도 그렇게 생각해요!",
      },
    });

    await ok(call(author, "PATCH", `/api/comments/like/${reply.id}`));
    const [replyLike] = await list(fan);
    expect(replyLike).toMatchObject({
      type: "reply_like",
      actors: [{ id: author.id }],
      target: { kind: "reply", id: reply.id, movie_id: film.id, review_id: review.id },
    });
  });

  it("collection_like, collection_comment and collection_comment_like point at the collection", async () => {
    const owner = await createMember(ctx);
    const guest = await createMember(ctx);
    const collection = await createCollection(ctx, owner, { title: "주말에 볼 영화", movieIds: [movieId] });
    await ok(call(guest, "PATCH", `/api/collections/like/${collection.id}`));
    const [liked] = await list(owner);
    expect(liked).toMatchObject({
      type: "collection_like",
      target: { kind: "collection", id: collection.id, collection_id: collection.id, excerpt: "주말에 볼 영화" },
    });

    const comment = (
      await ok(call(guest, "POST", `/api/collection_comments/${collection.id}`, { content: "목록이 멋져요" }))
    ).json();
    const [commented] = await list(owner);
    expect(commented).toMatchObject({
      type: "collection_comment",
      actors: [{ id: guest.id }],
      target: { kind: "collection_comment", id: comment.id, collection_id: collection.id, excerpt: "목록이 멋져요" },
    });

    await ok(call(owner, "PATCH", `/api/collection_comments/like/${comment.id}`));
    const [commentLike] = await list(guest);
    expect(commentLike).toMatchObject({
      type: "collection_comment_like",
      actors: [{ id: owner.id }],
      target: { kind: "collection_comment", id: comment.id, collection_id: collection.id },
    });
  });
});

describe("grouping and taking back", () => {
  it("likes of one target within a day are one item, newest actor first; after a day a new item starts", async () => {
    const { author, review } = await authorWithReview();
    const fans = [await createMember(ctx), await createMember(ctx), await createMember(ctx), await createMember(ctx)];
    for (const fan of fans) {
      await ok(call(fan, "PATCH", `/api/reviews/like/${review.id}`));
      ctx.clock.advance(60);
    }
    let items = await list(author);
    expect(items).toHaveLength(1);
    expect(items[0]!.actor_count).toBe(4);
    expect(items[0]!.actors.map((a) => a.id)).toEqual([fans[3]!.id, fans[2]!.id, fans[1]!.id]);
    expect(await unread(author)).toBe(1);

    // Read, then another like within the day: the same item, unread again and on top.
    await ok(call(author, "POST", "/api/notifications/read", {}));
    expect(await unread(author)).toBe(0);
    const late = await createMember(ctx);
    await ok(call(late, "PATCH", `/api/reviews/like/${review.id}`));
    items = await list(author);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: items[0]!.id, actor_count: 5, read: false });
    expect(items[0]!.actors[0]!.id).toBe(late.id);

    ctx.clock.advance(25 * 3600);
    author.accessToken = (await ctx.services.auth.startSession(author.id)).access_token;
    const nextDay = await createMember(ctx);
    await ok(call(nextDay, "PATCH", `/api/reviews/like/${review.id}`));
    items = await list(author);
    expect(items.map((i) => i.actor_count)).toEqual([1, 5]);
    expect(items[0]!.actors[0]!.id).toBe(nextDay.id);
  });

  it("an unlike shrinks the item, the last unlike removes it", async () => {
    const { author, review } = await authorWithReview();
    const [x, y] = [await createMember(ctx), await createMember(ctx)];
    await ok(call(x, "PATCH", `/api/reviews/like/${review.id}`));
    await ok(call(y, "PATCH", `/api/reviews/like/${review.id}`));
    expect((await list(author))[0]!.actor_count).toBe(2);
    await ok(call(y, "PATCH", `/api/reviews/like/${review.id}`));
    const [item] = await list(author);
    expect(item).toMatchObject({ actor_count: 1, actors: [{ id: x.id }] });
    await ok(call(x, "PATCH", `/api/reviews/like/${review.id}`));
    expect(await list(author)).toEqual([]);
    expect(await unread(author)).toBe(0);
  });

  it("a deleted reply takes its reply and reply_like notifications with it", async () => {
    const { author, review } = await authorWithReview();
    const fan = await createMember(ctx);
    const reply = await createReply(ctx, fan, review.id, "답글");
    await ok(call(author, "PATCH", `/api/comments/like/${reply.id}`));
    expect((await list(author)).map((n) => n.type)).toEqual(["reply"]);
    expect((await list(fan)).map((n) => n.type)).toEqual(["reply_like"]);
    await ok(call(fan, "DELETE", `/api/comments/${reply.id}`));
    expect(await list(author)).toEqual([]);
    expect(await list(fan)).toEqual([]);
  });

  it("a deleted comment on a collection and a deleted collection take theirs", async () => {
    const owner = await createMember(ctx);
    const guest = await createMember(ctx);
    const collection = await createCollection(ctx, owner);
    await ok(call(guest, "PATCH", `/api/collections/like/${collection.id}`));
    const comment = (
      await ok(call(guest, "POST", `/api/collection_comments/${collection.id}`, { content: "좋아요" }))
    ).json();
    expect(await list(owner)).toHaveLength(2);
    await ok(call(guest, "DELETE", `/api/collection_comments/${comment.id}`));
    expect((await list(owner)).map((n) => n.type)).toEqual(["collection_like"]);
    await ok(call(owner, "DELETE", `/api/collections/${collection.id}`));
    expect(await list(owner)).toEqual([]);
  });

  it("a review emptied or deleted by its author leaves no like notification", async () => {
    const author = await createMember(ctx);
    const film = await createMovie(ctx);
    const review = await createReview(ctx, author, film.id, { rating: 3 });
    const fan = await createMember(ctx);
    await ok(call(fan, "PATCH", `/api/reviews/like/${review.id}`));
    expect(await unread(author)).toBe(1);
    await ok(call(author, "PUT", `/api/reviews/movie/${film.id}/mine`, { rating: 0 }));
    expect(await list(author)).toEqual([]);
    expect(await unread(author)).toBe(0);
    // Brought back (same id, API.md §4.5): the likes went with the emptying, and so did their notification.
    await ok(call(author, "PUT", `/api/reviews/movie/${film.id}/mine`, { rating: 4 }));
    expect(await list(author)).toEqual([]);
  });
});

describe("who is never notified", () => {
  it("nobody hears of their own likes, replies or comments", async () => {
    const { author, review } = await authorWithReview();
    await ok(call(author, "PATCH", `/api/reviews/like/${review.id}`));
    await createReply(ctx, author, review.id, "내 글에 내가 답글");
    const collection = await createCollection(ctx, author);
    await ok(call(author, "PATCH", `/api/collections/like/${collection.id}`));
    await ok(call(author, "POST", `/api/collection_comments/${collection.id}`, { content: "내 컬렉션" }));
    expect(await list(author)).toEqual([]);
  });

  it("blocks in either direction stop notifications, and a block removes what was there", async () => {
    const { author, review } = await authorWithReview();
    const blockedByAuthor = await createMember(ctx);
    const blocker = await createMember(ctx);
    await ok(call(author, "POST", `/api/users/block/${blockedByAuthor.id}`));
    await ok(call(blocker, "POST", `/api/users/block/${author.id}`));
    for (const member of [blockedByAuthor, blocker]) {
      await ok(call(member, "PATCH", `/api/reviews/like/${review.id}`));
      await createReply(ctx, member, review.id, "차단 중 답글");
      await ok(call(member, "POST", `/api/users/follow/${author.id}`));
    }
    expect(await list(author)).toEqual([]);

    // Notifications from before a block go with it, both ways.
    const later = await createMember(ctx);
    const laterReview = await createReview(ctx, later, movieId, { rating: 5, content: "나중 리뷰" });
    await ok(call(later, "PATCH", `/api/reviews/like/${review.id}`));
    await ok(call(author, "PATCH", `/api/reviews/like/${laterReview.id}`));
    expect(await list(author)).toHaveLength(1);
    expect(await list(later)).toHaveLength(1);
    await ok(call(author, "POST", `/api/users/block/${later.id}`));
    expect(await list(author)).toEqual([]);
    expect(await list(later)).toEqual([]);
  });
});

describe("account deletion", () => {
  it("removes the member's notifications and their part in everyone else's", async () => {
    const { author, review } = await authorWithReview();
    const leaving = await createMember(ctx);
    const staying = await createMember(ctx);
    await ok(call(leaving, "PATCH", `/api/reviews/like/${review.id}`));
    await ok(call(staying, "PATCH", `/api/reviews/like/${review.id}`));
    await ok(call(leaving, "POST", `/api/users/follow/${author.id}`));
    await ok(call(author, "POST", `/api/users/follow/${leaving.id}`));
    expect(await list(author)).toHaveLength(2);

    await ok(call(leaving, "DELETE", "/api/users/me", { login_password: leaving.password }));
    const items = await list(author);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: "review_like", actor_count: 1, actors: [{ id: staying.id }] });
    const rows = await ctx.db.selectFrom("notifications").select("id").where("recipient_id", "=", leaving.id).execute();
    expect(rows).toEqual([]);
    const actorRows = await ctx.db
      .selectFrom("notification_actors")
      .select("notification_id")
      .where("actor_id", "=", leaving.id)
      .execute();
    expect(actorRows).toEqual([]);
  });
});

describe("transactions", () => {
  it("an action that rolls back leaves no notification", async () => {
    const { author, review } = await authorWithReview();
    const fan = await createMember(ctx);
    const before = await countRows(ctx, "notifications");
    await expect(
      inTransaction(ctx.db, async (trx) => {
        await toggleLike(trx, "review_likes", fan.id, review.id, ctx.clock.now());
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await countRows(ctx, "notifications")).toBe(before);
    expect(await list(author)).toEqual([]);
  });
});

describe("GET /api/notifications, unread_count and POST read", () => {
  it("answers windows of 20 by default, newest change first, at most 100", async () => {
    const star = await createMember(ctx);
    for (let i = 0; i < 23; i++) {
      const fan = await createMember(ctx);
      await ok(call(fan, "POST", `/api/users/follow/${star.id}`));
      ctx.clock.advance(1);
    }
    const first = await list(star);
    expect(first).toHaveLength(20);
    const rest = await list(star, "?begin=20");
    expect(rest).toHaveLength(3);
    expect(new Set([...first, ...rest].map((n) => n.id)).size).toBe(23);
    expect(first[0]!.created_at >= first[19]!.created_at).toBe(true);
    expect(await list(star, "?begin=0&end=500")).toHaveLength(23);
    expect(await unread(star)).toBe(23);

    // Some by id (others' ids and unknown ids are ignored), then all.
    const other = await createMember(ctx);
    await ok(call(other, "POST", `/api/users/follow/${star.id}`));
    const res = await call(other, "POST", "/api/notifications/read", {
      ids: [first[0]!.id, first[1]!.id, 999999999999],
    });
    expect(res.statusCode).toBe(204);
    expect(await unread(star)).toBe(24);
    await ok(call(star, "POST", "/api/notifications/read", { ids: [first[0]!.id, first[1]!.id] }));
    expect(await unread(star)).toBe(22);
    expect(
      (await list(star))
        .filter((n) => n.read)
        .map((n) => n.id)
        .sort(),
    ).toEqual([first[0]!.id, first[1]!.id].sort());
    const bodiless = await injectAs(ctx, star)({ method: "POST", url: "/api/notifications/read" });
    expect(bodiless.statusCode).toBe(204);
    expect(await unread(star)).toBe(0);
  });

  it("refuses anonymous callers, bad windows and bad bodies", async () => {
    const member = await createMember(ctx);
    for (const url of ["/api/notifications", "/api/notifications/unread_count"]) {
      const res = await ctx.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("AUTH_REQUIRED");
    }
    expect((await ctx.app.inject({ method: "POST", url: "/api/notifications/read" })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: "POST", url: "/api/notifications/ticket" })).statusCode).toBe(401);
    const range = await injectAs(ctx, member)({ method: "GET", url: "/api/notifications?begin=-1" });
    expect(range.json().code).toBe("INVALID_RANGE");
    for (const payload of [{ ids: "1" }, { ids: [1.5] }, { ids: [-1] }, { ids: ["1"] }]) {
      const res = await call(member, "POST", "/api/notifications/read", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("INVALID_FIELD");
    }
    const text = await injectAs(
      ctx,
      member,
    )({
      method: "POST",
      url: "/api/notifications/read",
      payload: "ids",
      headers: { "content-type": "text/plain" },
    });
    expect(text.statusCode).toBe(415);
  });
});

describe("the kept list", () => {
  it("stays kept through others' activity and shows every change of what it quotes", async () => {
    const { author, review, film } = await authorWithReview();
    const [fan, other] = [await createMember(ctx), await createMember(ctx)];
    const elsewhere = await authorWithReview();
    await ok(call(fan, "PATCH", `/api/reviews/like/${review.id}`));
    const reply = await createReply(ctx, fan, review.id, "처음 답글");
    const first = await list(author);
    expect(first.map((n) => n.type).sort()).toEqual(["reply", "review_like"]);
    // Someone else's review liked: on SQLite the author's list is a kept answer.
    const hits = () => readCacheStats().find((r) => r.name === "notifications")!.hits;
    const before = hits();
    await ok(call(other, "PATCH", `/api/reviews/like/${elsewhere.review.id}`));
    // The author's own rating of another film: no item points at that review.
    await ok(call(author, "PUT", `/api/reviews/movie/${elsewhere.film.id}/mine`, { rating: 2 }));
    expect(await list(author)).toEqual(first);
    expect(hits() - before).toBe(dialectUnderTest === "sqlite" ? 1 : 0);
    const excerptOf = async (type: string) => (await list(author)).find((n) => n.type === type)?.target.excerpt;
    // The reply edited, the review edited, the film renamed, the actor renamed, a read mark: each at once.
    await ok(call(fan, "PATCH", `/api/comments/${reply.id}`, { content: "고친 답글" }));
    expect(await excerptOf("reply")).toBe("고친 답글");
    await ok(call(author, "PUT", `/api/reviews/movie/${film.id}/mine`, { content: "고친 리뷰 내용" }));
    expect(await excerptOf("review_like")).toBe("고친 리뷰 내용");
    await ok(call(author, "PUT", `/api/reviews/movie/${film.id}/mine`, { content: "", rating: 4 }));
    await ctx.db.updateTable("movies").set({ title: "바뀐 제목" }).where("id", "=", film.id).execute();
    expect(await excerptOf("review_like")).toBe("바뀐 제목");
    await ok(call(fan, "PATCH", "/api/users/me", { username: "이름바꾼팬" }));
    expect((await list(author))[0]!.actors[0]!.username).toBe("이름바꾼팬");
    await ok(call(author, "POST", "/api/notifications/read", {}));
    expect((await list(author)).every((n) => n.read)).toBe(true);
    // A comment on the author's collection, then the collection renamed.
    const collection = await createCollection(ctx, author, { title: "내 컬렉션" });
    await ok(call(fan, "PATCH", `/api/collections/like/${collection.id}`));
    expect(await excerptOf("collection_like")).toBe("내 컬렉션");
    await ctx.db.updateTable("collections").set({ title: "새 컬렉션 이름" }).where("id", "=", collection.id).execute();
    expect(await excerptOf("collection_like")).toBe("새 컬렉션 이름");
  });
});

describe("retention", () => {
  it("the cleanup deletes notifications untouched for 90 days and expired tickets", async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    await ok(call(b, "POST", `/api/users/follow/${a.id}`));
    const ticket = await ok(call(a, "POST", "/api/notifications/ticket"));
    expect(ticket.json()).toMatchObject({ expires_in: 60 });
    const now = ctx.clock.now();
    await cleanupNotifications(ctx.db, new Date(now.getTime() + 89 * 86_400_000), 90);
    expect(await list(a)).toHaveLength(1);
    await cleanupNotifications(ctx.db, new Date(now.getTime() + 91 * 86_400_000), 90);
    expect(await list(a)).toEqual([]);
    const tickets = await ctx.db
      .selectFrom("notification_tickets")
      .select("user_id")
      .where("user_id", "=", a.id)
      .execute();
    expect(tickets).toEqual([]);
  });
});
