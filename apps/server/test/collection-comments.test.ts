import type { Collection, CollectionComment } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counterMismatches, insertBlock } from "./helpers/collection-checks.js";
import { countRows, createTestContext, type TestContext } from "./helpers/context.js";
import { createCollection, createMember, createMovie, injectAs, type TestMember } from "./helpers/factories.js";

let ctx: TestContext;
let owner: TestMember;
let author: TestMember;
let reader: TestMember;
let collection: Collection;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_CREATES_PER_MIN: "1000" } });
  owner = await createMember(ctx);
  author = await createMember(ctx);
  reader = await createMember(ctx);
  collection = await createCollection(ctx, owner, { movieIds: [(await createMovie(ctx)).id] });
});
afterAll(async () => ctx.close());

const as = (member: TestMember | null) => injectAs(ctx, member);
const postComment = (member: TestMember | null, collectionId: number | string, payload: unknown) =>
  as(member)({ method: "POST", url: `/api/collection_comments/${collectionId}`, payload: payload as object });
async function comment(member: TestMember, collectionId: number, content: string): Promise<CollectionComment> {
  const res = await postComment(member, collectionId, { content });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const commentsCount = async (id: number) =>
  ((await as(null)({ method: "GET", url: `/api/collections/${id}` })).json() as Collection).comments_count;
const listIds = async (member: TestMember | null, collectionId: number, query = "") =>
  (
    (
      await as(member)({ method: "GET", url: `/api/collection_comments/${collectionId}/list${query}` })
    ).json() as CollectionComment[]
  ).map((c) => c.id);

describe("POST /api/collection_comments/{collection_id}", () => {
  it("creates a comment (201, like false) and counts it on the collection", async () => {
    const before = await commentsCount(collection.id);
    const res = await postComment(author, collection.id, { content: "  좋은 목록이네요\n잘 보고 갑니다  " });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      collection_id: collection.id,
      user_id: author.id,
      user_name: author.username,
      profile_url: expect.stringMatching(/^\/media\/avatar\/\d+\.svg\?v=[0-9a-f]{8}$/),
      content: "  좋은 목록이네요\n잘 보고 갑니다  ",
      likes_count: 0,
      like: false,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
    expect(await commentsCount(collection.id)).toBe(before + 1);
  });

  it("stores 10000 characters intact and refuses empty, blank and longer text", async () => {
    const longest = "가".repeat(9999) + "😀";
    expect((await comment(author, collection.id, longest)).content).toBe(longest);
    const cases: Array<[unknown, string]> = [
      [{}, "MISSING_FIELD"],
      [{ content: "" }, "INVALID_FIELD"],
      [{ content: " \n\t " }, "INVALID_FIELD"],
      [{ content: null }, "INVALID_FIELD"],
      [{ content: 5 }, "INVALID_FIELD"],
      [{ content: "가".repeat(10001) }, "TEXT_TOO_LONG"],
    ];
    for (const [payload, code] of cases) {
      const res = await postComment(author, collection.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ detail: expect.stringContaining("'content'"), code });
    }
  });

  it("answers 401 for visitors, 400 for malformed ids (before 404), 404 for unknown collections", async () => {
    const before = await countRows(ctx, "collection_comments");
    expect((await postComment(null, collection.id, { content: "x" })).json().code).toBe("AUTH_REQUIRED");
    const bad = await postComment(author, "abc", { content: "x" });
    expect(bad.json()).toEqual({ detail: expect.stringContaining("'collection_id'"), code: "INVALID_FIELD" });
    expect((await postComment(author, 999999, { content: "" })).statusCode).toBe(400);
    for (const id of ["999999", "2147483648"]) {
      const res = await postComment(author, id, { content: "x" });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("COLLECTION_NOT_FOUND");
    }
    expect(await countRows(ctx, "collection_comments")).toBe(before);
  });
});

