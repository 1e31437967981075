// 회원 탈퇴: DELETE /api/users/me (API.md §4.1 [EXT], checklist 46).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LikeTableName } from "../src/db/types.js";
import { toTimestamp } from "../src/lib/time.js";
import { inTransaction } from "../src/lib/transaction.js";
import { kindCode } from "../src/modules/search/documents.js";
import { insertUser } from "../src/modules/users/repository.js";
import { toggleLike } from "../src/modules/shared/likes.js";
import { signin, signupMember } from "./helpers/auth.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import {
  createCollection,
  createMember,
  createMovie,
  createPerson,
  createReply,
  createReview,
  injectAs,
  type TestMember,
} from "./helpers/factories.js";
import { counterMismatches, orphanRows } from "./helpers/integrity.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const json = { "content-type": "application/json" };

function deleteMe(member: Pick<TestMember, "accessToken"> | null, body?: unknown) {
  return injectAs(
    ctx,
    member,
  )({
    method: "DELETE",
    url: "/api/users/me",
    ...(body === undefined ? {} : { headers: json, payload: JSON.stringify(body) }),
  });
}

async function like(table: LikeTableName, member: { id: number }, targetId: number) {
  const liked = await inTransaction(ctx.db, (trx) => toggleLike(trx, table, member.id, targetId, ctx.clock.now()));
  expect(liked).toBe(true);
}

const relate = (kind: "follow" | "block", from: TestMember, to: { id: number }) =>
  injectAs(
    ctx,
    from,
  )({ method: "POST", url: `/api/users/${kind}/${to.id}` }).then((r) => expect(r.statusCode).toBe(201));

/** A world where the doomed member D and two others (X, Y) have written, liked, followed and blocked. */
async function buildWorld() {
  const [d, x, y] = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
  const [m1, m2, m3] = [await createMovie(ctx), await createMovie(ctx), await createMovie(ctx)];
  const person = await createPerson(ctx, "봉준호", [{ movieId: m1.id, kind: "감독" }]);

  const dReview1 = await createReview(ctx, d, m1.id, { rating: 4.5, content: "탈퇴할 회원의 코멘트" });
  await createReview(ctx, d, m2.id, { status: "WatchList" }); // status-only: counted in review_count only
  const dReview3 = await createReview(ctx, d, m3.id, { rating: 2, content: "" });
  const xReview = await createReview(ctx, x, m1.id, { rating: 3, content: "남는 코멘트" });
  const yReview = await createReview(ctx, y, m2.id, { rating: 5, content: "또 남는 코멘트" });

  const dReplyOnX1 = await createReply(ctx, d, xReview.id, "D의 답글 1");
  await createReply(ctx, d, xReview.id, "D의 답글 2");
  const xReplyOnD = await createReply(ctx, x, dReview1.id, "X가 D에게");
  const yReplyOnX = await createReply(ctx, y, xReview.id, "Y가 X에게");

  const dCollection = await createCollection(ctx, d, { movieIds: [m1.id, m2.id, m3.id] });
  const xCollection = await createCollection(ctx, x, { movieIds: [m1.id] });
  const comments = ctx.services.collectionComments;
  const dCommentOnX = await comments.create(xCollection.id, d.id, "D의 컬렉션 댓글");
  await comments.create(xCollection.id, d.id, "D의 두 번째 댓글");
  const xCommentOnD = await comments.create(dCollection.id, x.id, "X가 D의 컬렉션에");
  const yCommentOnX = await comments.create(xCollection.id, y.id, "Y가 X의 컬렉션에");

  // D's likes on others' content (counters that must drop) and on its own (which vanish with it).
  await like("review_likes", d, xReview.id);
  await like("review_likes", d, yReview.id);
  await like("review_likes", d, dReview1.id);
  await like("reply_likes", d, yReplyOnX.id);
  await like("reply_likes", d, xReplyOnD.id);
  await like("collection_likes", d, xCollection.id);
  await like("collection_comment_likes", d, yCommentOnX.id);
  await like("person_likes", d, person.id);
  // Others' likes on D's content (their liked_* totals must drop) and on each other's (must stay).
  await like("review_likes", x, dReview1.id);
  await like("review_likes", y, dReview1.id);
  await like("review_likes", y, dReview3.id);
  await like("review_likes", y, xReview.id);
  await like("reply_likes", x, dReplyOnX1.id);
  await like("collection_likes", x, dCollection.id);
  await like("collection_likes", y, dCollection.id);
  await like("collection_likes", y, xCollection.id);
  await like("collection_comment_likes", x, dCommentOnX.id);
  await like("collection_comment_likes", y, xCommentOnD.id);
  await like("person_likes", x, person.id);

  await relate("follow", d, x);
  await relate("follow", x, d);
  await relate("follow", y, d);
  await relate("follow", x, y);
  await relate("block", d, x);
  await relate("block", y, d);
  await relate("block", x, y);
  await ctx.db
    .insertInto("social_accounts")
    .values({
      user_id: d.id,
      provider: "kakao",
      provider_user_id: `k-${d.id}`,
      created_at: toTimestamp(ctx.clock.now()),
    })
    .execute();

  return { d, x, y, m1, m2, m3, person, xReview, yReview, xCollection, yReplyOnX, yCommentOnX, dReview1 };
}

