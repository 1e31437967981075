// 평가하기 and a home that knows you (issue #18), at 390 px: 30 films rated on /rating without a 429, each on its
// movie page and in the analysis afterwards, with the 10 and 30 milestones; 관심없어요 and its undo from settings; a
// visitor's first tap keeps the way back; the member home's rows; 베스트 코멘트 and 비슷한 작품 on a movie page.
import type { CompactMovie, Review } from "@moviepedia/contract";
import { expect, type Page, test } from "@playwright/test";
import { memberOn, movieByTitle } from "./support/catalog-helpers.js";
import { loginByForm, newAccount, signupByApi } from "./support/accounts.js";

test.use({ viewport: { width: 390, height: 844 } });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The first card still in the list (not leaving). */
function firstCard(page: Page) {
  return page.locator("li:not([aria-hidden]) > div > article[data-movie-id]").first();
}

async function clickWholeStar(page: Page, movieId: string, star: number) {
  const target = page.locator(`article[data-movie-id="${movieId}"] [role="slider"] [data-star="${star}"]`);
  const box = await target.boundingBox();
  if (!box) throw new Error("star not visible");
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
}

test("rate 30 films in a row: no 429, each on its movie page and in the analysis", async ({ page }) => {
  test.setTimeout(150_000);
  const statuses: number[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/")) statuses.push(response.status());
  });
  const member = await memberOn(page, "/rating");
  await expect(page.getByRole("heading", { level: 1, name: "평가하기" })).toBeVisible();
  await expect(page.getByText("지금까지 0편 평가했어요")).toBeVisible();

  const rated = new Map<number, number>();
  const started = Date.now();
  for (let i = 0; i < 30; i++) {
    const card = firstCard(page);
    await expect(card).toBeVisible();
    const id = (await card.getAttribute("data-movie-id"))!;
    const stars = (i % 5) + 1;
    await clickWholeStar(page, id, stars);
    rated.set(Number(id), stars);
    // The card leaves; the next one takes its place.
    await expect(page.locator(`li:not([aria-hidden]) article[data-movie-id="${id}"]`)).toHaveCount(0);
    if (i === 9) {
      await expect(page.getByText("10편 평가 달성!")).toBeVisible();
      await expect(page.getByRole("link", { name: "추천 보기" })).toHaveAttribute("href", "/recommend");
      await expect(page.getByRole("link", { name: "취향 분석 보기" })).toHaveAttribute("href", "/analysis");
    }
  }
  await expect(page.getByText("지금까지 30편 평가했어요")).toBeVisible();
  await expect(page.getByText("30편 평가 달성!")).toBeVisible();
  expect(Date.now() - started).toBeLessThan(60_000);
  expect(statuses.filter((s) => s === 429)).toEqual([]);
  expect(statuses.filter((s) => s >= 400)).toEqual([]);

  // Every rating is the member's review, shown on its movie page.
  const mine = (await (
    await page.request.get(`/api/reviews/user/${member.userId}?end=100`, { headers: bearer(member.token) })
  ).json()) as Review[];
  expect(new Map(mine.map((r) => [r.movie_id, r.rating]))).toEqual(rated);
  for (const [movieId, stars] of [...rated].slice(0, 30)) {
    await page.goto(`/movies/${movieId}`);
    await expect(page.getByRole("slider").first()).toHaveAttribute("aria-valuenow", String(stars));
  }
  await page.goto("/analysis");
  const count = page.locator("dt", { hasText: "평가 수" }).locator("xpath=following-sibling::dd");
  await expect(count).toHaveText("30");

  // None of them comes back in the queue.
  const queue = (await (
    await page.request.get("/api/rating/queue?end=100", { headers: bearer(member.token) })
  ).json()) as CompactMovie[];
  for (const movie of queue) expect(rated.has(movie.id)).toBe(false);
});

test("관심없어요 takes a film out; settings lists it and undoes it", async ({ page }) => {
  const member = await memberOn(page, "/rating?tab=random");
  const card = firstCard(page);
  await expect(card).toBeVisible();
  const id = Number(await card.getAttribute("data-movie-id"));
  const title = (await card.getByRole("heading").textContent())!;
  await card.getByRole("button", { name: "관심없어요" }).click();
  await expect(page.locator(`li:not([aria-hidden]) article[data-movie-id="${id}"]`)).toHaveCount(0);

  await page.goto("/mypage/settings");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "관심없어요" }) });
  await expect(section.getByText(title)).toBeVisible();
  await section.getByRole("button", { name: `${title} 관심없어요 되돌리기` }).click();
  await expect(section.getByText("관심없어요로 표시한 영화가 없어요.")).toBeVisible();
  const left = await page.request.get("/api/users/me/dismissed", { headers: bearer(member.token) });
  expect(await left.json()).toEqual([]);
});