describe("GET /api/collection_comments/{collection_id}/list", () => {
  it("lists oldest first, windowed, with the caller's like", async () => {
    const col = await createCollection(ctx, owner);
    const made = [];
    for (const text of ["하나", "둘", "셋", "넷"]) made.push(await comment(author, col.id, text));
    await as(reader)({ method: "PATCH", url: `/api/collection_comments/like/${made[1]!.id}` });
    const all = await as(reader)({ method: "GET", url: `/api/collection_comments/${col.id}/list` });
    expect(all.statusCode).toBe(200);
    const list: CollectionComment[] = all.json();
    expect(list.map((c) => c.content)).toEqual(["하나", "둘", "셋", "넷"]);
    expect(list.map((c) => c.like)).toEqual([false, true, false, false]);
    expect(list[1]!.likes_count).toBe(1);
    expect(await listIds(null, col.id)).toEqual(made.map((c) => c.id));
    expect(await listIds(null, col.id, "?begin=1&end=3")).toEqual([made[1]!.id, made[2]!.id]);
    expect(await listIds(null, col.id, "?begin=4")).toEqual([]);
    expect(await listIds(null, col.id, "?end=0")).toEqual([]);
    const badRange = await as(null)({ method: "GET", url: `/api/collection_comments/${col.id}/list?begin=x` });
    expect(badRange.json()).toEqual({ detail: expect.stringContaining("'begin'"), code: "INVALID_RANGE" });
    const missing = await as(null)({ method: "GET", url: "/api/collection_comments/999999/list" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("COLLECTION_NOT_FOUND");
  });

  it("hides blocked authors from the blocker only, before windowing; counts include them", async () => {
    const col = await createCollection(ctx, owner);
    const blocker = await createMember(ctx);
    const mine = await comment(reader, col.id, "읽는 사람");
    const hidden1 = await comment(author, col.id, "차단될 글 1");
    const other = await comment(owner, col.id, "주인");
    const hidden2 = await comment(author, col.id, "차단될 글 2");
    await insertBlock(ctx, blocker.id, author.id);

    expect(await listIds(blocker, col.id)).toEqual([mine.id, other.id]);
    expect(await listIds(blocker, col.id, "?begin=1&end=2")).toEqual([other.id]);
    const everyone = [mine.id, hidden1.id, other.id, hidden2.id];
    expect(await listIds(null, col.id)).toEqual(everyone);
    expect(await listIds(reader, col.id)).toEqual(everyone);
    // The blocked member still sees everything, and a single-comment GET is never filtered.
    expect(await listIds(author, col.id)).toEqual(everyone);
    const single = await as(blocker)({ method: "GET", url: `/api/collection_comments/${hidden1.id}` });
    expect(single.statusCode).toBe(200);
    expect(await commentsCount(col.id)).toBe(4);
  });
});

describe("single comments: GET, PATCH, DELETE", () => {
  it("reads one comment with the caller's like; 404 for unknown ids", async () => {
    const c = await comment(author, collection.id, "하나만");
    await as(reader)({ method: "PATCH", url: `/api/collection_comments/like/${c.id}` });
    const anonymous = await as(null)({ method: "GET", url: `/api/collection_comments/${c.id}` });
    expect(anonymous.json()).toEqual({ ...c, likes_count: 1, like: false });
    const liked = await as(reader)({ method: "GET", url: `/api/collection_comments/${c.id}` });
    expect(liked.json()).toEqual({ ...c, likes_count: 1, like: true });
    for (const id of ["999999", "2147483648"]) {
      const res = await as(null)({ method: "GET", url: `/api/collection_comments/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("COLLECTION_COMMENT_NOT_FOUND");
    }
  });

  it("edits the own comment only: 401 → 400 → 404 → 403, then 200 with the caller's like", async () => {
    const c = await comment(author, collection.id, "처음 글");
    const url = `/api/collection_comments/${c.id}`;
    const edit = (member: TestMember | null, target: string, payload: unknown) =>
      as(member)({ method: "PATCH", url: target, payload: payload as object });
    expect((await edit(null, url, { content: "x" })).json().code).toBe("AUTH_REQUIRED");
    expect((await edit(reader, url, { content: "  " })).json().code).toBe("INVALID_FIELD");
    expect((await edit(reader, url, {})).json().code).toBe("MISSING_FIELD");
    expect((await edit(reader, url, { content: "가".repeat(10001) })).json().code).toBe("TEXT_TOO_LONG");
    const unknown = await edit(reader, "/api/collection_comments/999999", { content: "x" });
    expect(unknown.json().code).toBe("COLLECTION_COMMENT_NOT_FOUND");
    const foreign = await edit(reader, url, { content: "남의 글" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe("NOT_OWNER");

    await as(author)({ method: "PATCH", url: `/api/collection_comments/like/${c.id}` });
    ctx.clock.advance(60);
    const res = await edit(author, url, { content: "고친 글\n두 줄" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...c, content: "고친 글\n두 줄", like: true, likes_count: 1 });
  });

  it("deletes the own comment only: 401, 404, 403, then 204 with its likes and the count", async () => {
    const col = await createCollection(ctx, owner);
    const c = await comment(author, col.id, "지울 글");
    await as(reader)({ method: "PATCH", url: `/api/collection_comments/like/${c.id}` });
    const url = `/api/collection_comments/${c.id}`;
    expect((await as(null)({ method: "DELETE", url })).statusCode).toBe(401);
    const unknown = await as(author)({ method: "DELETE", url: "/api/collection_comments/999999" });
    expect(unknown.json().code).toBe("COLLECTION_COMMENT_NOT_FOUND");
    // The collection's owner is not the comment's author.
    const foreign = await as(owner)({ method: "DELETE", url });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe("NOT_OWNER");
    expect(await commentsCount(col.id)).toBe(1);

    const res = await as(author)({ method: "DELETE", url, headers: { "content-type": "application/json" } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await as(null)({ method: "GET", url })).statusCode).toBe(404);
    expect(await commentsCount(col.id)).toBe(0);
    const likes = await ctx.db
      .selectFrom("collection_comment_likes")
      .select("id")
      .where("target_id", "=", c.id)
      .execute();
    expect(likes).toEqual([]);
    expect((await as(author)({ method: "DELETE", url })).statusCode).toBe(404);
  });
});

describe("comment likes", () => {
  it("answers a bare boolean and toggles to the full comment", async () => {
    const c = await comment(author, collection.id, "좋아요 받을 글");
    const url = `/api/collection_comments/like/${c.id}`;
    expect((await as(null)({ method: "GET", url })).statusCode).toBe(401);
    expect((await as(null)({ method: "PATCH", url })).statusCode).toBe(401);
    for (const method of ["GET", "PATCH"] as const) {
      const res = await as(reader)({ method, url: "/api/collection_comments/like/999999" });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("COLLECTION_COMMENT_NOT_FOUND");
    }
    const off = await as(reader)({ method: "GET", url });
    expect(off.statusCode).toBe(200);
    expect(off.body).toBe("false");
    const on = await as(reader)({ method: "PATCH", url, headers: { "content-type": "application/json" } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ ...c, like: true, likes_count: 1 });
    expect((await as(reader)({ method: "GET", url })).json()).toBe(true);
    expect((await as(author)({ method: "GET", url })).json()).toBe(false);
    expect((await as(reader)({ method: "PATCH", url })).json()).toMatchObject({ like: false, likes_count: 0 });
  });

  it("keeps likes_count equal to the likes under concurrent toggles", async () => {
    const c = await comment(author, collection.id, "동시에");
    const url = `/api/collection_comments/like/${c.id}`;
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(ctx)));
    const results = await Promise.all(members.map((m) => as(m)({ method: "PATCH", url })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const flips = await Promise.all(Array.from({ length: 4 }, () => as(reader)({ method: "PATCH", url })));
    expect(flips.every((r) => r.statusCode === 200)).toBe(true);
    expect((await as(reader)({ method: "GET", url })).json()).toBe(false);
    const now = await as(null)({ method: "GET", url: `/api/collection_comments/${c.id}` });
    expect(now.json().likes_count).toBe(6);
    expect(await counterMismatches(ctx)).toEqual([]);
  });
});

describe("with the collection", () => {
  it("comments, likes and counters disappear with a deleted collection", async () => {
    const col = await createCollection(ctx, owner);
    const c = await comment(author, col.id, "곧 사라질 글");
    await as(reader)({ method: "PATCH", url: `/api/collection_comments/like/${c.id}` });
    expect((await as(owner)({ method: "DELETE", url: `/api/collections/${col.id}` })).statusCode).toBe(204);
    const gone = await as(null)({ method: "GET", url: `/api/collection_comments/${c.id}` });
    expect(gone.json().code).toBe("COLLECTION_COMMENT_NOT_FOUND");
    const list = await as(null)({ method: "GET", url: `/api/collection_comments/${col.id}/list` });
    expect(list.json().code).toBe("COLLECTION_NOT_FOUND");
    expect(await counterMismatches(ctx)).toEqual([]);
  });
});
