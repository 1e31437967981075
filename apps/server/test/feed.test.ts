// GET /api/feed (issue #21): what followed members did, newest first — ratings collapsed per member and hour, written
// reviews, want-to-see marks, new collections, films added to collections; blocks either way, hidden and deleted
// things never shown; keyset windows that neither repeat nor skip while new activity arrives.
import type { FeedItem } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_HEADERS } from "./helpers/auth.js";
import { readCacheStats } from "../src/cache/index.js";
import { metrics } from "../src/lib/metrics.js";
import { createTestContext, dialectUnderTest, type TestContext } from "./helpers/context.js";
import { createCollection, createMember, createMovie, injectAs, type TestMember } from "./helpers/factories.js";

let ctx: TestContext;
let me: TestMember;
let films: number[];
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date("2026-03-02T10:00:00Z"));
  me = await createMember(ctx);
  films = [];
  for (let i = 0; i < 14; i++)
    films.push((await createMovie(ctx, { title: `소식 영화 ${i}`, genres: ["드라마", "스릴러"] })).id);
});
afterAll(async () => ctx.close());

/** Tests move the clock by hours: each call signs in afresh at the clock's time. */
async function fresh(who: TestMember): Promise<TestMember> {
  who.accessToken = (await ctx.services.auth.startSession(who.id)).access_token;
  return who;
}

