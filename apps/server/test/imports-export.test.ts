// GET /api/users/me/export (issue #19, docs/imports.md) and the round trip: a busy member's JSON export imported into
// a fresh account gives identical ratings, statuses, texts, spoiler flags, collections, 관심없어요, follows, blocks,
// likes of every kind, replies and collection comments, without notifying anyone; a re-import changes nothing;
// marks whose target is not here are reported, never a 500; the CSV export is a zip of one file per kind; an export
// past one page (1,000 rows) is whole; counters equal recounts afterwards. Also the TMDB fallback of matching,
// against the loopback TMDB fake (never the internet).
import type { ImportJob, ImportReason } from "@moviepedia/contract";
import { unzipSync, strFromU8 } from "fflate";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toTimestamp } from "../src/lib/time.js";
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
import { FAKE_TMDB_KEY, type FakeServer, startFakeTmdb } from "./helpers/fake-tmdb.js";
import { counterMismatches } from "./helpers/integrity.js";
import { film } from "./helpers/tmdb-fixtures.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_CREATES_PER_MIN: "0" } });
});
afterAll(async () => {
  await ctx?.close();
});

async function exportOf(member: TestMember, format: "json" | "csv") {
  const res = await injectAs(ctx, member)({ method: "GET", url: `/api/users/me/export?format=${format}` });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res;
}

