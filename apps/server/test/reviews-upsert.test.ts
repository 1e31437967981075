// The [EXT] upsert and the like toggle (API.md §4.5, §4.9; checklist 57, 58, 48, 17): "my review" of a movie, the
// movie average after every kind of write, and the per-member limits on creates and toggles.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "../src/lib/transaction.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, createReview, injectAs } from "./helpers/factories.js";
import { reviewApi } from "./helpers/review-api.js";
import { expectCountersMatchRecount, movieCounters } from "./helpers/review-checks.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const member = () => createMember(ctx);
const { as, post, patch, put, like, userRow } = reviewApi(() => ctx);

describe("GET and PUT /api/reviews/movie/{movie_id}/mine", () => {
  it("creates with 201, updates with 200, never 409, and keeps what each write did not touch", async () => {
    const [alice, movie] = [await member(), await createMovie(ctx)];
    const none = await as(alice)({ method: "GET", url: `/api/reviews/movie/${movie.id}/mine` });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ id: 0, movie_id: movie.id, user_id: alice.id, rating: 0, status: "" });

    const created = await put(alice, movie.id, { rating: 3.5 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ rating: 3.5, status: "", content: "", spoiler: false, like: false });
    const status = await put(alice, movie.id, { status: "WatchList" });
    expect(status.statusCode).toBe(200);
    const comment = await put(alice, movie.id, { content: "좋았다", spoiler: true });
    expect(comment.json()).toMatchObject({
      id: created.json().id,
      rating: 3.5,
      status: "WatchList",
      content: "좋았다",
    });
    const mine = await as(alice)({ method: "GET", url: `/api/reviews/movie/${movie.id}/mine` });
    expect(mine.json()).toEqual(comment.json());
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ average: 3.5, ratingsCount: 1, reviewsCount: 1 });

    // "Delete my comment" empties the text and keeps rating and status.
    const uncommented = await put(alice, movie.id, { content: "" });
    expect(uncommented.json()).toMatchObject({ id: created.json().id, rating: 3.5, status: "WatchList", content: "" });
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ ratingsCount: 1, reviewsCount: 0 });
    expect((await post(alice, movie.id, { rating: 1 })).statusCode).toBe(409);
    expect((await put(alice, movie.id, { rating: 1 })).statusCode).toBe(200);
  });

  it("hides the review a PUT leaves empty, answers the empty object, revives it by id; an empty PUT creates nothing", async () => {
    const [alice, movie] = [await member(), await createMovie(ctx)];
    const mineOf = () => as(alice)({ method: "GET", url: `/api/reviews/movie/${movie.id}/mine` });
    const nothing = await put(alice, movie.id);
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toMatchObject({ id: 0, movie_id: movie.id, user_id: alice.id, rating: 0 });
    const none = await mineOf();
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ id: 0, rating: 0, status: "", content: "" });
    expect(await ctx.db.selectFrom("reviews").select("id").where("movie_id", "=", movie.id).execute()).toEqual([]);

    const created = (await put(alice, movie.id, { rating: 2 })).json();
    const emptied = await put(alice, movie.id, { rating: 0 });
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json()).toMatchObject({ id: created.id, created_at: created.created_at, rating: 0, status: "" });
    const hidden = await mineOf();
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ ...emptied.json() });
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ average: null, ratingsCount: 0 });
    expect((await userRow(alice.id)).review_count).toBe(0);
    const again = await put(alice, movie.id, { status: "Watching" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: created.id, status: "Watching", created_at: created.created_at });
    expect((await userRow(alice.id)).review_count).toBe(1);
    await expectCountersMatchRecount(ctx);
  });

  it("moves the member's data_version with what recommendations and analyses read, not with a reworded comment", async () => {
    const [alice, movie, other] = [await member(), await createMovie(ctx), await createMovie(ctx)];
    const version = async () => Number((await userRow(alice.id)).data_version);
    const steps: Array<[string, () => Promise<unknown>, boolean]> = [
      ["a first star", () => put(alice, movie.id, { rating: 3 }), true],
      ["a first comment", () => put(alice, movie.id, { content: "처음 쓴 코멘트" }), true],
      ["the comment reworded", () => put(alice, movie.id, { content: "고쳐 쓴 코멘트" }), false],
      ["the spoiler flag", () => put(alice, movie.id, { spoiler: true }), false],
      ["the same star again", () => put(alice, movie.id, { rating: 3 }), false],
      ["another star", () => put(alice, movie.id, { rating: 4.5 }), true],
      ["a status", () => put(alice, movie.id, { status: "Watching" }), true],
      ["the comment emptied", () => put(alice, movie.id, { content: "" }), true],
      ["the review emptied", () => put(alice, movie.id, { rating: 0, status: "" }), true],
      ["a comment on a hidden row", () => put(alice, movie.id, { content: "다시" }), true],
    ];
    for (const [step, write, moves] of steps) {
      const before = await version();
      await write();
      expect({ step, moved: (await version()) !== before }).toEqual({ step, moved: moves });
    }
    // The set-wise path (imports) follows the same rule.
    const upsert = (content: string, rating?: number) =>
      inTransaction(ctx.db, (trx) =>
        ctx.services.reviews.upsertManyIn(trx, alice.id, [
          { movieId: movie.id, write: () => ({ content }) },
          { movieId: other.id, write: () => ({ content, ...(rating === undefined ? {} : { rating }) }) },
        ]),
      );
    let before = await version();
    await upsert("가져온 코멘트", 2);
    expect(await version()).not.toBe(before);
    before = await version();
    await upsert("가져와 고친 코멘트");
    expect(await version()).toBe(before);
    await expectCountersMatchRecount(ctx);
  });

  it("answers visitors, bad input and unknown movies", async () => {
    const alice = await member();
    expect((await put(null, 1, { rating: 1 })).json().code).toBe("AUTH_REQUIRED");
    expect((await as(null)({ method: "GET", url: "/api/reviews/movie/1/mine" })).json().code).toBe("AUTH_REQUIRED");
    expect((await put(alice, 424242, { rating: 1 })).json().code).toBe("MOVIE_NOT_FOUND");
    expect((await as(alice)({ method: "GET", url: "/api/reviews/movie/424242/mine" })).json().code).toBe(
      "MOVIE_NOT_FOUND",
    );
    expect((await put(alice, 424242, { rating: 7 })).json().code).toBe("INVALID_FIELD");
    expect((await put(alice, (await createMovie(ctx)).id, { status: "Done" })).statusCode).toBe(400);
  });
});

