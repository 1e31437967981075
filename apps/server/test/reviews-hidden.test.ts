// Contract revision 2, "an empty review is hidden, and keeps its id" (API.md §4.5; checklist 41, 57, 58): a write
// that clears the last of rating, status and text keeps the row and its id, drops its replies and likes, and hides
// it from every list, count, analysis, the HOT ranking and the recommendation exclusions; its owner's later PATCH,
// PUT or POST revives the same id. Replays the seed client's sequence (SPEC clients cancel a star, then click
// another) and checks each place a review shows or counts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeHotRanking } from "../src/jobs/hot-ranking.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, createReply, createReview, type TestMember } from "./helpers/factories.js";
import { reviewApi } from "./helpers/review-api.js";
import { expectCountersMatchRecount, movieCounters } from "./helpers/review-checks.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const member = () => createMember(ctx);
const { as, post, patch, put, like, userRow } = reviewApi(() => ctx);
const get = (m: TestMember | null, url: string) => as(m)({ method: "GET", url });
const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: number }>).map((r) => r.id);

describe("the seed client's sequence", () => {
  it("POST rating → PATCH rating 0 → PATCH rating 4: 200, same id, counted once", async () => {
    const [alice, movie] = [await member(), await createMovie(ctx)];
    const created = await post(alice, movie.id, { rating: 3 });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    // SPEC clients send all four fields, copied from the current review with one changed.
    const full = { content: "", status: "", spoiler: false };
    const cleared = await patch(alice, id, { ...full, rating: 0 });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ id, rating: 0, status: "", content: "", likes_count: 0 });
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ average: null, ratingsCount: 0 });
    expect((await userRow(alice.id)).review_count).toBe(0);

    const revived = await patch(alice, id, { ...full, rating: 4 });
    expect(revived.statusCode).toBe(200);
    expect(revived.json()).toMatchObject({ id, rating: 4, created_at: created.json().created_at });
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ average: 4, ratingsCount: 1, reviewsCount: 0 });
    expect((await userRow(alice.id)).review_count).toBe(1);
    expect(ids(await get(null, `/api/reviews/movie/${movie.id}`))).toEqual([id]);
    expect(ids(await get(alice, "/api/reviews/user"))).toEqual([id]);
    expect((await get(null, `/api/users/profile/${alice.id}`)).json().review_count).toBe(1);
    expect((await get(null, `/api/movies/${movie.id}`)).json()).toMatchObject({ average_rating: 4, ratings_count: 1 });
    await expectCountersMatchRecount(ctx);
  });
});

