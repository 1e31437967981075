// Concurrency (issue 4 "Checked by", DESIGN "Data rules"): many members writing the same movie, review and reply at
// once end with no 500 and every counter equal to a recount; one member's rapid actions lose nothing.
import type { LightMyRequestResponse } from "fastify";
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
import { expectCountersMatchRecount, movieCounters } from "./helpers/review-checks.js";

let ctx: TestContext;
let crowd: TestMember[];
beforeAll(async () => {
  ctx = await createTestContext();
  crowd = [];
  for (let i = 0; i < 50; i++) crowd.push(await createMember(ctx));
});
afterAll(async () => ctx.close());

const RATINGS = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5];
const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);

function expectNoServerErrors(responses: LightMyRequestResponse[]): void {
  const failures = responses.filter((r) => r.statusCode >= 500).map((r) => r.body);
  expect(failures).toEqual([]);
}

describe("50 members at once", () => {
  it("rate the same movie and like the same review: counters equal a recount", async () => {
    const movie = await createMovie(ctx);
    const author = await createMember(ctx);
    const review = await createReview(ctx, author, movie.id, { rating: 5, content: "인기 리뷰" });
    const responses = await Promise.all(
      crowd.flatMap((m, i) => [
        injectAs(
          ctx,
          m,
        )({
          method: "PUT",
          url: `/api/reviews/movie/${movie.id}/mine`,
          payload: { rating: RATINGS[i % RATINGS.length], ...(i % 3 === 0 ? { content: `코멘트 ${i}` } : {}) },
        }),
        injectAs(ctx, m)({ method: "PATCH", url: `/api/reviews/like/${review.id}` }),
      ]),
    );
    expectNoServerErrors(responses);
    expect(statuses(responses.filter((_, i) => i % 2 === 0)).every((s) => s === 201)).toBe(true);
    expect(statuses(responses.filter((_, i) => i % 2 === 1)).every((s) => s === 200)).toBe(true);

    const counters = await movieCounters(ctx, movie.id);
    const sum = 50 + crowd.reduce((s, _, i) => s + RATINGS[i % RATINGS.length]! * 10, 0);
    expect(counters).toEqual({
      ratingSum: sum,
      ratingsCount: 51,
      reviewsCount: 1 + 17,
      average: Math.round(sum / 51) / 10,
    });
    const served = await injectAs(ctx, null)({ method: "GET", url: `/api/reviews/${review.id}` });
    expect(served.json().likes_count).toBe(50);
    await expectCountersMatchRecount(ctx);

    // And all take their like back at once.
    const undo = await Promise.all(
      crowd.map((m) => injectAs(ctx, m)({ method: "PATCH", url: `/api/reviews/like/${review.id}` })),
    );
    expectNoServerErrors(undo);
    expect(undo.every((r) => r.json().like === false)).toBe(true);
    expect((await injectAs(ctx, null)({ method: "GET", url: `/api/reviews/${review.id}` })).json().likes_count).toBe(0);
    await expectCountersMatchRecount(ctx);
  });

  it("reply to and like replies of one review while its author edits it", async () => {
    const author = await createMember(ctx);
    const review = await createReview(ctx, author, (await createMovie(ctx)).id, { rating: 3, content: "토론" });
    const target = await createReply(ctx, author, review.id, "좋아요 받을 답글");
    const responses = await Promise.all([
      ...crowd.map((m, i) =>
        i % 2 === 0
          ? injectAs(ctx, m)({ method: "POST", url: `/api/comments/${review.id}`, payload: { content: `답글 ${i}` } })
          : injectAs(ctx, m)({ method: "PATCH", url: `/api/comments/like/${target.id}` }),
      ),
      ...[1, 2, 3, 4].map((r) =>
        injectAs(ctx, author)({ method: "PATCH", url: `/api/reviews/${review.id}`, payload: { rating: r } }),
      ),
    ]);
    expectNoServerErrors(responses);
    const after = (await injectAs(ctx, null)({ method: "GET", url: `/api/reviews/${review.id}` })).json();
    expect(after.comments_count).toBe(26);
    await expectCountersMatchRecount(ctx);
  });

  it("race a review delete: likes, replies and reply likes either land first or get 404, never a 500", async () => {
    const author = await createMember(ctx);
    const movie = await createMovie(ctx);
    const review = await createReview(ctx, author, movie.id, { rating: 4, content: "곧 지워질 리뷰" });
    const reply = await createReply(ctx, author, review.id);
    const responses = await Promise.all([
      ...crowd.slice(0, 20).map((m) => injectAs(ctx, m)({ method: "PATCH", url: `/api/reviews/like/${review.id}` })),
      ...crowd
        .slice(20, 35)
        .map((m) =>
          injectAs(ctx, m)({ method: "POST", url: `/api/comments/${review.id}`, payload: { content: "막차" } }),
        ),
      ...crowd.slice(35).map((m) => injectAs(ctx, m)({ method: "PATCH", url: `/api/comments/like/${reply.id}` })),
      injectAs(ctx, author)({ method: "DELETE", url: `/api/reviews/${review.id}` }),
    ]);
    expectNoServerErrors(responses);
    expect(responses.at(-1)!.statusCode).toBe(204);
    expect(responses.every((r) => [200, 201, 204, 404].includes(r.statusCode))).toBe(true);
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ ratingsCount: 0, reviewsCount: 0, ratingSum: 0 });
    await expectCountersMatchRecount(ctx);
  });
});

