// Review lifecycle (API.md §4.5, checklist 54–56, 58–60, 67): POST, PATCH, DELETE and GET of one review, as visitor,
// other member and owner, with the movie and member counters after every write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, createReply, createReview } from "./helpers/factories.js";
import { reviewApi, TIMESTAMP } from "./helpers/review-api.js";
import { expectCountersMatchRecount, movieCounters } from "./helpers/review-checks.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const member = () => createMember(ctx);
const { as, post, patch, like, userRow } = reviewApi(() => ctx);

describe("POST /api/reviews/{movie_id}", () => {
  it("creates a full review (201) and moves the movie's counters", async () => {
    const [alice, movie] = [await member(), await createMovie(ctx)];
    const res = await post(alice, movie.id, {
      content: "재미있어요\n두 줄",
      rating: 4.5,
      spoiler: true,
      status: "Watching",
    });
    expect(res.statusCode).toBe(201);
    const review = res.json();
    expect(review).toEqual({
      id: expect.any(Number),
      movie_id: movie.id,
      user_id: alice.id,
      user_name: alice.username,
      profile_url: expect.stringMatching(new RegExp(`^/media/avatar/${alice.id}\\.svg\\?v=[0-9a-f]{8}$`)),
      content: "재미있어요\n두 줄",
      rating: 4.5,
      status: "Watching",
      spoiler: true,
      like: false,
      likes_count: 0,
      comments_count: 0,
      created_at: expect.stringMatching(TIMESTAMP),
    });
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ average: 4.5, ratingsCount: 1, reviewsCount: 1 });
    const profile = await as(null)({ method: "GET", url: `/api/users/profile/${alice.id}` });
    expect(profile.json().review_count).toBe(1);
    expect((await userRow(alice.id)).data_version).toBeGreaterThan(0);
  });

  it("defaults absent and null fields, keeps rating-only and status-only rows", async () => {
    const [alice, m1, m2] = [await member(), await createMovie(ctx), await createMovie(ctx)];
    const statusOnly = await post(alice, m1.id, { status: "WatchList", rating: null, content: null, spoiler: null });
    expect(statusOnly.statusCode).toBe(201);
    expect(statusOnly.json()).toMatchObject({ rating: 0, content: "", status: "WatchList", spoiler: false });
    const ratingOnly = await post(alice, m2.id, { rating: 3 });
    expect(ratingOnly.json()).toMatchObject({ rating: 3, content: "", status: "", spoiler: false });
    expect(await movieCounters(ctx, m1.id)).toMatchObject({ average: null, ratingsCount: 0, reviewsCount: 0 });
    expect(await movieCounters(ctx, m2.id)).toMatchObject({ average: 3, ratingsCount: 1, reviewsCount: 0 });
    expect((await userRow(alice.id)).review_count).toBe(2);
  });

  it('accepts 3 and 3.0, refuses 3.3, "3", 5.5 and negative ratings', async () => {
    const alice = await member();
    const whole = await as(alice)({
      method: "POST",
      url: `/api/reviews/${(await createMovie(ctx)).id}`,
      headers: { "content-type": "application/json" },
      payload: '{"rating": 3.0}',
    });
    expect(whole.statusCode).toBe(201);
    expect(whole.json().rating).toBe(3);
    expect(whole.body).toContain('"rating":3');
    const movie = await createMovie(ctx);
    for (const rating of [3.3, "3", 5.5, -0.5, 0.25, true]) {
      const res = await post(alice, movie.id, { rating });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "INVALID_FIELD", detail: expect.stringContaining("'rating'") });
    }
    for (const status of ["watching", "Seen", 1]) {
      const res = await post(alice, movie.id, { status });
      expect(res.json()).toEqual({ code: "INVALID_FIELD", detail: expect.stringContaining("'status'") });
    }
    const spoiler = await post(alice, movie.id, { rating: 1, spoiler: "true" });
    expect(spoiler.json()).toEqual({ code: "INVALID_FIELD", detail: expect.stringContaining("'spoiler'") });
    const content = await post(alice, movie.id, { content: 5 });
    expect(content.json()).toEqual({ code: "INVALID_FIELD", detail: expect.stringContaining("'content'") });
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ ratingsCount: 0, reviewsCount: 0 });
  });

  it("stores 10000 characters intact, refuses 10001 with TEXT_TOO_LONG, stores whitespace-only as empty", async () => {
    const alice = await member();
    // Code points, not UTF-16 units: 10000 emoji are 20000 units and still fit.
    const longest = "😀".repeat(9998) + "\n끝";
    const ok = await post(alice, (await createMovie(ctx)).id, { content: longest });
    expect(ok.statusCode).toBe(201);
    const stored = await ctx.db
      .selectFrom("reviews")
      .select("content")
      .where("id", "=", ok.json().id)
      .executeTakeFirst();
    expect(stored?.content).toBe(longest);
    const tooLong = await post(alice, (await createMovie(ctx)).id, { content: "가".repeat(10001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ code: "TEXT_TOO_LONG", detail: expect.stringContaining("'content'") });
    const blank = await post(alice, (await createMovie(ctx)).id, { content: "  \n\t ", rating: 2 });
    expect(blank.json()).toMatchObject({ content: "", rating: 2 });
  });

  it("answers an empty review with 200 and the empty object, storing nothing", async () => {
    const [alice, movie] = [await member(), await createMovie(ctx)];
    const before = await userRow(alice.id);
    for (const payload of [undefined, {}, { rating: 0, status: "", content: "   ", spoiler: true }]) {
      const res = await post(alice, movie.id, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: 0,
        movie_id: movie.id,
        user_id: alice.id,
        user_name: alice.username,
        profile_url: expect.stringContaining(`/media/avatar/${alice.id}.svg`),
        content: "",
        rating: 0,
        status: "",
        spoiler: false,
        like: false,
        likes_count: 0,
        comments_count: 0,
        created_at: expect.stringMatching(TIMESTAMP),
      });
    }
    expect((await userRow(alice.id)).review_count).toBe(before.review_count);
    const rows = await ctx.db.selectFrom("reviews").select("id").where("movie_id", "=", movie.id).execute();
    expect(rows).toEqual([]);
  });

  it("refuses a second review with 409 and allows delete then re-create", async () => {
    const [alice, movie] = [await member(), await createMovie(ctx)];
    const first = await post(alice, movie.id, { rating: 2 });
    const again = await post(alice, movie.id, { rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("REVIEW_ALREADY_EXISTS");
    const emptyAgain = await post(alice, movie.id, {});
    expect(emptyAgain.statusCode).toBe(409);
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ average: 2, ratingsCount: 1 });
    const del = await as(alice)({ method: "DELETE", url: `/api/reviews/${first.json().id}` });
    expect(del.statusCode).toBe(204);
    const recreated = await post(alice, movie.id, { rating: 5 });
    expect(recreated.statusCode).toBe(201);
    expect(recreated.json().id).not.toBe(first.json().id);
    expect(recreated.json()).toMatchObject({ likes_count: 0, comments_count: 0 });
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ average: 5, ratingsCount: 1 });
  });

  it("answers visitors, bad ids and unknown movies in precedence order", async () => {
    const alice = await member();
    const visitor = await post(null, 1, { rating: 3.3 });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe("AUTH_REQUIRED");
    const badId = await post(alice, "abc", { rating: 3 });
    expect(badId.json()).toEqual({ code: "INVALID_FIELD", detail: expect.stringContaining("'movie_id'") });
    expect((await post(alice, 999999, { rating: 3.3 })).json().code).toBe("INVALID_FIELD");
    for (const id of [999999, 2147483648, "99999999999999999999"]) {
      const res = await post(alice, id, { rating: 3 });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("MOVIE_NOT_FOUND");
    }
    const notJson = await as(alice)({
      method: "POST",
      url: "/api/reviews/1",
      headers: { "content-type": "text/plain" },
      payload: "rating=3",
    });
    expect(notJson.statusCode).toBe(415);
  });
});