async function importJson(member: TestMember, body: string, query = ""): Promise<ImportJob> {
  const res = await injectAs(
    ctx,
    member,
  )({
    method: "POST",
    url: `/api/users/me/imports?format=moviepedia${query}`,
    headers: { "content-type": "application/json" },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(202);
  await ctx.services.imports.idle();
  const job = await injectAs(ctx, member)({ method: "GET", url: `/api/users/me/imports/${res.json().id}` });
  return job.json<ImportJob>();
}

/** What a member set on films, comparable across accounts. */
async function reviewState(member: TestMember) {
  const rows = await ctx.db
    .selectFrom("reviews")
    .select(["movie_id", "rating", "status", "content", "spoiler"])
    .where("user_id", "=", member.id)
    .where((eb) => eb.or([eb("rating", ">", 0), eb("status", "<>", ""), eb("content", "<>", "")]))
    .orderBy("movie_id")
    .execute();
  return rows;
}

/** What a member set on other things: dismissals, follows, blocks, likes of each kind, replies, comments. */
async function markState(member: TestMember) {
  const ids = async (
    table:
      | "follows"
      | "blocks"
      | "review_likes"
      | "reply_likes"
      | "collection_likes"
      | "collection_comment_likes"
      | "person_likes",
  ) =>
    (
      await ctx.db.selectFrom(table).select("target_id").where("user_id", "=", member.id).orderBy("target_id").execute()
    ).map((r) => r.target_id);
  return {
    dismissals: (
      await ctx.db
        .selectFrom("movie_dismissals")
        .select("movie_id")
        .where("user_id", "=", member.id)
        .orderBy("movie_id")
        .execute()
    ).map((r) => r.movie_id),
    follows: await ids("follows"),
    blocks: await ids("blocks"),
    likes: {
      review: await ids("review_likes"),
      reply: await ids("reply_likes"),
      collection: await ids("collection_likes"),
      collection_comment: await ids("collection_comment_likes"),
      person: await ids("person_likes"),
    },
    replies: await ctx.db
      .selectFrom("replies")
      .select(["review_id", "content"])
      .where("user_id", "=", member.id)
      .orderBy("id")
      .execute(),
    comments: await ctx.db
      .selectFrom("collection_comments")
      .select(["collection_id", "content"])
      .where("user_id", "=", member.id)
      .orderBy("id")
      .execute(),
  };
}

/** Notifications a member caused (as their actor). */
async function causedNotifications(member: TestMember): Promise<number> {
  const row = await ctx.db
    .selectFrom("notification_actors")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("actor_id", "=", member.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function collectionState(member: TestMember) {
  const lists = await ctx.db
    .selectFrom("collections")
    .select(["id", "title", "overview"])
    .where("user_id", "=", member.id)
    .orderBy("id")
    .execute();
  const out = [];
  for (const list of lists) {
    const movies = await ctx.db
      .selectFrom("collection_movies")
      .select("movie_id")
      .where("collection_id", "=", list.id)
      .orderBy("position")
      .execute();
    out.push({ title: list.title, overview: list.overview, movies: movies.map((m) => m.movie_id) });
  }
  return out;
}

describe("export and round trip", () => {
  let busy: TestMember;
  let friend: TestMember;
  let stranger: TestMember;
  let ids: number[];
  let theirs: { id: number };
  let friendList: { id: number };
  let person: { id: number };

  beforeAll(async () => {
    busy = await createMember(ctx);
    friend = await createMember(ctx);
    stranger = await createMember(ctx);
    ids = [];
    for (let i = 0; i < 8; i++) ids.push((await createMovie(ctx, { title: `왕복 영화 ${i}`, year: 2000 + i })).id);
    const [a, b, c, d, e, f, g, h] = ids as [number, number, number, number, number, number, number, number];
    await createReview(ctx, busy, a, { rating: 4.5 });
    await createReview(ctx, busy, b, { status: "WatchList" });
    await createReview(ctx, busy, c, { status: "Watching", rating: 3 });
    await createReview(ctx, busy, d, { rating: 2, content: '반전이 전부인 영화.\n둘째 줄, "따옴표"', spoiler: true });
    await createReview(ctx, busy, e, { content: "별점 없이 코멘트만" });
    const hidden = await createReview(ctx, busy, f, { rating: 1 });
    await ctx.services.reviews.edit(busy.id, hidden.id, { rating: 0 });
    theirs = await createReview(ctx, friend, a, { rating: 5, content: "친구의 코멘트" });
    await createReply(ctx, busy, theirs.id, "동의해요, 정말");
    await injectAs(ctx, busy)({ method: "PATCH", url: `/api/reviews/like/${theirs.id}` });
    const friendReply = await createReply(ctx, friend, theirs.id, "고마워요");
    await injectAs(ctx, busy)({ method: "PATCH", url: `/api/comments/like/${friendReply.id}` });
    await createCollection(ctx, busy, { title: "봉준호 모음", overview: "순서가 중요해요", movieIds: [g, a, d] });
    await createCollection(ctx, busy, { title: "빈 컬렉션", movieIds: [] });
    friendList = await createCollection(ctx, friend, { title: "친구 컬렉션", movieIds: [h] });
    await ctx.services.collectionComments.create(friendList.id, busy.id, "좋은 목록이네요");
    const friendComment = await ctx.services.collectionComments.create(friendList.id, friend.id, "제 목록이에요");
    await injectAs(ctx, busy)({ method: "PATCH", url: `/api/collections/like/${friendList.id}` });
    await injectAs(ctx, busy)({ method: "PATCH", url: `/api/collection_comments/like/${friendComment.id}` });
    await injectAs(ctx, busy)({ method: "POST", url: `/api/users/follow/${friend.id}` });
    await injectAs(ctx, busy)({ method: "POST", url: `/api/users/block/${stranger.id}` });
    await injectAs(ctx, busy)({ method: "PUT", url: `/api/movies/${h}/dismissed` });
    person = await createPerson(ctx, "좋아하는 배우");
    await injectAs(ctx, busy)({ method: "PATCH", url: `/api/participants/like/${person.id}` });
  });

  it("JSON: an attachment with everything the member wrote or set", async () => {
    const res = await exportOf(busy, "json");
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="moviepedia-\d+-\d{8}\.json"$/);
    const data = res.json();
    expect(data).toMatchObject({ format: "moviepedia", version: 1, profile: { id: busy.id, username: busy.username } });
    expect(data.reviews).toHaveLength(5); // the emptied review is nothing the member set
    expect(data.reviews.find((r: { spoiler: boolean }) => r.spoiler)).toMatchObject({
      rating: 2,
      content: '반전이 전부인 영화.\n둘째 줄, "따옴표"',
      movie: { id: ids[3], title: "왕복 영화 3", year: 2003 },
    });
    expect(data.replies).toEqual([
      expect.objectContaining({ content: "동의해요, 정말", review_author: friend.username }),
    ]);
    expect(data.collections.map((c: { title: string }) => c.title)).toEqual(["봉준호 모음", "빈 컬렉션"]);
    expect(data.collections[0].movies.map((m: { movie: { id: number } }) => m.movie.id)).toEqual([
      ids[6],
      ids[0],
      ids[3],
    ]);
    expect(data.collection_comments).toEqual([expect.objectContaining({ content: "좋은 목록이네요" })]);
    expect(data.likes.review).toHaveLength(1);
    expect(data.likes.reply).toEqual([expect.objectContaining({ label: "고마워요" })]);
    expect(data.likes.collection).toEqual([expect.objectContaining({ label: "친구 컬렉션" })]);
    expect(data.likes.collection_comment).toEqual([expect.objectContaining({ label: "제 목록이에요" })]);
    expect(data.likes.person).toEqual([expect.objectContaining({ label: "좋아하는 배우" })]);
    expect(data.follows).toEqual([expect.objectContaining({ user_id: friend.id, username: friend.username })]);
    expect(data.blocks).toHaveLength(1);
    expect(data.dismissals).toEqual([expect.objectContaining({ movie: expect.objectContaining({ id: ids[7] }) })]);
  });

  it("CSV: a zip of one file per kind, each film with title, year and external ids", async () => {
    const res = await exportOf(busy, "csv");
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="moviepedia-\d+-\d{8}\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      [
        "blocks.csv",
        "collection_comments.csv",
        "collections.csv",
        "comments.csv",
        "dismissals.csv",
        "follows.csv",
        "likes_collection_comments.csv",
        "likes_collections.csv",
        "likes_people.csv",
        "likes_replies.csv",
        "likes_reviews.csv",
        "profile.csv",
        "ratings.csv",
        "replies.csv",
        "statuses.csv",
      ].sort(),
    );
    const table = (name: string) =>
      parse(strFromU8(files[name]!), { bom: true, columns: true }) as Array<Record<string, string>>;
    const ratings = table("ratings.csv");
    expect(ratings.map((r) => [r.Title, r.Year, r.Rating])).toEqual([
      ["왕복 영화 0", "2000", "4.5"],
      ["왕복 영화 2", "2002", "3"],
      ["왕복 영화 3", "2003", "2"],
    ]);
    expect(Object.keys(ratings[0]!)).toEqual(
      expect.arrayContaining(["Title", "Year", "tmdbID", "imdbID", "Rating", "WatchedDate"]),
    );
    expect(table("statuses.csv").map((r) => r.status)).toEqual(["WatchList", "Watching"]);
    expect(table("comments.csv").map((r) => [r.Review, r.spoiler])).toEqual([
      ['반전이 전부인 영화.\n둘째 줄, "따옴표"', "true"],
      ["별점 없이 코멘트만", "false"],
    ]);
    expect(table("collections.csv").map((r) => [r.collection_title, r.position, r.Title])).toEqual([
      ["봉준호 모음", "0", "왕복 영화 6"],
      ["봉준호 모음", "1", "왕복 영화 0"],
      ["봉준호 모음", "2", "왕복 영화 3"],
      ["빈 컬렉션", "", ""],
    ]);
  });

  it("round trip: the JSON export imported into a fresh account gives the same reviews, collections and marks", async () => {
    const text = (await exportOf(busy, "json")).body;
    const fresh = await createMember(ctx);
    const job = await importJson(fresh, text);
    expect(job).toMatchObject({ status: "done", format: "moviepedia", unmatched_count: 0 });
    // Five reviews, two collections; one dismissal, one reply, one collection comment, five likes (one of each
    // kind), one follow, one block.
    expect(job).toMatchObject({ total: 17, processed: 17, created: 17, updated: 0, skipped: 0 });
    expect(await reviewState(fresh)).toEqual(await reviewState(busy));
    expect(await collectionState(fresh)).toEqual(await collectionState(busy));
    const marks = await markState(busy);
    expect(marks.likes).toEqual({
      review: [theirs.id],
      reply: [expect.any(Number)],
      collection: [friendList.id],
      collection_comment: [expect.any(Number)],
      person: [person.id],
    });
    expect(marks).toMatchObject({ dismissals: [ids[7]], follows: [friend.id], blocks: [stranger.id] });
    expect(await markState(fresh)).toEqual(marks);
    // Restored, not new: nobody hears of the imported likes, follows, replies or comments.
    expect(await causedNotifications(fresh)).toBe(0);
    const friendRow = await ctx.db
      .selectFrom("users")
      .select(["follower_count"])
      .where("id", "=", friend.id)
      .executeTakeFirstOrThrow();
    expect(friendRow.follower_count).toBe(2);
    expect(await counterMismatches(ctx)).toEqual([]);
    // Again: nothing changes.
    const again = await importJson(fresh, text);
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 17, unmatched_count: 0 });
    expect(await collectionState(fresh)).toEqual(await collectionState(busy));
    expect(await markState(fresh)).toEqual(marks);
    expect(await counterMismatches(ctx)).toEqual([]);
  });

  it("marks whose target is not here are reported with a reason and the rest is restored", async () => {
    const fresh = await createMember(ctx);
    const [a, , , , , , , h] = ids as [number, number, number, number, number, number, number, number];
    const keyOf = async (id: number) =>
      (await ctx.db.selectFrom("movies").select("key").where("id", "=", id).executeTakeFirstOrThrow()).key;
    const gone = await createReview(ctx, friend, ids[5]!, { rating: 3 });
    await ctx.services.reviews.edit(friend.id, gone.id, { rating: 0 }); // hidden: nothing to like or answer
    const file = {
      format: "moviepedia",
      version: 1,
      reviews: [],
      dismissals: [
        { movie: { title: "어디에도 없는 영화", year: 1901 } },
        { movie: { key: await keyOf(h) } },
        { created_at: "2024-01-01" },
      ],
      replies: [
        { review_id: 99_999_999, review_author: friend.username, content: "없는 리뷰에" },
        { review_id: theirs.id, review_author: friend.username, content: "   " },
        { review_id: theirs.id, review_author: "다른 사람", content: "다른 사람의 같은 번호 리뷰에" },
        { review_id: gone.id, review_author: friend.username, content: "숨겨진 리뷰에" },
        { review_id: theirs.id, review_author: friend.username, content: "x".repeat(10_001) },
        { review_id: theirs.id, review_author: friend.username, content: "잘 봤어요\u202e" },
        { review_id: theirs.id, review_author: friend.username, content: "잘 봤어요", movie: { key: await keyOf(a) } },
      ],
      collection_comments: [{ collection_id: friendList.id, collection_title: "다른 제목", content: "안녕" }],
      likes: {
        review: [
          { target_id: theirs.id, label: "다른 영화 제목" },
          { target_id: gone.id, label: "왕복 영화 5" },
          { target_id: theirs.id, label: "왕복 영화 0" },
        ],
        reply: [{ target_id: 99_999_999, label: "x" }],
        collection: ["이상한 항목"],
        person: [{ target_id: person.id, label: "좋아하는 배우" }],
      },
      follows: [
        { user_id: 99_999_999, username: "nobody" },
        { user_id: friend.id, username: "다른이름" },
        { user_id: fresh.id, username: fresh.username },
        { user_id: friend.id, username: friend.username },
      ],
      blocks: [{ user_id: stranger.id }, { user_id: stranger.id, username: stranger.username }],
    };
    const job = await importJson(fresh, JSON.stringify(file));
    expect(job.status).toBe("done");
    const reasons = job.unmatched.map((u) => [u.file, u.line, u.reason]);
    const expected: Array<[string, number, ImportReason]> = [
      ["dismissals", 1, "not_found"],
      ["dismissals", 3, "missing_title"],
      ["replies", 1, "target_not_found"],
      ["replies", 2, "invalid_text"],
      ["replies", 3, "target_not_found"],
      ["replies", 4, "target_not_found"],
      ["replies", 5, "text_too_long"],
      ["replies", 6, "invalid_text"],
      ["collection_comments", 1, "target_not_found"],
      ["likes.review", 1, "target_not_found"],
      ["likes.review", 2, "target_not_found"],
      ["likes.reply", 1, "target_not_found"],
      ["likes.collection", 1, "target_not_found"],
      ["follows", 1, "member_not_found"],
      ["follows", 2, "member_not_found"],
      ["follows", 3, "self"],
      ["blocks", 1, "member_not_found"],
    ];
    expect(reasons).toEqual(expected);
    expect(job.unmatched.find((u) => u.file === "follows" && u.line === 2)).toMatchObject({ title: "다른이름" });
    expect(job).toMatchObject({ total: 23, processed: 23, created: 6, skipped: 0, unmatched_count: 17 });
    const state = await markState(fresh);
    expect(state).toMatchObject({
      dismissals: [h],
      follows: [friend.id],
      blocks: [stranger.id],
      likes: { review: [theirs.id], reply: [], collection: [], collection_comment: [], person: [person.id] },
      replies: [{ review_id: theirs.id, content: "잘 봤어요" }],
      comments: [],
    });
    expect(await counterMismatches(ctx)).toEqual([]);
  });

  it("400 for a missing or unknown format, 401 without a bearer", async () => {
    const none = await injectAs(ctx, busy)({ method: "GET", url: "/api/users/me/export" });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe("MISSING_FIELD");
    const xml = await injectAs(ctx, busy)({ method: "GET", url: "/api/users/me/export?format=xml" });
    expect(xml.statusCode).toBe(400);
    expect(xml.json()).toMatchObject({ code: "INVALID_FIELD" });
    const visitor = await injectAs(ctx, null)({ method: "GET", url: "/api/users/me/export?format=json" });
    expect(visitor.statusCode).toBe(401);
  });
});

