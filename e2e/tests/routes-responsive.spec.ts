// Every route of SPEC §2 at a phone's width (390 px) and a desktop's (1366 px), as a visitor and as a member: each
// page shows its heading without page errors, console errors or sideways scrolling; phones get the bottom
// navigation, desktops the top bar (and the 1200 px column on wide pages).
import type { Collection, Review, SearchResult } from "@moviepedia/contract";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { movieByTitle, memberOn } from "./support/catalog-helpers.js";

const WIDTHS = [
  { width: 390, height: 844, desktop: false },
  { width: 1366, height: 860, desktop: true },
] as const;

interface Ids {
  movie: number;
  person: number;
  member: number;
  review: Review;
  collection: number;
}

async function demoIds(request: APIRequestContext): Promise<Ids> {
  const movie = await movieByTitle(request, "기생충");
  const reviews = (await (await request.get(`/api/reviews/movie/${movie.id}?sort=likes`)).json()) as Review[];
  const review = reviews.find((candidate) => candidate.content !== "");
  const search = (await (await request.get("/api/search?search_q=기생충&end=1")).json()) as SearchResult;
  if (!review || search.collection_list.length === 0) throw new Error("the demo data has no review or collection");
  return {
    movie: movie.id,
    person: movie.participants[0]!.id,
    member: review.user_id,
    review,
    collection: search.collection_list[0]!,
  };
}

/** Visits `path` at each width and checks the frame; `heading` is the page's h1 (a pattern). */
async function tour(page: Page, routes: [string, RegExp][], wide: Set<string>) {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    // SPEC §8's line for a member-only page opened by a visitor is expected; nothing else is.
    if (message.type() === "error" && !message.text().startsWith("No access token available"))
      problems.push(`console: ${message.text()} (${page.url()})`);
  });
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const [path, heading] of routes) {
      await test.step(`${path} at ${size.width} px`, async () => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading }).first()).toBeVisible();
        await expect(page.getByRole("progressbar")).toHaveCount(0);
        const nav = page.getByRole("navigation", { name: "주요 메뉴" });
        await expect(nav).toHaveCount(1);
        const banner = page.locator("header").filter({ has: nav });
        if (size.desktop) {
          await expect(banner).toBeVisible();
          const expected = wide.has(path) ? "wide" : "narrow";
          await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", expected);
        } else {
          await expect(banner).toHaveCount(0);
          await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "phone");
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(0);
      });
    }
  }
  expect(problems).toEqual([]);
}

test("every public route renders at 390 px and 1366 px", async ({ page, request }) => {
  test.setTimeout(180_000);
  const ids = await demoIds(request);
  const routes: [string, RegExp][] = [
    ["/", /무비피디아/],
    ["/movies", /차트/],
    [`/movies/${ids.movie}`, /기생충/],
    [`/movies/${ids.movie}/comments`, /코멘트/],
    [`/comments/${ids.movie}/${ids.review.id}`, /코멘트/],
    [`/people/${ids.person}`, /./],
    ["/login", /로그인/],
    ["/signup", /회원가입/],
    [`/profile/${ids.member}`, /프로필/],
    [`/profile/${ids.member}/collections`, /컬렉션/],
    [`/profile/${ids.member}/reviews`, /./],
    [`/profile/${ids.member}/followers`, /팔로워/],
    [`/profile/${ids.member}/followings`, /팔로잉/],
    ["/monthly/2026-11", /./],
    ["/rating", /./],
    ["/news", /./],
    ["/search", /검색/],
    [`/search?query=${encodeURIComponent("봉준호")}`, /검색/],
    [`/collections/${ids.collection}`, /컬렉션/],
    ["/recommend", /추천/],
    ["/analysis", /취향/],
    ["/no/such/page", /페이지 없음/],
  ];
  const wide = new Set([
    "/",
    "/movies",
    `/movies/${ids.movie}`,
    `/people/${ids.person}`,
    `/collections/${ids.collection}`,
  ]);
  await tour(page, routes, wide);
});

test("every member route renders at 390 px and 1366 px", async ({ page }) => {
  test.setTimeout(180_000);
  const me = await memberOn(page, "/");
  const created = await page.request.post("/api/collections", {
    headers: { Authorization: `Bearer ${me.token}` },
    data: { title: "주말에 볼 영화", overview: null, movie_ids: [] },
  });
  expect(created.status()).toBe(201);
  const collection = (await created.json()) as Collection;
  const routes: [string, RegExp][] = [
    ["/", /무비피디아/],
    [`/profile/${me.userId}`, /마이페이지/],
    [`/profile/${me.userId}/likes`, /좋아요/],
    [`/profile/${me.userId}/collections/new`, /컬렉션/],
    [`/collections/${collection.id}/edit`, /컬렉션/],
    ["/mypage/settings", /설정/],
    ["/mypage/settings/block", /차단/],
    ["/recommend", /추천/],
    ["/analysis", /취향/],
  ];
  await tour(page, routes, new Set(["/"]));
});
