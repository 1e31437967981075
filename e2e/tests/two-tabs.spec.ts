// Browser journey of issue 2: two tabs refreshing at once both stay logged in. A server with one-minute access
// tokens makes every stored token due for refresh at start-up (60 s lead), so both tabs refresh immediately.
import { expect, type Page, test } from "@playwright/test";
import { loginByForm, newAccount, signupByApi, storedSession } from "./support/accounts.js";
import { startServer, type TestServer } from "./support/server.js";

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer(Number(process.env.E2E_PORT ?? 3100) + 1, { ACCESS_TOKEN_TTL_MINUTES: "1" });
});
test.afterAll(async () => {
  await server?.stop();
});

async function meStatus(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const token = window.localStorage.getItem("accessToken");
    return (await fetch("/api/users/me", { headers: { Authorization: `Bearer ${token}` } })).status;
  });
}

test("two tabs refreshing at once both stay logged in", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: server.baseURL });
  const account = newAccount();
  await signupByApi(context.request, account);

  const refreshes: number[] = [];
  context.on("response", (response) => {
    if (response.url().endsWith("/api/users/refresh")) refreshes.push(response.status());
  });

  const tabA = await context.newPage();
  await tabA.goto("/login");
  await loginByForm(tabA, account);
  await expect(tabA).toHaveURL(/\/$/);
  const first = await storedSession(tabA);
  expect(await tabA.evaluate(() => Boolean(navigator.locks))).toBe(true);

  // Both tabs start together from the same stored (already due) token.
  const tabB = await context.newPage();
  await Promise.all([tabA.reload(), tabB.goto("/")]);
  for (const tab of [tabA, tabB]) {
    await expect(
      tab.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "마이페이지" }),
    ).toBeVisible();
  }
  await expect.poll(async () => (await storedSession(tabB)).accessToken).not.toBe(first.accessToken);
  await expect.poll(() => refreshes.length).toBeGreaterThan(0);

  // And again once the fresh tokens are due: both tabs' timers fire around the same moment.
  await tabA.waitForTimeout(12_000);
  for (const tab of [tabA, tabB]) {
    expect(await meStatus(tab)).toBe(200);
    expect((await storedSession(tab)).user_id).toBe(first.user_id);
    await expect(
      tab.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "마이페이지" }),
    ).toBeVisible();
  }

  // No refresh was refused (a replayed token would have been 401 REFRESH_TOKEN_REUSED and revoked the family),
  // and the family is still alive.
  expect(refreshes.length).toBeGreaterThan(1);
  expect(refreshes.every((status) => status === 200)).toBe(true);
  // As a script calls it (a JSON content type): a bare GET, like an image's, is refused (docs/security.md).
  const headers = { "content-type": "application/json" };
  expect((await context.request.get("/api/users/refresh", { headers })).status()).toBe(200);
  await context.close();
});