describe("a hidden review", () => {
  let alice: TestMember;
  let bob: TestMember;
  let carol: TestMember;
  let movie: { id: number };
  let reviewId: number;
  let replyId: number;

  beforeAll(async () => {
    [alice, bob, carol] = [await member(), await member(), await member()];
    movie = await createMovie(ctx, { genres: ["숨김장르"] });
    // Carol rated the film before the HOT window: only alice's review and bob's like make it hot.
    ctx.clock.advance(-8 * 24 * 3600);
    await createReview(ctx, carol, movie.id, { rating: 5 });
    ctx.clock.advance(8 * 24 * 3600);
    const review = await createReview(ctx, alice, movie.id, { rating: 4, content: "곧 비울 글", spoiler: true });
    reviewId = review.id;
    replyId = (await createReply(ctx, bob, reviewId)).id;
    await like(bob, reviewId);
    await as(carol)({ method: "PATCH", url: `/api/comments/like/${replyId}` });
  });

  it("shows and counts everywhere before it is emptied", async () => {
    expect(ids(await get(null, `/api/reviews/movie/${movie.id}`))).toContain(reviewId);
    expect((await get(alice, `/api/analysis/${alice.id}?search_q=preference`)).json().genre_dict).toHaveProperty(
      "숨김장르",
    );
    expect(await computeHotRanking(ctx.db, ctx.clock.now())).toContain(movie.id);
  });

  it("is emptied by its owner: 200 with the empty object, its replies and likes gone in the same write", async () => {
    const res = await put(alice, movie.id, { rating: 0, content: "" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: reviewId, rating: 0, content: "", status: "", spoiler: false });
    const row = await ctx.db.selectFrom("reviews").selectAll().where("id", "=", reviewId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ rating: 0, content: "", status: "", spoiler: 0, likes_count: 0, comments_count: 0 });
    expect(await ctx.db.selectFrom("replies").select("id").where("review_id", "=", reviewId).execute()).toEqual([]);
    expect(await ctx.db.selectFrom("reply_likes").select("id").where("target_id", "=", replyId).execute()).toEqual([]);
    expect(await userRow(bob.id)).toMatchObject({ liked_reviews_count: 0 });
    await expectCountersMatchRecount(ctx);
  });

  it("is in no review list, whatever the filters, order or caller", async () => {
    for (const query of ["", "?sort=recent", "?sort=likes", "?has_content=true", "?begin=0&end=5"]) {
      for (const caller of [null, alice, bob]) {
        expect(ids(await get(caller, `/api/reviews/movie/${movie.id}${query}`))).not.toContain(reviewId);
        expect(ids(await get(caller, `/api/reviews/user/${alice.id}${query}`))).toEqual([]);
      }
      expect(ids(await get(alice, `/api/reviews/list/${movie.id}${query}`))).not.toContain(reviewId);
      expect(ids(await get(alice, `/api/reviews/user${query}`))).toEqual([]);
    }
    expect(ids(await get(bob, "/api/users/likes_review"))).toEqual([]);
  });

  it("counts nowhere: the member's review_count, the film's counters, analyses", async () => {
    expect((await get(null, `/api/users/profile/${alice.id}`)).json().review_count).toBe(0);
    expect((await get(alice, "/api/users/me")).json().review_count).toBe(0);
    expect((await get(bob, "/api/users/me")).json().liked_reviews_count).toBe(0);
    expect((await get(null, `/api/movies/${movie.id}`)).json()).toMatchObject({
      average_rating: 5,
      ratings_count: 1,
      reviews_count: 0,
    });
    const rating = (await get(null, `/api/analysis/${alice.id}?search_q=rating`)).json();
    expect(rating).toMatchObject({ rating_num: 0, viewing_time: 0 });
    const preference = (await get(null, `/api/analysis/${alice.id}?search_q=preference`)).json();
    expect(preference).toMatchObject({ actor_dict: null, director_dict: null, genre_dict: null, country_dict: null });
  });

  it("leaves the HOT ranking and makes the film unseen again for recommendations", async () => {
    const hot = await computeHotRanking(ctx.db, ctx.clock.now());
    expect(hot).not.toContain(movie.id);
    const recommended = (await get(alice, "/api/recommend/expect?limit=50")).json() as Array<{ movie_id: number }>;
    expect(recommended.map((r) => r.movie_id)).toContain(movie.id);
    // Bob's review of the film makes it seen for him: the hidden one of alice does not for her.
    await createReview(ctx, bob, movie.id, { status: "WatchList" });
    const bobs = (await get(bob, "/api/recommend/expect?limit=50")).json() as Array<{ movie_id: number }>;
    expect(bobs.map((r) => r.movie_id)).not.toContain(movie.id);
  });

  it("answers 404 to reads, likes and replies — for everyone, its owner included", async () => {
    for (const caller of [null, alice, bob]) {
      const one = await get(caller, `/api/reviews/${reviewId}`);
      expect(one.statusCode).toBe(404);
      expect(one.json().code).toBe("REVIEW_NOT_FOUND");
      expect((await get(caller, `/api/comments/review/${reviewId}`)).json().code).toBe("REVIEW_NOT_FOUND");
    }
    expect((await get(bob, `/api/comments/list/${reviewId}`)).json().code).toBe("REVIEW_NOT_FOUND");
    for (const caller of [alice, bob]) {
      expect((await like(caller, reviewId)).json().code).toBe("REVIEW_NOT_FOUND");
      const reply = await as(caller)({ method: "POST", url: `/api/comments/${reviewId}`, payload: { content: "답" } });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().code).toBe("REVIEW_NOT_FOUND");
    }
    expect((await as(bob)({ method: "PATCH", url: `/api/comments/like/${replyId}` })).statusCode).toBe(404);
    // Someone else's hidden review is unknown to them (404), never theirs to be refused (403).
    const other = await patch(bob, reviewId, { rating: 2 });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe("REVIEW_NOT_FOUND");
    expect((await as(bob)({ method: "DELETE", url: `/api/reviews/${reviewId}` })).statusCode).toBe(404);
    // …after the 400s, as always (API.md §2.2).
    expect((await patch(bob, reviewId, { rating: 7 })).statusCode).toBe(400);
  });

  it("is the owner's 'my review' as the empty object with its id, never a 404", async () => {
    const mine = await get(alice, `/api/reviews/movie/${movie.id}/mine`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: reviewId, movie_id: movie.id, user_id: alice.id, rating: 0, like: false });
    const stranger = await member();
    const none = await get(stranger, `/api/reviews/movie/${movie.id}/mine`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ id: 0, user_id: stranger.id, user_name: stranger.username, content: "" });
  });
});