describe("DELETE /api/users/me", () => {
  it("removes the member and everything they wrote or liked, keeping every other counter true", async () => {
    const w = await buildWorld();
    expect(await counterMismatches(ctx)).toEqual([]);
    // The check sees the member's rows in every table that names a member (so an empty answer later means gone).
    const before = await orphanRows(ctx, w.d.id);
    for (const table of ["reviews", "replies", "collections", "review_likes", "follows", "blocks", "sessions"]) {
      expect(before.some((line) => line.startsWith(`${table}.`))).toBe(true);
    }
    expect(before.every((line) => line.includes("still names member"))).toBe(true);
    const session = await ctx.services.auth.startSession(w.d.id);

    const res = await deleteMe(w.d, { login_password: w.d.password });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/refresh_token=;/);
    expect(cookie).toMatch(/Max-Age=0/);
    expect(cookie).toMatch(/Path=\/api\/users/);

    expect(await orphanRows(ctx, w.d.id)).toEqual([]);
    expect(await counterMismatches(ctx)).toEqual([]);

    // What the others keep, with the exact counters they should now show.
    const xReview = await ctx.app.inject({ method: "GET", url: `/api/reviews/${w.xReview.id}` });
    expect(xReview.json()).toMatchObject({ content: "남는 코멘트", likes_count: 1, comments_count: 1 });
    const movie1 = await ctx.db.selectFrom("movies").selectAll().where("id", "=", w.m1.id).executeTakeFirstOrThrow();
    expect(movie1).toMatchObject({ rating_sum: 30, ratings_count: 1, reviews_count: 1 });
    const movie2 = await ctx.db.selectFrom("movies").selectAll().where("id", "=", w.m2.id).executeTakeFirstOrThrow();
    expect(movie2).toMatchObject({ rating_sum: 50, ratings_count: 1, reviews_count: 1 });
    const movie3 = await ctx.db.selectFrom("movies").selectAll().where("id", "=", w.m3.id).executeTakeFirstOrThrow();
    expect(movie3).toMatchObject({ rating_sum: 0, ratings_count: 0, reviews_count: 0 });
    const xCollection = await ctx.app.inject({ method: "GET", url: `/api/collections/${w.xCollection.id}` });
    expect(xCollection.json()).toMatchObject({ likes_count: 1, comments_count: 1, movie_count: 1 });
    const person = await ctx.db
      .selectFrom("people")
      .selectAll()
      .where("id", "=", w.person.id)
      .executeTakeFirstOrThrow();
    expect(person.likes_count).toBe(1);
    const x = await injectAs(ctx, w.x)({ method: "GET", url: "/api/users/me" });
    expect(x.json()).toMatchObject({ follower_count: 0, following_count: 1, liked_reviews_count: 0 });
    expect(x.json()).toMatchObject({ liked_collections_count: 0, liked_people_count: 1, review_count: 1 });
    const y = await injectAs(ctx, w.y)({ method: "GET", url: "/api/users/me" });
    expect(y.json()).toMatchObject({ follower_count: 1, following_count: 0, liked_reviews_count: 1 });
    expect(y.json()).toMatchObject({ liked_collections_count: 1 });
    const yBlocks = await injectAs(ctx, w.y)({ method: "GET", url: `/api/users/blocked_users/${w.y.id}` });
    expect(yBlocks.json()).toEqual({ id: [] });
    const yReply = await ctx.db.selectFrom("replies").selectAll().where("id", "=", w.yReplyOnX.id).executeTakeFirst();
    expect(yReply).toMatchObject({ content: "Y가 X에게", likes_count: 0 });
    const yComment = await ctx.db
      .selectFrom("collection_comments")
      .selectAll()
      .where("id", "=", w.yCommentOnX.id)
      .executeTakeFirst();
    expect(yComment).toMatchObject({ content: "Y가 X의 컬렉션에", likes_count: 0 });
    expect((await ctx.app.inject({ method: "GET", url: `/api/reviews/${w.dReview1.id}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: `/api/users/profile/${w.d.id}` })).statusCode).toBe(404);

    // Every token of every session is refused at once.
    for (const token of [w.d.accessToken, session.access_token]) {
      const me = await injectAs(ctx, { accessToken: token })({ method: "GET", url: "/api/users/me" });
      expect(me.statusCode).toBe(401);
      expect(me.json().code).toBe("INVALID_TOKEN");
    }
    for (const refreshToken of [w.d.refreshToken, session.refresh_token]) {
      const refreshed = await ctx.app.inject({
        method: "GET",
        url: "/api/users/refresh",
        headers: { cookie: `refresh_token=${refreshToken}`, "content-type": "application/json" },
      });
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().code).toBe("INVALID_TOKEN");
    }
    const again = await deleteMe(w.d, { login_password: w.d.password });
    expect(again.statusCode).toBe(401);

    // The username is free again.
    const signup = await ctx.app.inject({
      method: "POST",
      url: "/api/users/signup",
      headers: json,
      payload: { username: w.d.username, login_id: w.d.loginId, login_password: w.d.password },
    });
    expect(signup.statusCode).toBe(201);
  });

  it("needs the password of a local account: absent 400, wrong 401, and nothing is deleted", async () => {
    const member = await createMember(ctx);
    await createReview(ctx, member, (await createMovie(ctx)).id, { rating: 3 });
    const missing = await deleteMe(member);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: expect.stringContaining("'login_password'"), code: "MISSING_FIELD" });
    const bodilessJson = await injectAs(ctx, member)({ method: "DELETE", url: "/api/users/me", headers: json });
    expect(bodilessJson.json().code).toBe("MISSING_FIELD");
    const wrongType = await deleteMe(member, { login_password: 12345678 });
    expect(wrongType.json()).toEqual({ detail: expect.stringContaining("'login_password'"), code: "INVALID_FIELD" });
    const wrong = await deleteMe(member, { login_password: "wrong-pass1" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("INVALID_CREDENTIALS");
    expect(wrong.headers["set-cookie"]).toBeUndefined();

    const me = await injectAs(ctx, member)({ method: "GET", url: "/api/users/me" });
    expect(me.statusCode).toBe(200);
    expect(me.json().review_count).toBe(1);
    expect((await deleteMe(null, { login_password: member.password })).json().code).toBe("AUTH_REQUIRED");
  });

  it("deletes a social-only account without a password", async () => {
    const user = await socialOnlyUser("카카오회원");
    await ctx.db
      .insertInto("social_accounts")
      .values({
        user_id: user.id,
        provider: "kakao",
        provider_user_id: "kakao-only",
        created_at: "2025-01-01T00:00:00",
      })
      .execute();
    const tokens = await ctx.services.auth.startSession(user.id);
    const res = await injectAs(ctx, { accessToken: tokens.access_token })({ method: "DELETE", url: "/api/users/me" });
    expect(res.statusCode).toBe(204);
    expect(await orphanRows(ctx, user.id)).toEqual([]);
    const relink = await ctx.db.selectFrom("social_accounts").select("id").where("provider_user_id", "=", "kakao-only");
    expect(await relink.execute()).toEqual([]);
  });
});

describe("account deletion and search", () => {
  /** Search documents of these users and collections (every field of each record). */
  async function searchDocuments(userIds: number[], collectionIds: number[]) {
    const rows = await ctx.db
      .selectFrom("search_documents")
      .select(["kind", "ref_id"])
      .where((eb) =>
        eb.or([
          eb.and([eb("kind", "=", kindCode("user")), eb("ref_id", "in", userIds)]),
          eb.and([eb("kind", "=", kindCode("collection")), eb("ref_id", "in", collectionIds)]),
        ]),
      )
      .execute();
    return rows.map((r) => `${Number(r.kind) === kindCode("user") ? "user" : "collection"}:${Number(r.ref_id)}`);
  }

  async function search(q: string) {
    const res = await ctx.app.inject({ method: "GET", url: `/api/search?search_q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ user_list: number[]; collection_list: number[] }>();
  }

  it("removes the member's and their collections' search documents in the same transaction", async () => {
    const doomed = await signupMember(ctx);
    const keeper = await signupMember(ctx);
    const session = (await signin(ctx, doomed.loginId, doomed.password)).json<{ access_token: string }>();
    const asDoomed = injectAs(ctx, { accessToken: session.access_token });
    const collectionIds: number[] = [];
    for (const title of ["탈퇴색인 첫째 모음", "탈퇴색인 둘째 모음"]) {
      const res = await asDoomed({ method: "POST", url: "/api/collections", headers: json, payload: { title } });
      expect(res.statusCode, res.body).toBe(201);
      collectionIds.push(res.json<{ id: number }>().id);
    }
    const kept = await createCollection(ctx, keeper, { title: "탈퇴색인 남는 모음" });

    expect((await searchDocuments([doomed.id], collectionIds)).sort()).toEqual(
      [`user:${doomed.id}`, ...collectionIds.map((id) => `collection:${id}`)].sort(),
    );
    expect((await search(doomed.username)).user_list).toContain(doomed.id);
    expect((await search("탈퇴색인")).collection_list.sort()).toEqual([...collectionIds, kept.id].sort());

    const res = await asDoomed({
      method: "DELETE",
      url: "/api/users/me",
      headers: json,
      payload: { login_password: doomed.password },
    });
    expect(res.statusCode).toBe(204);

    expect(await searchDocuments([doomed.id], collectionIds)).toEqual([]);
    expect((await search(doomed.username)).user_list).not.toContain(doomed.id);
    expect((await search("탈퇴색인")).collection_list).toEqual([kept.id]);
    // The other member's documents stay.
    expect(await searchDocuments([keeper.id], [kept.id])).toHaveLength(2);
  });
});

function socialOnlyUser(username: string) {
  return insertUser(ctx.db, {
    username,
    username_lower: username.toLowerCase(),
    login_id: null,
    login_id_lower: null,
    password_hash: null,
    login_type: "kakao",
    profile_url: "https://example.com/a.png",
    status_message: null,
    created_at: toTimestamp(ctx.clock.now()),
  });
}

describe("wrong passwords on account deletion", () => {
  it("count toward the signin-failure limits", async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_SIGNIN_FAILURES: "2" } });
    try {
      const member = await createMember(limited);
      const del = (password: string) =>
        injectAs(
          limited,
          member,
        )({ method: "DELETE", url: "/api/users/me", headers: json, payload: { login_password: password } });
      expect((await del("wrong-pass1")).statusCode).toBe(401);
      expect((await del("wrong-pass2")).statusCode).toBe(401);
      const blocked = await del(member.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe("RATE_LIMITED");
      const signin = await limited.app.inject({
        method: "POST",
        url: "/api/users/signin",
        headers: json,
        payload: { login_id: member.loginId, login_password: member.password },
      });
      expect(signin.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("account deletion under concurrent writes", () => {
  it("leaves no orphan and no wrong counter while others follow the member and like its content", async () => {
    // A social-only member: no password hash to verify, so the deletion starts at once and races the writes.
    const doomedUser = await socialOnlyUser("곧탈퇴할회원");
    const doomed = { id: doomedUser.id, ...(await ctx.services.auth.startSession(doomedUser.id)) };
    const asDoomed = { accessToken: doomed.access_token };
    const others = await Promise.all(Array.from({ length: 6 }, () => createMember(ctx)));
    const movie = await createMovie(ctx);
    const review = await createReview(ctx, doomedUser, movie.id, { rating: 4, content: "곧 사라질 코멘트" });
    await relate("follow", others[0]!, doomed);
    await injectAs(ctx, asDoomed)({ method: "POST", url: `/api/users/follow/${others[2]!.id}` });
    await like("review_likes", others[1]!, review.id);

    const writes = others.flatMap((o, i) => [
      injectAs(ctx, o)({ method: "POST", url: `/api/users/follow/${doomed.id}` }),
      injectAs(ctx, o)({ method: "PATCH", url: `/api/reviews/like/${review.id}` }),
      injectAs(ctx, o)({ method: "POST", url: `/api/users/follow/${others[(i + 1) % others.length]!.id}` }),
    ]);
    const [deletion, ...results] = await Promise.all([deleteMe(asDoomed), ...writes]);
    expect(deletion.statusCode).toBe(204);
    // Each write either landed before the deletion (and was undone with it) or found its target gone.
    for (const r of results) expect([200, 201, 404, 409]).toContain(r.statusCode);
    expect(await orphanRows(ctx, doomed.id)).toEqual([]);
    expect(await counterMismatches(ctx)).toEqual([]);
  });
});