async function feed(query = "", who: TestMember = me): Promise<FeedItem[]> {
  await fresh(who);
  const res = await injectAs(ctx, who)({ method: "GET", url: `/api/feed${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const call = async (who: TestMember, method: "POST" | "PATCH" | "DELETE" | "PUT", url: string, payload?: object) =>
  injectAs(
    ctx,
    await fresh(who),
  )({ method, url, ...(payload !== undefined ? { payload, headers: JSON_HEADERS } : {}) });

async function ok(promise: ReturnType<typeof call>) {
  const res = await promise;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

async function followed(): Promise<TestMember> {
  const member = await createMember(ctx);
  await ok(call(me, "POST", `/api/users/follow/${member.id}`));
  return member;
}

const rate = (who: TestMember, movieId: number, rating: number) =>
  ok(call(who, "PUT", `/api/reviews/movie/${movieId}/mine`, { rating }));

/** A film's average as its own page shows it. */
const averageOf = async (movieId: number): Promise<number | null> =>
  (await injectAs(ctx, null)({ method: "GET", url: `/api/movies/${movieId}` })).json().average_rating;

describe("GET /api/feed", () => {
  it("shows each kind of activity of followed members, ratings of one hour collapsed", async () => {
    const rater = await followed();
    const writer = await followed();
    const curator = await followed();
    const stranger = await createMember(ctx);

    ctx.clock.set(new Date("2026-03-02T11:05:00Z"));
    await rate(rater, films[0]!, 4);
    ctx.clock.advance(600);
    await rate(rater, films[1]!, 3.5);
    ctx.clock.advance(600);
    await rate(rater, films[2]!, 5);
    ctx.clock.set(new Date("2026-03-02T12:01:00Z"));
    await rate(rater, films[3]!, 2);
    ctx.clock.advance(60);
    await ok(call(writer, "PUT", `/api/reviews/movie/${films[4]}/mine`, { rating: 4.5, content: "올해 최고의 영화" }));
    ctx.clock.advance(60);
    await ok(call(writer, "PUT", `/api/reviews/movie/${films[5]}/mine`, { status: "WatchList" }));
    ctx.clock.advance(60);
    const collection = await createCollection(ctx, curator, { title: "봄 영화", movieIds: [films[6]!, films[7]!] });
    ctx.clock.advance(60);
    await ok(call(curator, "PATCH", `/api/collections/${collection.id}`, { add_movie_ids: [films[8]!, films[9]!] }));
    ctx.clock.advance(60);
    await rate(stranger, films[10]!, 3);

    const items = await feed();
    expect(items.map((i) => [i.type, i.user.id, i.count])).toEqual([
      ["collection_add", curator.id, 2],
      ["collection", curator.id, 4],
      ["want", writer.id, 1],
      ["review", writer.id, 1],
      ["rating", rater.id, 1],
      ["rating", rater.id, 3],
    ]);
    const [added, created, want, written, single, group] = items as [
      FeedItem,
      FeedItem,
      FeedItem,
      FeedItem,
      FeedItem,
      FeedItem,
    ];
    expect(group.movies.map((m) => m.id)).toEqual([films[2], films[1], films[0]]);
    expect(group.review).toBeNull();
    expect(group.created_at).toBe("2026-03-02T11:25:00");
    expect(group.id).toBe(`rating:${rater.id}:2026-03-02T11`);
    expect(single.review).toMatchObject({ movie_id: films[3], rating: 2 });
    expect(written.review).toMatchObject({ content: "올해 최고의 영화", rating: 4.5, like: false });
    expect(written.movies).toEqual([
      expect.objectContaining({
        id: films[4],
        title: "소식 영화 4",
        year: 2020,
        genres: ["드라마", "스릴러"],
        ratings_count: 1,
        average_rating: 4.5,
      }),
    ]);
    // A film with a TMDB poster (synced: poster_path, no stored URL) shows it in the feed as on its own page.
    await ctx.db
      .updateTable("movies")
      .set({ poster_url: null, poster_path: "/feedposter.jpg" })
      .where("id", "=", films[4]!)
      .execute();
    const page = (await injectAs(ctx, null)({ method: "GET", url: `/api/movies/${films[4]}` })).json<{
      poster_url: string;
    }>();
    expect(page.poster_url).toContain("feedposter.jpg");
    const card = (await feed()).find((i) => i.type === "review")!.movies[0]!;
    expect(card.poster_url).toBe(page.poster_url);
    expect(want.review).toMatchObject({ status: "WatchList", rating: 0 });
    expect(created.collection).toMatchObject({ id: collection.id, title: "봄 영화" });
    expect(created.movies.map((m) => m.id)).toEqual([films[6], films[7], films[8], films[9]]);
    expect(added.movies.map((m) => m.id).sort()).toEqual([films[8], films[9]].sort());
    expect(added.user).toMatchObject({ id: curator.id, username: curator.username });
    expect(added.user.profile_url).toMatch(/^\/media\/avatar\//);
  });

  it("shows the newest 12 films of a larger rating group, and its full count", async () => {
    const rater = await followed();
    ctx.clock.set(new Date("2026-03-03T09:00:00Z"));
    for (const film of films.slice(0, 14)) {
      await rate(rater, film, 4);
      ctx.clock.advance(60);
    }
    const [group] = (await feed()).filter((i) => i.user.id === rater.id);
    expect(group).toMatchObject({ type: "rating", count: 14, review: null });
    expect(group!.movies.map((m) => m.id)).toEqual(films.slice(2, 14).reverse());
  });

  it("leaves out blocked members either way, hidden reviews and deleted things", async () => {
    const viewer = await createMember(ctx);
    const [blocked, blocker, friend] = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
    for (const m of [blocked, blocker, friend]) await ok(call(viewer, "POST", `/api/users/follow/${m.id}`));
    await ok(call(viewer, "POST", `/api/users/block/${blocked.id}`));
    await ok(call(blocker, "POST", `/api/users/block/${viewer.id}`));
    ctx.clock.advance(60);
    await rate(blocked, films[0]!, 3);
    await rate(blocker, films[0]!, 3);
    await ok(call(friend, "PUT", `/api/reviews/movie/${films[1]}/mine`, { rating: 3, content: "지울 리뷰" }));
    ctx.clock.advance(60);
    await rate(friend, films[2]!, 4);
    ctx.clock.advance(60);
    const doomed = await createCollection(ctx, friend, { title: "지울 컬렉션" });
    expect((await feed("", viewer)).map((i) => i.type)).toEqual(["collection", "rating", "review"]);

    // Emptied (hidden or deleted, by API.md revision) and deleted: gone from the feed.
    await ok(call(friend, "PUT", `/api/reviews/movie/${films[2]}/mine`, { rating: 0 }));
    const review = (await feed("", viewer)).find((i) => i.type === "review")!.review!;
    await ok(call(friend, "DELETE", `/api/reviews/${review.id}`));
    await ok(call(friend, "DELETE", `/api/collections/${doomed.id}`));
    expect(await feed("", viewer)).toEqual([]);
  });

  it("builds again only the items of the member whose review changed", async () => {
    const viewer = await createMember(ctx);
    const [one, two, fan] = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
    await ok(call(viewer, "POST", `/api/users/follow/${one.id}`));
    await ok(call(viewer, "POST", `/api/users/follow/${two.id}`));
    ctx.clock.advance(60);
    const written = await ok(call(one, "PUT", `/api/reviews/movie/${films[5]}/mine`, { content: "하나의 리뷰" }));
    ctx.clock.advance(60);
    await ok(call(two, "PUT", `/api/reviews/movie/${films[6]}/mine`, { content: "둘의 리뷰" }));
    expect((await feed("", viewer)).map((i) => i.user.id)).toEqual([two.id, one.id]);
    const itemHits = () => readCacheStats().find((r) => r.name === "feed-items")!.hits;
    const before = itemHits();
    // A like of one's review: the window is built again, two's item is the kept one (SQLite; PostgreSQL builds both).
    await ok(call(fan, "PATCH", `/api/reviews/like/${(written.json() as { id: number }).id}`));
    const after = await feed("", viewer);
    expect(after.map((i) => [i.user.id, i.review?.likes_count])).toEqual([
      [two.id, 0],
      [one.id, 1],
    ]);
    expect(itemHits() - before).toBe(dialectUnderTest === "sqlite" ? 1 : 0);
  });

  it("shows a film's average as of the last rating while the items stay kept", async () => {
    const viewer = await createMember(ctx);
    const [friend, stranger] = [await createMember(ctx), await createMember(ctx)];
    await ok(call(viewer, "POST", `/api/users/follow/${friend.id}`));
    ctx.clock.advance(60);
    await rate(friend, films[7]!, 5);
    await ok(call(friend, "PUT", `/api/reviews/movie/${films[8]}/mine`, { rating: 4, content: "평균이 바뀔 영화" }));
    const cardOf = (items: FeedItem[], film: number) => items.flatMap((i) => i.movies).find((m) => m.id === film)!;
    const first = await feed("", viewer);
    const hitsOf = (region: string) => readCacheStats().find((r) => r.name === region)!.hits;
    const [itemsBefore, countedBefore] = [hitsOf("feed-items"), hitsOf("feed-counted")];
    // A stranger's stars move both films' averages: the window shows them, sent again from its kept cut at the
    // counters (SQLite; the test's check of that kept value builds it again, from the two kept items).
    await rate(stranger, films[7]!, 1);
    await rate(stranger, films[8]!, 1);
    const after = await feed("", viewer);
    expect(hitsOf("feed-counted") - countedBefore).toBe(dialectUnderTest === "sqlite" ? 1 : 0);
    expect(hitsOf("feed-items") - itemsBefore).toBe(dialectUnderTest === "sqlite" ? 2 : 0);
    for (const film of [films[7]!, films[8]!]) {
      const [was, now] = [cardOf(first, film), cardOf(after, film)];
      expect(now.ratings_count).toBe(was.ratings_count + 1);
      expect(now.average_rating).toBe(await averageOf(film));
    }
    expect(after.map((i) => i.id)).toEqual(first.map((i) => i.id));
  });

  it("stays kept through activity of members the reader does not follow, and shows every change of those they do", async () => {
    const viewer = await createMember(ctx);
    const [friend, stranger, fan] = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
    await ok(call(viewer, "POST", `/api/users/follow/${friend.id}`));
    ctx.clock.advance(60);
    const written = await ok(call(friend, "PUT", `/api/reviews/movie/${films[3]}/mine`, { content: "친구의 리뷰" }));
    const reviewId = (written.json() as { id: number }).id;
    const strangers = await ok(call(stranger, "PUT", `/api/reviews/movie/${films[4]}/mine`, { content: "남의 리뷰" }));
    const first = await feed("", viewer);
    expect(first.map((i) => i.review?.id)).toEqual([reviewId]);
    // A like and a reply on a stranger's review: on SQLite the viewer's feed is a kept answer, the same.
    const hits = () => readCacheStats().find((r) => r.name === "feed")!.hits;
    const before = hits();
    await ok(call(fan, "PATCH", `/api/reviews/like/${(strangers.json() as { id: number }).id}`));
    expect(await feed("", viewer)).toEqual(first);
    expect(hits() - before).toBe(dialectUnderTest === "sqlite" ? 1 : 0);
    // A like of the friend's review, a rename, an edit: each shows at once.
    await ok(call(fan, "PATCH", `/api/reviews/like/${reviewId}`));
    expect((await feed("", viewer))[0]!.review).toMatchObject({ likes_count: 1 });
    await ok(call(friend, "PATCH", "/api/users/me", { username: "이름바꾼친구" }));
    expect((await feed("", viewer))[0]!.user.username).toBe("이름바꾼친구");
    await ok(call(friend, "PUT", `/api/reviews/movie/${films[3]}/mine`, { content: "고친 리뷰" }));
    expect((await feed("", viewer))[0]!.review).toMatchObject({ content: "고친 리뷰" });
    // Unfollowing empties it.
    await ok(call(viewer, "DELETE", `/api/users/follow/${friend.id}`));
    expect(await feed("", viewer)).toEqual([]);
  });

  it("keyset windows neither repeat nor skip while new activity arrives", async () => {
    const viewer = await createMember(ctx);
    const members = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
    for (const m of members) await ok(call(viewer, "POST", `/api/users/follow/${m.id}`));
    ctx.clock.set(new Date("2026-03-05T00:00:00Z"));
    // 3 members × 6 hours of ratings, plus written reviews: every one of them its own item.
    for (let h = 0; h < 6; h++) {
      for (const [i, m] of members.entries()) {
        await rate(m, films[h]!, 3);
        if (h % 2 === 0) await ok(call(m, "PUT", `/api/reviews/movie/${films[6 + i]}/mine`, { content: `리뷰 ${h}` }));
        ctx.clock.advance(60);
      }
      ctx.clock.advance(3600);
    }
    const everything = await feed("?end=100", viewer);
    const seen: FeedItem[] = [];
    let query = "?end=4";
    for (let round = 0; round < 20; round++) {
      const window = await feed(query, viewer);
      if (window.length === 0) break;
      seen.push(...window);
      // New activity between windows: newer than anything shown, so it stays above the cursor.
      await rate(members[round % 3]!, films[11]!, (round % 5) + 1);
      await ok(
        call(members[(round + 1) % 3]!, "PUT", `/api/reviews/movie/${films[10]}/mine`, { content: `새 리뷰 ${round}` }),
      );
      ctx.clock.advance(30);
      const last = window[window.length - 1]!;
      query = `?end=4&before=${last.created_at}&before_id=${encodeURIComponent(last.id)}`;
    }
    const ids = seen.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Everything that existed when the first window was read is in some window, in the same order.
    expect(ids.filter((id) => everything.some((e) => e.id === id))).toEqual(everything.map((e) => e.id));
  });

  it("finds activity hours, days and months old, newest first, in windows that page across each look-back", async () => {
    // The feed reads the last 6 hours first, then 48 hours, then 45 days, then everything: items on each side of
    // every boundary must come out whole and in order, whatever the window size.
    const viewer = await createMember(ctx);
    const member = await createMember(ctx);
    await ok(call(viewer, "POST", `/api/users/follow/${member.id}`));
    const now = new Date("2026-06-01T12:30:00Z").getTime();
    const hoursAgo = [24 * 90, 24 * 20, 30, 2];
    for (const [i, hours] of hoursAgo.entries()) {
      ctx.clock.set(new Date(now - hours * 3_600_000));
      await rate(member, films[i]!, 4);
    }
    ctx.clock.set(new Date(now));
    const all = await feed("?end=10", viewer);
    expect(all.map((item) => item.created_at)).toEqual(
      hoursAgo.map((h) => new Date(now - h * 3_600_000).toISOString().slice(0, 19)).reverse(),
    );
    expect(all.map((item) => item.movies[0]?.id)).toEqual([films[3], films[2], films[1], films[0]]);
    for (const size of [1, 2, 3]) {
      const seen: string[] = [];
      let query = `?end=${size}`;
      for (let round = 0; round < 10; round++) {
        const window = await feed(query, viewer);
        if (window.length === 0) break;
        seen.push(...window.map((item) => item.id));
        const last = window[window.length - 1]!;
        query = `?end=${size}&before=${last.created_at}&before_id=${encodeURIComponent(last.id)}`;
      }
      expect(seen, `windows of ${size}`).toEqual(all.map((item) => item.id));
    }
  });

  it("reads a first window whole when a changed member's removal leaves the last one short", async () => {
    // x's newer review leaves a window of two whose end is z's; x's older one must not take its place over y's.
    const reader = await createMember(ctx);
    const [x, y, z] = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
    for (const member of [x, y, z]) await ok(call(reader, "POST", `/api/users/follow/${member.id}`));
    const write = async (who: TestMember, film: number, content: string) => {
      ctx.clock.advance(60);
      await ok(call(who, "PUT", `/api/reviews/movie/${film}/mine`, { content }));
    };
    await write(x, films[0]!, "x의 먼저 쓴 리뷰");
    await write(y, films[1]!, "y의 리뷰");
    await write(z, films[2]!, "z의 리뷰");
    await write(x, films[3]!, "x의 나중 리뷰");
    const authors = async () => (await feed("?begin=0&end=2", reader)).map((item) => item.user.id);
    expect(await authors()).toEqual([x.id, z.id]);
    await write(x, films[3]!, "");
    expect(await authors()).toEqual([z.id, y.id]);
  });

  it("a first window worked out from the last one and the changed members' activity equals one read whole", async () => {
    // Every window below built from a kept one is also built from scratch and compared (verifyReadCache, test/setup.ts):
    // a difference fails the request. Windows of 1–5 items end inside the activity, so each write lands above, at or
    // below the last window's oldest item.
    const reader = await createMember(ctx);
    const members: TestMember[] = [];
    for (let i = 0; i < 6; i++) {
      const member = await createMember(ctx);
      await ok(call(reader, "POST", `/api/users/follow/${member.id}`));
      members.push(member);
    }
    const changed = () => metrics.render().match(/moviepedia_feed_windows_total\{read="changed"\} (\d+)/)?.[1] ?? "0";
    const before = Number(changed());
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let step = 0; step < 150; step++) {
      const who = members[random(members.length)]!;
      const film = films[random(films.length)]!;
      const write: Record<string, unknown>[] = [
        { rating: (1 + random(10)) / 2 },
        { content: `소식 ${step}: 다시 보고 싶은 영화`, rating: (1 + random(10)) / 2 },
        { content: "" },
        { rating: 0, content: "", status: "" },
        { rating: 0, status: "WatchList" },
      ];
      await ok(call(who, "PUT", `/api/reviews/movie/${film}/mine`, write[random(write.length)]!));
      // Minutes apart, now and then hours: groups of one hour gain and lose ratings on either side of a window's end.
      ctx.clock.advance(random(12) === 0 ? 3600 + random(60) * 60 : random(15) * 60);
      const whole = await feed("?begin=0&end=20", reader);
      for (const end of [1, 2, 3, 5]) {
        expect((await feed(`?begin=0&end=${end}`, reader)).map((i) => i.id)).toEqual(
          whole.slice(0, end).map((i) => i.id),
        );
      }
    }
    // On SQLite most windows were worked out from the last one (on PostgreSQL every write makes the last one stale).
    if (dialectUnderTest === "sqlite") expect(Number(changed()) - before).toBeGreaterThan(300);
  });

  it("answers 20 items by default, at most 100, and refuses bad cursors and anonymous callers", async () => {
    const viewer = await createMember(ctx);
    const fan = await createMember(ctx);
    await ok(call(viewer, "POST", `/api/users/follow/${fan.id}`));
    ctx.clock.set(new Date("2026-04-01T00:00:00Z"));
    for (let i = 0; i < 24; i++) {
      await createCollection(ctx, fan, { title: `컬렉션 ${i}` });
      ctx.clock.advance(1);
    }
    expect(await feed("", viewer)).toHaveLength(20);
    expect(await feed("?begin=20", viewer)).toHaveLength(4);
    expect(await feed("?begin=30", viewer)).toEqual([]);
    expect((await ctx.app.inject({ method: "GET", url: "/api/feed" })).statusCode).toBe(401);
    const bad = await injectAs(ctx, viewer)({ method: "GET", url: "/api/feed?before=yesterday" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "INVALID_FIELD" });
    const range = await injectAs(ctx, viewer)({ method: "GET", url: "/api/feed?end=-2" });
    expect(range.json().code).toBe("INVALID_RANGE");
  });
});
