// Browser journeys of issue 3: charts with posters on / and /movies, the movie page and the person page with
// every element of SPEC §2, for a visitor and a member.
import { CHART_SIZES, MSG, type Movie, type Person, type PersonCredits, type Review } from "@moviepedia/contract";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { allMovies, expectImagesLoaded, memberOn, movieByTitle } from "./support/catalog-helpers.js";

async function chart(request: APIRequestContext, type: string): Promise<Movie[]> {
  return ((await (await request.get(`/api/movies?chart_type=${type}`)).json()) as Movie[]).reverse();
}

test("home shows the HOT ranking and the box office numbered from 1, with posters", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "무비피디아" })).toBeVisible();
  await expect(page.getByRole("link", { name: /취향 분석/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /추천/ }).first()).toBeVisible();
  for (const [label, type] of [
    ["HOT 랭킹", "watcha10"],
    ["박스오피스 순위", "box_office"],
  ] as const) {
    const expected = await chart(page.request, type);
    expect(expected).toHaveLength(CHART_SIZES[type]);
    const row = page.getByRole("region", { name: label });
    const items = row.getByRole("listitem");
    await expect(items).toHaveCount(expected.length);
    // Rank 1 is the API's last element.
    await expect(items.first()).toContainText(`1${expected[0]?.title}`);
    await expect(items.last()).toContainText(`${expected.length}${expected.at(-1)?.title}`);
    await expectImagesLoaded(row, expected.length);
  }
  await page.getByRole("region", { name: "HOT 랭킹" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/movies\/\d+$/);
});

test("/movies shows the box office, purchase and streaming charts with posters", async ({ page }) => {
  await page.goto("/movies");
  await expect(page.getByRole("heading", { level: 1, name: "차트" })).toBeVisible();
  for (const [label, type] of [
    ["박스오피스 순위", "box_office"],
    ["구매 순위", "watcha_buying"],
    ["스트리밍 순위", "netflix"],
  ] as const) {
    const expected = await chart(page.request, type);
    const row = page.getByRole("region", { name: label });
    await expect(row.getByRole("listitem")).toHaveCount(CHART_SIZES[type]);
    await expect(row.getByRole("listitem").first()).toContainText(expected[0]?.title ?? "?");
    await expectImagesLoaded(row, CHART_SIZES[type]);
  }
});

test("the movie page shows every element of SPEC §2 to a visitor", async ({ page }) => {
  const movie = await movieByTitle(page.request, "기생충");
  // 베스트 코멘트 (issue #18): the most liked written review comes first, on the page and in the comment list.
  const firstReview = (
    (await (
      await page.request.get(`/api/reviews/movie/${movie.id}?has_content=true&sort=likes&begin=0&end=1`)
    ).json()) as Review[]
  )[0];
  await page.goto(`/movies/${movie.id}`);
  const main = page.getByRole("main");

  await expect(main.getByRole("heading", { level: 1, name: "기생충" })).toBeVisible();
  await expect(page).toHaveTitle("기생충 | 무비피디아");
  await expectImagesLoaded(main.locator("header"), 2); // backdrop and poster
  await expect(main.getByRole("img", { name: "기생충 배경 이미지" })).toBeVisible();
  await expect(main.getByRole("img", { name: "기생충 포스터" })).toBeVisible();
  await expect(main.getByText("2019 · 드라마, 스릴러 · 한국")).toBeVisible();
  await expect(main.getByText("2시간 12분 · 15세 이상 관람가")).toBeVisible();
  await expect(main.locator("header")).toContainText(
    `평균${movie.average_rating?.toFixed(1)}(${movie.ratings_count.toLocaleString("ko-KR")}명)`,
  );
  await expect(main.getByRole("slider", { name: "기생충 별점 주기" })).toHaveAttribute("aria-valuetext", "평가하기");
  for (const action of ["보고싶어요", "코멘트", "보는 중", "더보기"]) {
    await expect(main.getByRole("button", { name: action, exact: true })).toBeVisible();
  }
  await expect(main.getByRole("button", { name: "코멘트 남기기" })).toBeVisible();

  const info = main.getByRole("region", { name: "기본 정보" });
  await expect(info).toContainText(`원제${movie.original_title}`);
  await expect(info.getByTestId("synopsis")).toHaveText(movie.synopsis.replace(/\\n|\n/g, ""));

  const cast = main.getByRole("region", { name: "출연/제작" });
  const pages = cast.getByRole("list");
  await expect(pages).toHaveCount(Math.ceil(movie.participants.length / 3));
  await expect(pages.first().getByRole("listitem")).toHaveCount(3);
  await expect(pages.first()).toContainText("봉준호감독");
  await expect(pages.first()).toContainText("송강호주연 · 기택 역");
  await expectImagesLoaded(cast, movie.participants.length);
  const next = cast.getByRole("button", { name: "출연/제작 다음 페이지" });
  await cast.evaluate((element) => element.querySelector("[data-column]")?.parentElement?.scrollTo({ left: 0 }));
  await next.click();
  await expect(cast.getByRole("button", { name: "출연/제작 이전 페이지" })).toBeEnabled();

  const preview = main.getByRole("region", { name: /베스트 코멘트/ });
  expect(firstReview).toBeDefined();
  await expect(preview.getByRole("article").first()).toContainText(firstReview?.user_name ?? "?");
  await expect(preview.getByRole("article").first()).toContainText(firstReview?.content.split("\n")[0] ?? "?");
  await preview.getByRole("link", { name: "모두 보기" }).click();
  await expect(page).toHaveURL(new RegExp(`/movies/${movie.id}/comments$`));
  await expect(page.getByRole("article").first()).toContainText(firstReview?.user_name ?? "?");

  // 더보기 → 컬렉션에 추가 asks a visitor to log in.
  await page.goBack();
  await main.getByRole("button", { name: "더보기", exact: true }).click();
  await page.getByRole("dialog", { name: "더보기" }).getByRole("button", { name: "컬렉션에 추가" }).click();
  await expect(page.getByRole("dialog", { name: MSG.loginRequiredTitle })).toBeVisible();
});