describe("one member, many requests", () => {
  it("rapid rating + status + comment PUTs lose nothing", async () => {
    const member = crowd[0]!;
    for (let round = 0; round < 5; round++) {
      const movie = await createMovie(ctx);
      const url = `/api/reviews/movie/${movie.id}/mine`;
      const responses = await Promise.all([
        injectAs(ctx, member)({ method: "PUT", url, payload: { rating: 4.5 } }),
        injectAs(ctx, member)({ method: "PUT", url, payload: { status: "Watching" } }),
        injectAs(ctx, member)({ method: "PUT", url, payload: { content: "세 가지 모두", spoiler: true } }),
      ]);
      expectNoServerErrors(responses);
      expect(statuses(responses).sort()).toEqual([200, 200, 201]);
      const mine = (await injectAs(ctx, member)({ method: "GET", url })).json();
      expect(mine).toMatchObject({ rating: 4.5, status: "Watching", content: "세 가지 모두", spoiler: true });
      expect(await movieCounters(ctx, movie.id)).toMatchObject({ average: 4.5, ratingsCount: 1, reviewsCount: 1 });
    }
    await expectCountersMatchRecount(ctx);
  });

  it("concurrent POSTs of one review: exactly one wins, the rest are 409", async () => {
    const member = crowd[1]!;
    const movie = await createMovie(ctx);
    const responses = await Promise.all(
      RATINGS.map((rating) =>
        injectAs(ctx, member)({ method: "POST", url: `/api/reviews/${movie.id}`, payload: { rating } }),
      ),
    );
    expectNoServerErrors(responses);
    expect(statuses(responses).filter((s) => s === 201)).toHaveLength(1);
    expect(statuses(responses).filter((s) => s === 409)).toHaveLength(RATINGS.length - 1);
    expect(responses.filter((r) => r.statusCode === 409).every((r) => r.json().code === "REVIEW_ALREADY_EXISTS")).toBe(
      true,
    );
    const rows = await ctx.db.selectFrom("reviews").select("rating").where("movie_id", "=", movie.id).execute();
    expect(rows).toHaveLength(1);
    await expectCountersMatchRecount(ctx);
  });

  it("concurrent PUTs that set and clear a rating end in one consistent row or none", async () => {
    const member = crowd[2]!;
    const movie = await createMovie(ctx);
    const url = `/api/reviews/movie/${movie.id}/mine`;
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        injectAs(ctx, member)({ method: "PUT", url, payload: { rating: i % 2 === 0 ? 3 : 0 } }),
      ),
    );
    expectNoServerErrors(responses);
    const rows = await ctx.db.selectFrom("reviews").select("id").where("movie_id", "=", movie.id).execute();
    expect(rows.length).toBeLessThanOrEqual(1);
    await expectCountersMatchRecount(ctx);
  });

  it("concurrent POSTs on a hidden review: one revives it under its id (201), the others get 409", async () => {
    const member = crowd[3]!;
    const movie = await createMovie(ctx);
    const review = await createReview(ctx, member, movie.id, { rating: 2 });
    await injectAs(ctx, member)({ method: "PATCH", url: `/api/reviews/${review.id}`, payload: { rating: 0 } });
    const responses = await Promise.all(
      RATINGS.map((rating) =>
        injectAs(ctx, member)({ method: "POST", url: `/api/reviews/${movie.id}`, payload: { rating } }),
      ),
    );
    expectNoServerErrors(responses);
    expect(statuses(responses).sort()).toEqual([201, ...Array<number>(RATINGS.length - 1).fill(409)]);
    expect(responses.find((r) => r.statusCode === 201)!.json().id).toBe(review.id);
    const rows = await ctx.db.selectFrom("reviews").select("id").where("movie_id", "=", movie.id).execute();
    expect(rows).toEqual([{ id: review.id }]);
    expect((await movieCounters(ctx, movie.id)).ratingsCount).toBe(1);
    await expectCountersMatchRecount(ctx);
  });
});

describe("likes and replies racing the owner emptying a review", () => {
  it("end with the review hidden and holding nothing, or visible with counters equal to a recount", async () => {
    const movie = await createMovie(ctx);
    const author = await createMember(ctx);
    const review = await createReview(ctx, author, movie.id, { rating: 4, content: "곧 지울 글" });
    const responses = await Promise.all([
      ...crowd
        .slice(0, 20)
        .flatMap((m, i) => [
          injectAs(ctx, m)({ method: "PATCH", url: `/api/reviews/like/${review.id}` }),
          injectAs(ctx, m)({ method: "POST", url: `/api/comments/${review.id}`, payload: { content: `답글 ${i}` } }),
        ]),
      injectAs(
        ctx,
        author,
      )({ method: "PUT", url: `/api/reviews/movie/${movie.id}/mine`, payload: { rating: 0, content: "" } }),
    ]);
    expectNoServerErrors(responses);
    // Every like and reply either landed before the review was emptied (and went with it) or found it hidden (404).
    expect(statuses(responses).every((s) => s === 200 || s === 201 || s === 404)).toBe(true);
    const row = await ctx.db.selectFrom("reviews").selectAll().where("id", "=", review.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ rating: 0, content: "", likes_count: 0, comments_count: 0 });
    expect(await ctx.db.selectFrom("replies").select("id").where("review_id", "=", review.id).execute()).toEqual([]);
    await expectCountersMatchRecount(ctx);
  });
});