describe("PATCH /api/reviews/{review_id}", () => {
  it('changes only the fields sent; absent and null are unchanged, "" and 0 are real values', async () => {
    const [alice, movie] = [await member(), await createMovie(ctx)];
    const review = await createReview(ctx, alice, movie.id, {
      content: "원래 글",
      rating: 4,
      status: "Watching",
      spoiler: true,
    });
    const same = await patch(alice, review.id, {});
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(review);
    const nulls = await patch(alice, review.id, { content: null, rating: null, status: null, spoiler: null });
    expect(nulls.json()).toEqual(review);
    const rated = await patch(alice, review.id, { rating: 2.5 });
    expect(rated.json()).toMatchObject({ content: "원래 글", rating: 2.5, status: "Watching", spoiler: true });
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ average: 2.5, ratingsCount: 1, reviewsCount: 1 });
    const cleared = await patch(alice, review.id, { content: "", rating: 0, spoiler: false });
    expect(cleared.json()).toMatchObject({ id: review.id, content: "", rating: 0, status: "Watching", spoiler: false });
    expect(cleared.json().created_at).toBe(review.created_at);
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ average: null, ratingsCount: 0, reviewsCount: 0 });
    await expectCountersMatchRecount(ctx);
  });

  it("returns the caller's like", async () => {
    const [alice, movie] = [await member(), await createMovie(ctx)];
    const review = await createReview(ctx, alice, movie.id);
    await like(alice, review.id);
    const res = await patch(alice, review.id, { content: "글" });
    expect(res.json()).toMatchObject({ like: true, likes_count: 1, content: "글" });
  });

  it("hides a review left empty — replies and likes gone, row and id kept — and answers the empty object", async () => {
    const [alice, bob, movie] = [await member(), await member(), await createMovie(ctx)];
    ctx.clock.advance(-3600);
    const review = await createReview(ctx, alice, movie.id, { status: "WatchList" });
    ctx.clock.advance(3600);
    await createReply(ctx, bob, review.id);
    await like(bob, review.id);
    expect((await userRow(bob.id)).liked_reviews_count).toBe(1);
    const version = (await userRow(alice.id)).data_version;
    const res = await patch(alice, review.id, { status: "" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: review.id,
      movie_id: movie.id,
      user_id: alice.id,
      user_name: alice.username,
      profile_url: review.profile_url,
      rating: 0,
      status: "",
      content: "",
      spoiler: false,
      like: false,
      likes_count: 0,
      comments_count: 0,
      created_at: review.created_at,
    });
    expect((await as(null)({ method: "GET", url: `/api/reviews/${review.id}` })).statusCode).toBe(404);
    expect(await userRow(bob.id)).toMatchObject({ liked_reviews_count: 0 });
    expect(await userRow(alice.id)).toMatchObject({ review_count: 0, data_version: version + 1 });
    expect(await ctx.db.selectFrom("replies").select("id").where("review_id", "=", review.id).execute()).toEqual([]);
    const kept = await ctx.db.selectFrom("reviews").selectAll().where("id", "=", review.id).executeTakeFirst();
    expect(kept).toMatchObject({ rating: 0, status: "", content: "", likes_count: 0, comments_count: 0 });
    await expectCountersMatchRecount(ctx);
  });

  it("answers visitors 401, unknown ids 404, other members 403 — after 400 and 404", async () => {
    const [alice, bob, movie] = [await member(), await member(), await createMovie(ctx)];
    const review = await createReview(ctx, alice, movie.id, { rating: 3, content: "내 글" });
    expect((await patch(null, review.id, { rating: 1 })).json().code).toBe("AUTH_REQUIRED");
    const badRating = await patch(bob, review.id, { rating: 3.3 });
    expect(badRating.statusCode).toBe(400);
    expect(badRating.json().code).toBe("INVALID_FIELD");
    const tooLong = await patch(bob, review.id, { content: "x".repeat(10001) });
    expect(tooLong.json().code).toBe("TEXT_TOO_LONG");
    const unknown = await patch(bob, 987654, { rating: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("REVIEW_NOT_FOUND");
    const other = await patch(bob, review.id, { rating: 1 });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe("NOT_OWNER");
    const otherEmpty = await patch(bob, review.id, { rating: 0, content: "" });
    expect(otherEmpty.statusCode).toBe(403);
    expect((await as(null)({ method: "GET", url: `/api/reviews/${review.id}` })).json()).toMatchObject({
      rating: 3,
      content: "내 글",
    });
  });
});

