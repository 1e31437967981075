// Unique test accounts and the four stored session items of SPEC §4.
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";

export interface Account {
  username: string;
  loginId: string;
  password: string;
}

let counter = 0;

/**
 * A member no other test's member resembles: ten random hex digits (search's fuzzy tier forgives two typos, and names
 * built from the clock differed by a character or two from those made seconds before: "사용자 2" for a fresh name).
 */
export function newAccount(): Account {
  const tag = `${randomBytes(5).toString("hex")}${(counter++).toString(36)}`;
  return { username: `u_${tag}`, loginId: `id.${tag}`, password: "movie1234!" };
}

export async function signupByApi(request: APIRequestContext, account: Account): Promise<void> {
  const response = await request.post("/api/users/signup", {
    data: { username: account.username, login_id: account.loginId, login_password: account.password },
  });
  if (response.status() !== 201) throw new Error(`signup failed: ${response.status()} ${await response.text()}`);
}

export const SESSION_ITEMS = ["user", "accessToken", "refreshToken", "user_id"] as const;

export function storedSession(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(
    (keys) => Object.fromEntries(keys.map((key) => [key, window.localStorage.getItem(key)])),
    [...SESSION_ITEMS],
  );
}

export async function loginByForm(page: Page, account: Account): Promise<void> {
  const main = page.getByRole("main");
  await main.getByLabel("아이디").fill(account.loginId);
  await main.getByLabel("비밀번호").fill(account.password);
  await main.getByRole("button", { name: "로그인", exact: true }).click();
}
