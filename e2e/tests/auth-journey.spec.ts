// Browser journey of issue 2: signup → login → reload (still logged in) → logout (the four items cleared).
import { MSG } from "@moviepedia/contract";
import { expect, test } from "@playwright/test";
import { loginByForm, newAccount, SESSION_ITEMS, signupByApi, storedSession } from "./support/accounts.js";

test("signup, login, reload and logout", async ({ page }) => {
  const account = newAccount();
  const nav = page.getByRole("navigation", { name: "주요 메뉴" });

  await page.goto("/signup");
  const main = page.getByRole("main");
  await main.getByLabel("이름").fill(account.username);
  await main.getByLabel("아이디").fill(account.loginId);
  await main.getByLabel("비밀번호", { exact: true }).fill(account.password);
  await main.getByLabel("비밀번호 확인").fill(account.password);
  await main.getByRole("button", { name: "가입하기" }).click();
  // The app's own toast (no browser alert), and the login form starts with the new ID.
  await expect(page.getByRole("status").filter({ hasText: MSG.signupSuccess })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(main.getByLabel("아이디")).toHaveValue(account.loginId);

  await loginByForm(page, account);
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole("link", { name: "마이페이지" })).toBeVisible();
  const session = await storedSession(page);
  for (const key of SESSION_ITEMS) expect(session[key], key).toBeTruthy();
  const userId = Number(session.user_id);
  expect(JSON.parse(session.user ?? "{}")).toMatchObject({ id: userId, username: account.username });
  await expect(nav.getByRole("link", { name: "마이페이지" })).toHaveAttribute("href", `/profile/${userId}`);

  await page.reload();
  await expect(nav.getByRole("link", { name: "마이페이지" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "로그인" })).toHaveCount(0);
  expect((await storedSession(page)).accessToken).toBe(session.accessToken);

  await page.goto("/mypage/settings");
  await page.getByRole("main").getByRole("button", { name: "로그아웃" }).click();
  const confirm = page.getByRole("dialog", { name: "로그아웃" });
  await confirm.getByRole("button", { name: "로그아웃" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole("link", { name: "로그인" })).toBeVisible();
  expect(await storedSession(page)).toEqual({ user: null, accessToken: null, refreshToken: null, user_id: null });

  // The server ended the session too: the old access token is refused.
  const me = await page.request.get("/api/users/me", { headers: { Authorization: `Bearer ${session.accessToken}` } });
  expect(me.status()).toBe(401);
});

test("after logging in, the visitor returns to where they were", async ({ page }) => {
  const account = newAccount();
  await signupByApi(page.request, account);
  await page.goto("/movies/3/comments");
  await page.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginByForm(page, account);
  await expect(page).toHaveURL(/\/movies\/3\/comments$/);
});

test("the login-required overlay leads to login and back", async ({ page }) => {
  const account = newAccount();
  await signupByApi(page.request, account);
  await page.goto("/");
  await page.getByRole("link", { name: /취향 분석/ }).click();
  const overlay = page.getByRole("dialog", { name: MSG.loginRequiredTitle });
  await expect(overlay).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await overlay.getByRole("button", { name: "로그인" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginByForm(page, account);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("link", { name: /취향 분석/ }).click();
  await expect(page).toHaveURL(/\/analysis$/);
});