describe("blocked authors and hidden reviews (checklist 61)", () => {
  it("a blocker's lists drop a blocked author's review, which still counts; an emptied one counts nowhere", async () => {
    const [reader, blocked, emptier, movie] = [await member(), await member(), await member(), await createMovie(ctx)];
    const kept = await createReview(ctx, blocked, movie.id, { rating: 5, content: "차단된 사람의 글" });
    const emptied = await createReview(ctx, emptier, movie.id, { rating: 1, content: "지울 글" });
    await patch(emptier, emptied.id, { rating: 0, content: "" });
    await as(reader)({ method: "POST", url: `/api/users/block/${blocked.id}` });
    expect(ids(await get(reader, `/api/reviews/movie/${movie.id}`))).toEqual([]);
    expect(ids(await get(null, `/api/reviews/movie/${movie.id}`))).toEqual([kept.id]);
    // Counts include blocked-hidden items (§1.9) but never an emptied review (§4.5).
    expect((await get(reader, `/api/movies/${movie.id}`)).json()).toMatchObject({
      ratings_count: 1,
      reviews_count: 1,
      average_rating: 5,
    });
    expect((await get(reader, `/api/users/profile/${blocked.id}`)).json().review_count).toBe(1);
    expect((await get(reader, `/api/users/profile/${emptier.id}`)).json().review_count).toBe(0);
  });
});

describe("reviving a hidden review", () => {
  async function hidden() {
    const [alice, movie] = [await member(), await createMovie(ctx)];
    const review = await createReview(ctx, alice, movie.id, { rating: 2, status: "Watching" });
    expect((await patch(alice, review.id, { rating: 0, status: "" })).statusCode).toBe(200);
    return { alice, movie, review };
  }

  it("by POST: 201 with the same id; an empty POST answers the empty object with that id; then 409", async () => {
    const { alice, movie, review } = await hidden();
    const empty = await post(alice, movie.id, { spoiler: true });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ id: review.id, rating: 0, spoiler: false, created_at: review.created_at });
    const revived = await post(alice, movie.id, { content: "다시 썼어요" });
    expect(revived.statusCode).toBe(201);
    expect(revived.json()).toMatchObject({ id: review.id, content: "다시 썼어요", rating: 0, status: "" });
    expect(revived.json()).toMatchObject({ likes_count: 0, comments_count: 0, like: false });
    expect((await post(alice, movie.id, { rating: 1 })).json().code).toBe("REVIEW_ALREADY_EXISTS");
    expect((await post(alice, movie.id, {})).statusCode).toBe(409);
    expect(await movieCounters(ctx, movie.id)).toMatchObject({ ratingsCount: 0, reviewsCount: 1 });
    expect((await userRow(alice.id)).review_count).toBe(1);
    await expectCountersMatchRecount(ctx);
  });

  it("by PUT …/mine: 200 with the same id", async () => {
    const { alice, movie, review } = await hidden();
    const revived = await put(alice, movie.id, { rating: 4.5 });
    expect(revived.statusCode).toBe(200);
    expect(revived.json()).toMatchObject({ id: review.id, rating: 4.5, status: "" });
    expect((await get(null, `/api/reviews/${review.id}`)).json()).toMatchObject({ id: review.id, rating: 4.5 });
    expect(ids(await get(null, `/api/reviews/movie/${movie.id}`))).toEqual([review.id]);
  });

  it("never by another member, and its owner may still delete it (204)", async () => {
    const { alice, movie, review } = await hidden();
    const bob = await member();
    expect((await put(bob, movie.id, { rating: 3 })).statusCode).toBe(201);
    expect((await get(null, `/api/reviews/${review.id}`)).statusCode).toBe(404);
    const deleted = await as(alice)({ method: "DELETE", url: `/api/reviews/${review.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await ctx.db.selectFrom("reviews").select("id").where("id", "=", review.id).execute()).toEqual([]);
    const fresh = await post(alice, movie.id, { rating: 1 });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().id).not.toBe(review.id);
    await expectCountersMatchRecount(ctx);
  });
});
