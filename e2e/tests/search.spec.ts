// Browser journey of issue 7: an initial-consonant query finds 봉준호 in the person tab; the genre tab shows one
// sub-tab per genre named in the query; query and tab survive reload and back navigation.
import { MSG } from "@moviepedia/contract";
import { expect, type Page, test } from "@playwright/test";
import { newAccount, signupByApi } from "./support/accounts.js";

const searchParams = (page: Page) => new URL(page.url()).searchParams;

test("ㅂㅈㅎ finds 봉준호 among people, and the URL keeps query and tab", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "검색" }).click();
  const main = page.getByRole("main");
  const input = main.getByRole("searchbox", { name: "검색어" });

  await input.fill("   ");
  await input.press("Enter");
  await expect(main.getByRole("alert")).toHaveText(MSG.emptyQuery);

  await input.fill("ㅂㅈㅎ");
  await input.press("Enter");
  await expect(page).toHaveURL(/\/search\?/);
  expect(searchParams(page).get("query")).toBe("ㅂㅈㅎ");
  await main.getByRole("tab", { name: "인물" }).click();
  expect(searchParams(page).get("category")).toBe("person");
  const people = main.getByRole("tabpanel");
  await expect(people.getByRole("link").first()).toContainText("봉준호");

  await page.reload();
  await expect(main.getByRole("searchbox", { name: "검색어" })).toHaveValue("ㅂㅈㅎ");
  await expect(main.getByRole("tab", { name: "인물" })).toHaveAttribute("aria-selected", "true");
  await people
    .getByRole("link", { name: /봉준호/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/people\/\d+$/);
  await page.goBack();
  await expect(main.getByRole("tab", { name: "인물" })).toHaveAttribute("aria-selected", "true");
  await expect(main.getByRole("tabpanel").getByRole("link").first()).toContainText("봉준호");
});

test("the genre tab has a sub-tab per genre in the query", async ({ page }) => {
  await page.goto("/search");
  const main = page.getByRole("main");
  await main.getByRole("searchbox", { name: "검색어" }).fill("액션 코미디");
  await main.getByRole("searchbox", { name: "검색어" }).press("Enter");
  await main.getByRole("tab", { name: /^장르/ }).click();
  const genres = main.getByRole("tablist", { name: "장르" });
  await expect(genres.getByRole("tab", { name: "액션" })).toHaveAttribute("aria-selected", "true");
  await genres.getByRole("tab", { name: "코미디" }).click();
  await expect(genres.getByRole("tab", { name: "코미디" })).toHaveAttribute("aria-selected", "true");
  expect(searchParams(page).get("category")).toBe("genre");
  expect(searchParams(page).get("genre")).toBe("코미디");
  const results = main.getByRole("tabpanel").last().getByRole("listitem");
  await expect(results.first()).toContainText("코미디");
  // Windows of 10: scrolling to the end loads the next one.
  await expect(results).toHaveCount(10);
  await results.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => results.count()).toBeGreaterThan(10);

  await page.reload();
  await expect(main.getByRole("tablist", { name: "장르" }).getByRole("tab", { name: "코미디" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
});

test("a query with no match says so", async ({ page }) => {
  await page.goto(`/search?query=${encodeURIComponent("ㅋㅋㅋㅋㅋㅋㅋㅋ")}&category=collection`);
  await expect(page.getByRole("main").getByText(MSG.noResults)).toBeVisible();
});

test("a search lands on the first tab with results; 봉준호's films follow in 영화", async ({ page, request }) => {
  const main = page.getByRole("main");
  await page.goto(`/search?query=${encodeURIComponent("봉준호")}`);
  // No title is 봉준호, but he is: 영화 opens with his films, and the tabs count what each holds.
  await expect.poll(() => searchParams(page).get("category")).toBe("movie");
  const films = main.getByRole("region", { name: "봉준호의 작품" });
  await expect(films.getByRole("link", { name: /기생충/ })).toBeVisible();
  await expect(main.getByText(MSG.noResults)).toHaveCount(0);
  await expect(main.getByRole("tab", { name: /^인물 \d+$/ })).toBeVisible();
  await expect(main.getByRole("tab", { name: /^영화 \d+$/ })).toBeVisible();

  await page.goto(`/search?query=${encodeURIComponent("액션")}`);
  await expect.poll(() => searchParams(page).get("category")).toBe("genre");
  await expect(main.getByRole("tab", { name: /^장르/ })).toHaveAttribute("aria-selected", "true");

  const account = newAccount();
  await signupByApi(request, account);
  await page.goto(`/search?query=${encodeURIComponent(account.username)}`);
  await expect.poll(() => searchParams(page).get("category")).toBe("user");
  await expect(main.getByRole("tab", { name: "사용자 1" })).toHaveAttribute("aria-selected", "true");
  await expect(main.getByRole("tabpanel").getByRole("link", { name: new RegExp(account.username) })).toBeVisible();
});
