// Replies to a review (API.md §4.6; checklist 61, 62, 67): create, edit, delete, like and the two lists, as visitor,
// other member and owner, with the review's comments_count and the reply likes equal to a recount.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import {
  createMember,
  createMovie,
  createReply,
  createReview,
  injectAs,
  type TestMember,
} from "./helpers/factories.js";
import { expectCountersMatchRecount, insertRelation } from "./helpers/review-checks.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const as = (m: TestMember | null | { accessToken: string }) => injectAs(ctx, m);

async function reviewBy(author?: TestMember) {
  const owner = author ?? (await createMember(ctx));
  return createReview(ctx, owner, (await createMovie(ctx)).id, { rating: 4, content: "리뷰" });
}

async function commentsCount(reviewId: number): Promise<number> {
  const res = await as(null)({ method: "GET", url: `/api/reviews/${reviewId}` });
  return res.json().comments_count;
}

describe("POST /api/comments/{review_id}", () => {
  it("creates a full reply (201) and counts it on the review", async () => {
    const [alice, review] = [await createMember(ctx), await reviewBy()];
    const content = "  첫 줄\n둘째 줄  ";
    const res = await as(alice)({ method: "POST", url: `/api/comments/${review.id}`, payload: { content } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      review_id: review.id,
      user_id: alice.id,
      user_name: alice.username,
      profile_url: expect.stringContaining(`/media/avatar/${alice.id}.svg?v=`),
      content,
      like: false,
      likes_count: 0,
      created_at: expect.stringMatching(TIMESTAMP),
    });
    expect(await commentsCount(review.id)).toBe(1);
  });

  it("validates content before looking up the review", async () => {
    const [alice, review] = [await createMember(ctx), await reviewBy()];
    const url = `/api/comments/${review.id}`;
    const cases: Array<[unknown, string]> = [
      [{}, "MISSING_FIELD"],
      [undefined, "MISSING_FIELD"],
      [{ content: null }, "INVALID_FIELD"],
      [{ content: "" }, "INVALID_FIELD"],
      [{ content: " \n\t" }, "INVALID_FIELD"],
      [{ content: 7 }, "INVALID_FIELD"],
      [{ content: "가".repeat(10001) }, "TEXT_TOO_LONG"],
    ];
    for (const [payload, code] of cases) {
      const res = await as(alice)({
        method: "POST",
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code, detail: expect.stringContaining("'content'") });
    }
    const unknown = await as(alice)({ method: "POST", url: "/api/comments/7654321", payload: { content: "?" } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("REVIEW_NOT_FOUND");
    expect((await as(alice)({ method: "POST", url: "/api/comments/7654321", payload: {} })).statusCode).toBe(400);
    expect((await as(null)({ method: "POST", url, payload: { content: "x" } })).json().code).toBe("AUTH_REQUIRED");
    const longest = "😀".repeat(10000);
    const ok = await as(alice)({ method: "POST", url, payload: { content: longest } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().content).toBe(longest);
    expect(await commentsCount(review.id)).toBe(1);
  });
});

describe("PATCH and DELETE /api/comments/{reply_id}", () => {
  it("lets the owner edit (200, caller's like) and refuses others after 400 and 404", async () => {
    const [alice, bob, review] = [await createMember(ctx), await createMember(ctx), await reviewBy()];
    const reply = await createReply(ctx, alice, review.id, "원래 답글");
    await as(alice)({ method: "PATCH", url: `/api/comments/like/${reply.id}` });
    const url = `/api/comments/${reply.id}`;
    expect((await as(null)({ method: "PATCH", url, payload: { content: "x" } })).json().code).toBe("AUTH_REQUIRED");
    expect((await as(bob)({ method: "PATCH", url, payload: { content: "" } })).statusCode).toBe(400);
    const unknown = await as(bob)({ method: "PATCH", url: "/api/comments/5555555", payload: { content: "x" } });
    expect(unknown.json().code).toBe("REPLY_NOT_FOUND");
    const other = await as(bob)({ method: "PATCH", url, payload: { content: "남의 답글" } });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe("NOT_OWNER");

    ctx.clock.advance(120);
    const edited = await as(alice)({ method: "PATCH", url, payload: { content: "고친 답글" } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ ...reply, content: "고친 답글", like: true, likes_count: 1 });
  });

  it("lets the owner delete (204) with the reply's likes, and keeps comments_count true", async () => {
    const [alice, bob, review] = [await createMember(ctx), await createMember(ctx), await reviewBy()];
    const keep = await createReply(ctx, bob, review.id);
    const reply = await createReply(ctx, alice, review.id);
    await as(bob)({ method: "PATCH", url: `/api/comments/like/${reply.id}` });
    const url = `/api/comments/${reply.id}`;
    expect((await as(null)({ method: "DELETE", url })).statusCode).toBe(401);
    const other = await as(bob)({ method: "DELETE", url });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe("NOT_OWNER");
    expect((await as(bob)({ method: "DELETE", url: "/api/comments/99999999999" })).json().code).toBe("REPLY_NOT_FOUND");
    const res = await as(alice)({ method: "DELETE", url, headers: { "content-type": "application/json" } });
    expect(res.statusCode).toBe(204);
    expect(await ctx.db.selectFrom("reply_likes").select("id").where("target_id", "=", reply.id).execute()).toEqual([]);
    expect(await commentsCount(review.id)).toBe(1);
    expect((await as(alice)({ method: "DELETE", url })).statusCode).toBe(404);
    const left = await as(null)({ method: "GET", url: `/api/comments/review/${review.id}` });
    expect(left.json().map((r: { id: number }) => r.id)).toEqual([keep.id]);
    await expectCountersMatchRecount(ctx);
  });
});

describe("PATCH /api/comments/like/{reply_id}", () => {
  it("toggles and returns the full reply with the post-toggle like and likes_count", async () => {
    const [alice, bob, review] = [await createMember(ctx), await createMember(ctx), await reviewBy()];
    const reply = await createReply(ctx, alice, review.id, "좋아요 받을 답글");
    const url = `/api/comments/like/${reply.id}`;
    const on = await as(bob)({ method: "PATCH", url, headers: { "content-type": "application/json" } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ ...reply, like: true, likes_count: 1 });
    expect((await as(alice)({ method: "PATCH", url })).json()).toMatchObject({ like: true, likes_count: 2 });
    expect((await as(bob)({ method: "PATCH", url })).json()).toMatchObject({ like: false, likes_count: 1 });
    expect((await as(null)({ method: "PATCH", url })).json().code).toBe("AUTH_REQUIRED");
    expect((await as(bob)({ method: "PATCH", url: "/api/comments/like/4444444" })).json().code).toBe("REPLY_NOT_FOUND");
    expect((await as(bob)({ method: "PATCH", url: "/api/comments/like/x" })).json().code).toBe("INVALID_FIELD");
    await expectCountersMatchRecount(ctx);
  });
});

describe("GET /api/comments/review/{review_id} and /api/comments/list/{review_id}", () => {
  let review: { id: number };
  let authors: TestMember[];
  let replyIds: number[];
  let blocker: TestMember;

  beforeAll(async () => {
    review = await reviewBy();
    authors = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
    replyIds = [];
    for (const author of [...authors, authors[0]!]) replyIds.push((await createReply(ctx, author, review.id)).id);
    blocker = await createMember(ctx);
    await insertRelation(ctx, "blocks", blocker.id, authors[1]!.id);
    await as(blocker)({ method: "PATCH", url: `/api/comments/like/${replyIds[3]}` });
  });

  const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: number }>).map((r) => r.id);

  it("lists replies oldest first with windows; anonymous like false", async () => {
    const base = `/api/comments/review/${review.id}`;
    const all = await as(null)({ method: "GET", url: base });
    expect(all.statusCode).toBe(200);
    expect(ids(all)).toEqual(replyIds);
    expect((all.json() as Array<{ like: boolean }>).some((r) => r.like)).toBe(false);
    expect(ids(await as(null)({ method: "GET", url: `${base}?begin=1&end=3` }))).toEqual(replyIds.slice(1, 3));
    expect(ids(await as(null)({ method: "GET", url: `${base}?begin=4` }))).toEqual([]);
    expect((await as(null)({ method: "GET", url: `${base}?begin=-2` })).json().code).toBe("INVALID_RANGE");
    expect((await as(null)({ method: "GET", url: "/api/comments/review/3333333" })).json().code).toBe(
      "REVIEW_NOT_FOUND",
    );
    expect((await as(null)({ method: "GET", url: "/api/comments/review/abc" })).json()).toEqual({
      code: "INVALID_FIELD",
      detail: expect.stringContaining("'review_id'"),
    });
    const bad = await as({ accessToken: "bad" })({ method: "GET", url: base });
    expect(bad.statusCode).toBe(200);
    expect(bad.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
  });

  it("hides blocked authors for the blocker only, before windowing; counts include them", async () => {
    const base = `/api/comments/review/${review.id}`;
    const expected = [replyIds[0], replyIds[2], replyIds[3]];
    const mine = await as(blocker)({ method: "GET", url: base });
    expect(ids(mine)).toEqual(expected);
    expect((mine.json() as Array<{ id: number; like: boolean }>).filter((r) => r.like).map((r) => r.id)).toEqual([
      replyIds[3],
    ]);
    expect(ids(await as(blocker)({ method: "GET", url: `/api/comments/list/${review.id}` }))).toEqual(expected);
    expect(ids(await as(blocker)({ method: "GET", url: `${base}?begin=1&end=2` }))).toEqual([replyIds[2]]);
    expect(ids(await as(authors[1]!)({ method: "GET", url: base }))).toEqual(replyIds);
    expect(await commentsCount(review.id)).toBe(4);
  });

  it("requires a bearer on /list and names the reply author by current username", async () => {
    const url = `/api/comments/list/${review.id}`;
    expect((await as(null)({ method: "GET", url })).json().code).toBe("AUTH_REQUIRED");
    expect((await as(blocker)({ method: "GET", url: "/api/comments/list/3333333" })).json().code).toBe(
      "REVIEW_NOT_FOUND",
    );
    const renamed = `renamed_${authors[2]!.id}`;
    await as(authors[2]!)({ method: "PATCH", url: "/api/users/me", payload: { username: renamed } });
    const res = await as(authors[0]!)({ method: "GET", url });
    expect((res.json() as Array<{ user_name: string }>)[2]!.user_name).toBe(renamed);
  });
});