describe("DELETE /api/reviews/{review_id}", () => {
  it("deletes the review, its replies and the likes of both, and recomputes the movie", async () => {
    const [alice, bob, carol, movie] = [await member(), await member(), await member(), await createMovie(ctx)];
    const review = await createReview(ctx, alice, movie.id, { rating: 5, content: "최고" });
    await createReview(ctx, bob, movie.id, { rating: 4 });
    const reply = await createReply(ctx, bob, review.id);
    await like(carol, review.id);
    await as(carol)({ method: "PATCH", url: `/api/comments/like/${reply.id}` });
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ average: 4.5, ratingsCount: 2, reviewsCount: 1 });

    expect((await as(null)({ method: "DELETE", url: `/api/reviews/${review.id}` })).statusCode).toBe(401);
    const other = await as(bob)({ method: "DELETE", url: `/api/reviews/${review.id}` });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe("NOT_OWNER");
    const unknown = await as(bob)({ method: "DELETE", url: "/api/reviews/2147483648" });
    expect(unknown.json().code).toBe("REVIEW_NOT_FOUND");

    const res = await as(alice)({
      method: "DELETE",
      url: `/api/reviews/${review.id}`,
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ average: 4, ratingsCount: 1, reviewsCount: 0 });
    for (const table of ["replies", "review_likes"] as const) {
      const column = table === "replies" ? "review_id" : "target_id";
      expect(await ctx.db.selectFrom(table).select("id").where(column, "=", review.id).execute()).toEqual([]);
    }
    expect(await ctx.db.selectFrom("reply_likes").select("id").where("target_id", "=", reply.id).execute()).toEqual([]);
    expect(await userRow(carol.id)).toMatchObject({ liked_reviews_count: 0 });
    expect((await as(alice)({ method: "DELETE", url: `/api/reviews/${review.id}` })).statusCode).toBe(404);
    await expectCountersMatchRecount(ctx);
  });
});

