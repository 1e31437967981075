// /login and /signup render in Korean, and SPEC §5's validation messages show under the fields — validated by zod
// without a Content-Security-Policy violation (its JIT probes `new Function`, which the CSP refuses: issue #22).
import { MSG } from "@moviepedia/contract";
import { expect, type Page, test } from "@playwright/test";
import { newAccount, signupByApi } from "./support/accounts.js";

async function expectNoEnglish(page: Page) {
  const text = await page.locator("body").innerText();
  expect(text.match(/[A-Za-z]{3,}/g) ?? []).toEqual([]);
}

/** Records every CSP violation the page reports, from its first script on. */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as { __csp?: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as { __csp?: string[] }).__csp ?? []);
}

test("the login page is Korean and validates its fields", async ({ page }) => {
  const violations = await recordCspViolations(page);
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  await expect(page.getByRole("heading", { level: 1, name: "로그인" })).toBeVisible();
  await expect(page.getByRole("link", { name: "회원가입" })).toHaveAttribute("href", "/signup");
  // No provider is configured here: no social buttons, and no tip about other accounts.
  await expect(page.getByRole("link", { name: "회원가입" })).toBeVisible();
  await expect(page.getByText(/카카오|구글|왓챠/)).toHaveCount(0);
  await expectNoEnglish(page);

  const main = page.getByRole("main");
  await main.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(page.getByText(MSG.loginIdInvalid)).toBeVisible();
  await expect(page.getByText(MSG.passwordLength)).toBeVisible();
  await expect(main.getByLabel("아이디")).toBeFocused();

  await main.getByLabel("아이디").fill("nobody.here");
  await main.getByLabel("비밀번호").fill("wrongpass1");
  await main.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(page.getByText(MSG.loginFailed)).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("the signup page is Korean and validates its fields", async ({ page }) => {
  const violations = await recordCspViolations(page);
  await page.goto("/signup");
  await expect(page.getByRole("heading", { level: 1, name: "회원가입" })).toBeVisible();
  await expectNoEnglish(page);

  const main = page.getByRole("main");
  await main.getByRole("button", { name: "가입하기" }).click();
  await expect(page.getByText(MSG.usernameRule)).toBeVisible();
  await expect(page.getByText(MSG.loginIdInvalid)).toBeVisible();
  await expect(page.getByText(MSG.passwordRule)).toBeVisible();

  await main.getByLabel("이름").fill("good_name");
  await main.getByLabel("아이디").fill("good.login");
  await main.getByLabel("비밀번호", { exact: true }).fill("abcdEFGH");
  await main.getByLabel("비밀번호 확인").fill("abcdEFGH");
  await main.getByRole("button", { name: "가입하기" }).click();
  await expect(page.getByText(MSG.passwordRule)).toBeVisible();
  await expect(page.getByText(MSG.usernameRule)).toHaveCount(0);
  expect(await violations()).toEqual([]);
});

test("signing up with a taken ID shows the duplicate message", async ({ page }) => {
  const account = newAccount();
  await signupByApi(page.request, account);
  await page.goto("/signup");
  const main = page.getByRole("main");
  await main.getByLabel("이름").fill(`${account.username}x`.slice(0, 20));
  await main.getByLabel("아이디").fill(account.loginId);
  await main.getByLabel("비밀번호", { exact: true }).fill(account.password);
  await main.getByLabel("비밀번호 확인").fill(account.password);
  await main.getByRole("button", { name: "가입하기" }).click();
  await expect(page.getByText(MSG.signupDuplicate)).toBeVisible();
});
