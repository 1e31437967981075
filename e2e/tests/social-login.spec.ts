// Browser journey of issue 9: the login page's Kakao button → (fake) Kakao → back on / logged in.
import { expect, test } from "@playwright/test";
import { startFakeKakao, type FakeKakao } from "./support/fake-kakao.js";
import { startServer, type TestServer } from "./support/server.js";

let kakao: FakeKakao;
let server: TestServer;
const port = Number(process.env.E2E_PORT ?? 3100) + 2;

test.beforeAll(async () => {
  kakao = await startFakeKakao({ id: 777001, nickname: "카카오 영화팬" });
  server = await startServer(port, { ...kakao.env, PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, SEED_DEMO: "false" });
});
test.afterAll(async () => {
  await server?.stop();
  await kakao?.stop();
});

test("signs in with Kakao and lands on home, logged in", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await page.goto("/login");
  // Only the configured provider is offered, and the tip names it.
  await expect(page.getByText("카카오 계정으로도 로그인할 수 있어요.", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: /구글로 로그인/ })).toHaveCount(0);
  await page.getByRole("link", { name: "카카오로 로그인" }).click();
  await expect(page).toHaveURL(`${server.baseURL}/`);
  const nav = page.getByRole("navigation", { name: "주요 메뉴" });
  await expect(nav.getByRole("link", { name: "마이페이지" })).toBeVisible();
  const userId = await page.evaluate(() => window.localStorage.getItem("user_id"));
  expect(Number(userId)).toBeGreaterThan(0);
  const me = await page.evaluate(async () => {
    const token = window.localStorage.getItem("accessToken");
    return (await fetch("/api/users/me", { headers: { Authorization: `Bearer ${token}` } })).json();
  });
  expect(me).toMatchObject({ username: "카카오영화팬", login_type: "kakao", login_id: null });

  // A second sign-in links to the same member.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto("/login");
  await page.getByRole("link", { name: "카카오로 로그인" }).click();
  await expect(page).toHaveURL(`${server.baseURL}/`);
  expect(await page.evaluate(() => window.localStorage.getItem("user_id"))).toBe(userId);
  await context.close();
});

test("a failed callback offers the way back to login in Korean", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await page.goto("/oauth/kakao?code=forged&state=forged");
  await expect(page.getByRole("link", { name: "로그인 화면으로 돌아가기" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("소셜 로그인에 실패했습니다");
  expect(await page.evaluate(() => window.localStorage.getItem("accessToken"))).toBeNull();
  await context.close();
});