describe("GET /api/reviews/{review_id}", () => {
  it("serves one review with the caller's like, anonymous like false, bad bearers ignored", async () => {
    const [alice, bob, movie] = [await member(), await member(), await createMovie(ctx)];
    const review = await createReview(ctx, alice, movie.id, { rating: 1.5, content: "별로" });
    await like(bob, review.id);
    const anonymous = await as(null)({ method: "GET", url: `/api/reviews/${review.id}` });
    expect(anonymous.json()).toMatchObject({ id: review.id, like: false, likes_count: 1, rating: 1.5 });
    expect((await as(bob)({ method: "GET", url: `/api/reviews/${review.id}` })).json().like).toBe(true);
    const badBearer = await as({ accessToken: "not-a-token" })({ method: "GET", url: `/api/reviews/${review.id}` });
    expect(badBearer.statusCode).toBe(200);
    expect(badBearer.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
    expect(badBearer.json().like).toBe(false);
    const missing = await as(null)({ method: "GET", url: "/api/reviews/99999999" });
    expect(missing.json().code).toBe("REVIEW_NOT_FOUND");
    expect((await as(null)({ method: "GET", url: "/api/reviews/1x" })).json().code).toBe("INVALID_FIELD");
  });

  it("shows the author's current username", async () => {
    const [alice, movie] = [await member(), await createMovie(ctx)];
    const review = await createReview(ctx, alice, movie.id);
    await as(alice)({ method: "PATCH", url: "/api/users/me", payload: { username: `renamed_${alice.id}` } });
    const res = await as(null)({ method: "GET", url: `/api/reviews/${review.id}` });
    expect(res.json().user_name).toBe(`renamed_${alice.id}`);
    expect(res.json().profile_url).not.toBe(review.profile_url);
  });
});