test("a movie without comments says so", async ({ page }) => {
  const movie = (await allMovies(page.request)).find((candidate) => candidate.reviews_count === 0);
  expect(movie, "the demo community leaves some films without comments").toBeDefined();
  await page.goto(`/movies/${movie?.id}`);
  await expect(page.getByText("아직 코멘트가 없어요")).toBeVisible();
  await page.goto(`/movies/${movie?.id}/comments`);
  await expect(page.getByText("아직 코멘트가 없어요")).toBeVisible();
});

test("an unknown movie or person shows a Korean not-found state", async ({ page }) => {
  await page.goto("/movies/2147483647");
  await expect(page.getByText("영화를 찾을 수 없습니다.")).toBeVisible();
  await page.goto("/people/2147483647");
  await expect(page.getByText("인물을 찾을 수 없습니다.")).toBeVisible();
});

test("the person page shows name, roles, like and movies by role, three per column", async ({ page }) => {
  const parasite = await movieByTitle(page.request, "기생충");
  const director = parasite.participants.find((credit) => credit.role === "감독");
  const person = (await (await page.request.get(`/api/participants/${director?.id}`)).json()) as Person;
  const credits = (await (await page.request.get(`/api/participants/${person.id}/movies`)).json()) as PersonCredits;
  const directed = credits.find((group) => group.role === "감독")?.movies ?? [];
  const acted = credits.find((group) => group.role === "출연")?.movies ?? [];

  await page.goto(`/people/${person.id}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "봉준호" })).toBeVisible();
  await expect(main.getByText(person.roles.join(" · "), { exact: true })).toBeVisible();
  await expect(main.getByRole("img", { name: "봉준호 사진" })).toBeVisible();
  const like = main.getByRole("button", { name: /좋아요/ });
  await expect(like).toContainText(String(person.likes_count));

  const tabs = main.getByRole("tab");
  await expect(tabs).toHaveCount([directed, acted].filter((group) => group.length > 0).length);
  await expect(tabs.first()).toHaveText(`감독 ${directed.length}`);
  const panel = main.getByRole("tabpanel");
  const columns = panel.getByRole("list");
  await expect(columns).toHaveCount(Math.ceil(directed.length / 3));
  await expect(columns.first().getByRole("listitem")).toHaveCount(Math.min(3, directed.length));
  const first = directed[0];
  await expect(columns.first().getByRole("listitem").first()).toContainText(
    `${first?.title}${first?.year} · 감독평균 별점${first?.average_rating?.toFixed(1)}`,
  );
  await expectImagesLoaded(panel, directed.length);

  await like.click();
  await expect(page.getByRole("dialog", { name: MSG.loginRequiredTitle })).toBeVisible();
});

test("a member likes a person and the count stays after a reload", async ({ page }) => {
  const parasite = await movieByTitle(page.request, "기생충");
  const actor = parasite.participants.find((credit) => credit.role.startsWith("주연"));
  const before = (await (await page.request.get(`/api/participants/${actor?.id}`)).json()) as Person;
  await memberOn(page, `/people/${actor?.id}`);
  const like = page.getByRole("main").getByRole("button", { name: /좋아요/ });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like).toContainText(String(before.likes_count + 1));
  await page.reload();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like).toContainText(String(before.likes_count + 1));
  await expect(page.getByRole("tab", { name: /출연/ })).toHaveAttribute("aria-selected", "true");
  await like.click();
  await expect(like).toContainText(String(before.likes_count));
});

test("at 360px no page scrolls sideways", async ({ page }) => {
  const parasite = await movieByTitle(page.request, "기생충");
  const director = parasite.participants[0];
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of [
    "/",
    "/movies",
    `/movies/${parasite.id}`,
    `/movies/${parasite.id}/comments`,
    `/people/${director?.id}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("불러오는 중…")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});
