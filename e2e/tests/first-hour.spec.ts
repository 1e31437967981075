// Browser checks of issue 20 ("the first hour"): not-found pages for unknown ids, and the desktop poster rows.
import { expect, test } from "@playwright/test";
import { allMovies, memberOn, movieByTitle } from "./support/catalog-helpers.js";

test("an unknown movie, person, member, comment or collection gets a not-found page with the way home", async ({
  page,
}) => {
  const addresses = [
    ["/movies/999999", "영화"],
    ["/people/999999", "인물"],
    ["/profile/999999", "사용자"],
    ["/comments/1/999999", "코멘트"],
    ["/collections/999999", "컬렉션"],
    ["/no/such/page", "페이지"],
  ] as const;
  for (const [path, what] of addresses) {
    await test.step(path, async () => {
      await page.goto(path);
      const notFound = page.getByTestId("not-found");
      await expect(notFound).toContainText(what);
      await expect(notFound).toContainText("찾을 수 없");
      await expect(page.getByRole("button", { name: "다시 시도" })).toHaveCount(0);
      await expect(notFound.getByRole("link", { name: "홈으로 가기" })).toHaveAttribute("href", "/");
    });
  }
  await page.getByTestId("not-found").getByRole("link", { name: "홈으로 가기" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("desktop poster rows move with the next/previous buttons, shift+wheel and the arrow keys", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto("/");
  const row = page.getByRole("region", { name: "박스오피스 순위" });
  const scroller = row.getByRole("list", { name: /박스오피스 순위 목록/ });
  const scrollLeft = () => scroller.evaluate((element) => element.scrollLeft);
  await expect(scroller.getByRole("listitem")).toHaveCount(30);
  // At the start only "next" is offered.
  await expect(row.getByRole("button", { name: /이전 영화/ })).toHaveCount(0);
  await row.getByRole("button", { name: /다음 영화/ }).click();
  await expect.poll(scrollLeft).toBeGreaterThan(500);
  await row.getByRole("button", { name: /이전 영화/ }).click();
  await expect.poll(scrollLeft).toBe(0);

  await scroller.hover();
  await page.keyboard.down("Shift");
  await page.mouse.wheel(0, 400);
  await page.keyboard.up("Shift");
  await expect.poll(scrollLeft).toBeGreaterThan(100);

  await scroller.evaluate((element) => element.scrollTo({ left: 0 }));
  await expect.poll(scrollLeft).toBe(0);
  await scroller.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(scrollLeft).toBeGreaterThan(100);
  await page.keyboard.press("End");
  await expect(row.getByRole("button", { name: /다음 영화/ })).toHaveCount(0);
  await expect(scroller.getByRole("listitem").last()).toBeInViewport();
});

test("closing a dialog with Esc returns focus to the control that opened it", async ({ page, request }) => {
  const movie = await movieByTitle(request, "기생충");
  await memberOn(page, `/movies/${movie.id}`);
  for (const name of ["코멘트", "더보기"]) {
    const opener = page.getByRole("button", { name, exact: true });
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
});

test("back from a comment to a long comments list restores the scroll position", async ({ page, request }) => {
  const movie = (await allMovies(request)).sort((a, b) => b.reviews_count - a.reviews_count)[0]!;
  expect(movie.reviews_count).toBeGreaterThan(20);
  await page.goto(`/movies/${movie.id}/comments`);
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards.first()).toBeVisible();
  // Scroll until a second window has loaded, then open a comment from low on the page.
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => cards.count()).toBeGreaterThan(10);
  const target = cards.nth(9);
  await target.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(500);
  await target.getByRole("link", { name: "코멘트 자세히 보기" }).click();
  await expect(page).toHaveURL(/\/comments\/\d+\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/comments$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
});