describe("more than one page and one batch", () => {
  it("imports 1,100 Letterboxd ratings in batches and exports all of them", async () => {
    const member = await createMember(ctx);
    const at = toTimestamp(ctx.clock.now());
    const count = 1100;
    const rows = Array.from({ length: count }, (_, i) => ({
      key: `bulk-${i}`,
      title: `대량 영화 ${i}`,
      original_title: `Bulk Film ${i}`,
      english_title: null,
      year: 1990 + (i % 30),
      synopsis: "",
      created_at: at,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await ctx.db
        .insertInto("movies")
        .values(rows.slice(i, i + 200))
        .execute();
    const csv = [
      "Date,Name,Year,Letterboxd URI,Rating",
      ...rows.map((r, i) => `2024-01-01,${r.original_title},${r.year},https://boxd.it/${i},${((i % 10) + 1) / 2}`),
    ].join("\n");
    const res = await injectAs(
      ctx,
      member,
    )({
      method: "POST",
      url: "/api/users/me/imports?format=letterboxd",
      headers: { "content-type": "text/csv" },
      payload: csv,
    });
    expect(res.statusCode).toBe(202);
    await ctx.services.imports.idle();
    const job = (
      await injectAs(ctx, member)({ method: "GET", url: `/api/users/me/imports/${res.json().id}` })
    ).json<ImportJob>();
    expect(job).toMatchObject({ status: "done", total: count, processed: count, created: count, unmatched_count: 0 });
    const data = (await exportOf(member, "json")).json();
    expect(data.reviews).toHaveLength(count);
    expect(new Set(data.reviews.map((r: { movie: { key: string } }) => r.movie.key)).size).toBe(count);
    const files = unzipSync(new Uint8Array((await exportOf(member, "csv")).rawPayload));
    const ratings = parse(strFromU8(files["ratings.csv"]!), { bom: true, columns: true });
    expect(ratings).toHaveLength(count);
    expect(await counterMismatches(ctx)).toEqual([]);
  });
});

describe("matching through TMDB when it is configured", () => {
  let tmdbCtx: TestContext;
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await startFakeTmdb({
      movies: new Map([
        [
          9100,
          film({ id: 9100, title: "한강의 밤", original_title: "Night of Han River", release_date: "2024-07-20" }),
        ],
        [
          9200,
          film({
            id: 9200,
            title: "먼 산",
            original_title: "Far Mountain",
            release_date: "2021-03-01",
            imdb_id: "tt7770002",
          }),
        ],
      ]),
      people: new Map(),
      popular: [],
      search: { "Night of Han River": [9100] },
    });
    tmdbCtx = await createTestContext({ env: { TMDB_API_KEY: FAKE_TMDB_KEY, TMDB_BASE_URL: `${fake.url}/3` } });
  });
  afterAll(async () => {
    await tmdbCtx?.close();
    await fake?.close();
  });

  it("finds IMDb ids and searches titles there, creating the films", async () => {
    const member = await createMember(tmdbCtx);
    const send = async (format: string, body: string) => {
      const res = await injectAs(
        tmdbCtx,
        member,
      )({
        method: "POST",
        url: `/api/users/me/imports?format=${format}`,
        headers: { "content-type": "text/csv" },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(202);
      await tmdbCtx.services.imports.idle();
      return (
        await injectAs(tmdbCtx, member)({ method: "GET", url: `/api/users/me/imports/${res.json().id}` })
      ).json<ImportJob>();
    };
    const imdb = await send(
      "imdb",
      "Const,Your Rating,Title,Year\ntt7770002,8,Far Mountain,2021\ntt0000009,5,Nothing,1990\n",
    );
    expect(imdb).toMatchObject({ created: 1, unmatched_count: 1 });
    const letterboxd = await send(
      "letterboxd",
      "Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Night of Han River,2024,u,4\n",
    );
    expect(letterboxd).toMatchObject({ created: 1, unmatched_count: 0 });
    const movies = await tmdbCtx.db
      .selectFrom("movies")
      .innerJoin("reviews", "reviews.movie_id", "movies.id")
      .select(["movies.tmdb_id", "movies.title", "reviews.rating"])
      .where("reviews.user_id", "=", member.id)
      .orderBy("movies.tmdb_id")
      .execute();
    expect(movies).toEqual([
      { tmdb_id: 9100, title: "한강의 밤", rating: 4 },
      { tmdb_id: 9200, title: "먼 산", rating: 4 },
    ]);
    expect(fake.requests.some((r) => r.startsWith("/3/find/tt7770002"))).toBe(true);
    expect(await counterMismatches(tmdbCtx)).toEqual([]);
  });
});
