import { expect, test } from "@playwright/test";

test("the SPA loads on deep links", async ({ page }) => {
  await page.goto("/movies/1/comments");
  await expect(page).toHaveTitle(/무비피디아/);
});