test("keyboard: ↓ moves between cards, a number rates, the card leaves", async ({ page }) => {
  const member = await memberOn(page, "/rating");
  const first = firstCard(page);
  await expect(first).toBeVisible();
  const firstId = Number(await first.getAttribute("data-movie-id"));
  await first.focus();
  await page.keyboard.press("ArrowDown");
  const second = page.locator("article[data-movie-id]:focus");
  const secondId = Number(await second.getAttribute("data-movie-id"));
  expect(secondId).not.toBe(firstId);
  await page.keyboard.press("4");
  await expect(page.locator(`li:not([aria-hidden]) article[data-movie-id="${secondId}"]`)).toHaveCount(0);
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/reviews/movie/${secondId}/mine`, { headers: bearer(member.token) });
      return ((await response.json()) as Review).rating;
    })
    .toBe(4);
});

test("a visitor browses; the first tap asks to log in and comes back to the same tab", async ({ page }) => {
  const account = newAccount();
  await signupByApi(page.request, account);
  await page.goto("/rating?tab=random");
  const card = firstCard(page);
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "보고싶어요" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginByForm(page, account);
  await expect(page).toHaveURL(/\/rating\?tab=random$/);
  await expect(page.getByText("지금까지 0편 평가했어요")).toBeVisible();
});

test("a member's home: 평가하기 with the count, predicted, 보고싶어요 and friends' rows", async ({ page, request }) => {
  const account = newAccount();
  await signupByApi(request, account);
  const signin = await request.post("/api/users/signin", {
    data: { login_id: account.loginId, login_password: account.password },
  });
  const { access_token: token } = (await signin.json()) as { access_token: string };
  const popular = (await (await request.get("/api/rating/queue?end=12")).json()) as CompactMovie[];
  for (const movie of popular.slice(0, 5)) {
    await request.put(`/api/reviews/movie/${movie.id}/mine`, { headers: bearer(token), data: { rating: 4.5 } });
  }
  const wished = popular.slice(5, 7);
  for (const movie of wished) {
    await request.put(`/api/reviews/movie/${movie.id}/mine`, { headers: bearer(token), data: { status: "WatchList" } });
  }
  // Follow a demo member who rated the most popular film.
  const reviews = (await (await request.get(`/api/reviews/movie/${popular[0]!.id}?end=5`)).json()) as Review[];
  const friend = reviews.find((r) => r.rating > 0)!;
  expect((await request.post(`/api/users/follow/${friend.user_id}`, { headers: bearer(token) })).status()).toBe(201);

  await page.goto("/login");
  await loginByForm(page, account);
  await expect(page.getByRole("link", { name: /평가하기/ })).toContainText("지금까지 5편 평가했어요");

  const predicted = page.getByRole("region", { name: "예상 별점 높은 작품" });
  await expect(predicted.getByText(/^예상 ★ \d\.\d$/).first()).toBeVisible();
  const wishRow = page.getByRole("region", { name: "보고싶어요" });
  for (const movie of wished) await expect(wishRow.getByText(movie.title, { exact: true })).toBeVisible();
  const friends = page.getByRole("region", { name: "친구들이 최근 평가한" });
  await expect(friends.getByText(new RegExp(`^${friend.user_name} (★ \\d\\.\\d|코멘트|평가)$`)).first()).toBeVisible();
  // Visitors keep the charts.
  await expect(page.getByRole("region", { name: "HOT 랭킹" })).toBeVisible();
});

test("movie page: 베스트 코멘트 most liked first, 비슷한 작품 without the film itself", async ({ page, request }) => {
  const movie = await movieByTitle(request, "기생충");
  const byLikes = (await (
    await request.get(`/api/reviews/movie/${movie.id}?has_content=true&sort=likes&end=5`)
  ).json()) as Review[];
  await page.goto(`/movies/${movie.id}`);
  const best = page.getByRole("list", { name: "베스트 코멘트" });
  await expect(best.getByRole("article")).toHaveCount(Math.min(5, byLikes.length));
  await expect(best.getByRole("article").first()).toHaveAttribute("aria-label", `${byLikes[0]!.user_name}의 코멘트`);
  const similar = page.getByRole("region", { name: "비슷한 작품" });
  await similar.scrollIntoViewIfNeeded();
  await expect(similar.getByRole("link").first()).toBeVisible();
  await expect(similar.locator(`a[href="/movies/${movie.id}"]`)).toHaveCount(0);
  // All comments open on 좋아요 순.
  await page.getByRole("link", { name: "모두 보기" }).click();
  await expect(page.getByRole("button", { name: "좋아요 순" })).toHaveAttribute("aria-pressed", "true");
});