describe("PATCH /api/reviews/like/{review_id}", () => {
  it("toggles the caller's like and returns the full review with the post-toggle state", async () => {
    const [alice, bob, movie] = [await member(), await member(), await createMovie(ctx)];
    const review = await createReview(ctx, alice, movie.id, { content: "좋아요 눌러 주세요" });
    const on = await like(bob, review.id);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id: review.id, like: true, likes_count: 1, content: "좋아요 눌러 주세요" });
    const own = await like(alice, review.id);
    expect(own.json()).toMatchObject({ like: true, likes_count: 2 });
    const off = await like(bob, review.id);
    expect(off.json()).toMatchObject({ like: false, likes_count: 1 });
    const me = await as(alice)({ method: "GET", url: "/api/users/me" });
    expect(me.json().liked_reviews_count).toBe(1);
    expect((await like(null, review.id)).json().code).toBe("AUTH_REQUIRED");
    expect((await like(bob, 7777777)).json().code).toBe("REVIEW_NOT_FOUND");
    await expectCountersMatchRecount(ctx);
  });
});

describe("movie average", () => {
  it("is the half-up mean of ratings above 0 after creates, updates and deletes", async () => {
    const movie = await createMovie(ctx);
    const [a, b, c] = [await member(), await member(), await member()];
    const ra = await createReview(ctx, a, movie.id, { rating: 3.5 });
    await createReview(ctx, b, movie.id, { rating: 4 });
    // (35 + 40) / 2 = 37.5 → 38 → 3.8
    expect((await movieCounters(ctx, movie.id)).average).toBe(3.8);
    await createReview(ctx, c, movie.id, { status: "Watching", content: "아직 보는 중" });
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ average: 3.8, ratingsCount: 2, reviewsCount: 1 });
    await patch(a, ra.id, { rating: 0.5 });
    // (5 + 40) / 2 = 22.5 → 23 → 2.3
    expect((await movieCounters(ctx, movie.id)).average).toBe(2.3);
    await as(a)({ method: "DELETE", url: `/api/reviews/${ra.id}` });
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ average: 4, ratingsCount: 1, reviewsCount: 1 });
    await expectCountersMatchRecount(ctx);
  });
});

describe("rate limits", () => {
  it("counts star, status and comment writes (their own bucket) and like toggles per member", async () => {
    const limited = await createTestContext({
      env: { RATE_LIMIT_CREATES_PER_MIN: "1000", RATE_LIMIT_RATINGS_PER_MIN: "2", RATE_LIMIT_TOGGLES_PER_MIN: "2" },
    });
    try {
      const alice = await createMember(limited);
      const movie = await createMovie(limited);
      const call = injectAs(limited, alice);
      const url = `/api/reviews/movie/${movie.id}/mine`;
      expect((await call({ method: "PUT", url, payload: { rating: 1 } })).statusCode).toBe(201);
      expect((await call({ method: "PUT", url, payload: { rating: 2 } })).statusCode).toBe(200);
      const third = await call({ method: "PUT", url, payload: { rating: 3 } });
      expect(third.statusCode).toBe(429);
      expect(third.headers["retry-after"]).toBeDefined();
      const review = (await call({ method: "GET", url })).json();
      expect(review.rating).toBe(2);
      const likeUrl = `/api/reviews/like/${review.id}`;
      expect((await call({ method: "PATCH", url: likeUrl })).statusCode).toBe(200);
      expect((await call({ method: "PATCH", url: likeUrl })).statusCode).toBe(200);
      expect((await call({ method: "PATCH", url: likeUrl })).json().code).toBe("RATE_LIMITED");
      // Edits are not creates.
      expect(
        (await call({ method: "PATCH", url: `/api/reviews/${review.id}`, payload: { rating: 4 } })).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
