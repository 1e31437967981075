// Browser check of issue 8: a member with ratings sees the three analysis modes (the short card on the profile, the
// /analysis page with every section) and recommendations with expected ratings; then deletes the account.
import { expect, test } from "@playwright/test";
import { createMember, review } from "./social-support.js";
import { loginByForm } from "./support/accounts.js";

const RATINGS = [5, 4.5, 4, 4, 3.5, 3, 2, 4];

test("taste analysis, recommendations and account deletion", async ({ page, request }) => {
  const member = await createMember(request);
  const movies = (await (await request.get("/api/movies?begin=0&end=40")).json()) as { id: number }[];
  for (const [index, rating] of RATINGS.entries()) {
    await review(request, member, movies[index]!.id, { rating });
  }
  const average = RATINGS.reduce((sum, r) => sum + r, 0) / RATINGS.length; // 3.75 → "3.8"

  await page.goto("/login");
  await loginByForm(page, member);
  const main = page.getByRole("main");
  await expect(
    page.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "마이페이지" }),
  ).toBeVisible();

  // Short mode on the own profile.
  await page.goto(`/profile/${member.id}`);
  const card = main.getByRole("region", { name: "취향 분석" });
  await expect(card.getByRole("figure", { name: "별점별 평가 수" })).toBeVisible();
  await expect(card.getByText("평가 수")).toBeVisible();
  await expect(card.getByText(String(RATINGS.length), { exact: true })).toBeVisible();
  await card.getByRole("link", { name: "모든 분석 보기" }).click();

  // Default mode with every section.
  await expect(page).toHaveURL(/\/analysis$/);
  await expect(main.getByRole("heading", { level: 1, name: "취향 분석" })).toBeVisible();
  await expect(main.getByRole("button", { name: "뒤로 가기" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "주요 메뉴" })).toBeVisible();
  await expect(main.getByText(average.toFixed(1), { exact: true })).toBeVisible();
  await expect(main.getByText("4.0", { exact: true })).toBeVisible(); // most given rating
  await expect(main.getByText(/^\d+ 시간$/)).toBeVisible();
  for (const section of ["선호 국가", "선호 장르", "선호 배우", "선호 감독"]) {
    await expect(main.getByRole("heading", { name: section })).toBeVisible();
  }
  await expect(main.getByRole("list", { name: "장르 태그 클라우드" })).toBeVisible();

  // Recommendations: both lists, with expected ratings.
  await page.goto("/recommend");
  for (const kind of ["expect", "difference"]) {
    const list = page.getByTestId(`recommend-${kind}`);
    await expect(list.getByText(/^예상 ★ \d\.\d$/).first()).toBeVisible();
    await expect(list.getByRole("link").first()).toHaveAttribute("href", /^\/movies\/\d+$/);
  }

  // Account deletion from settings: a wrong password is refused, the right one ends everything.
  await page.goto("/mypage/settings");
  await main.getByRole("button", { name: "회원 탈퇴" }).click();
  const dialog = page.getByRole("dialog", { name: "회원 탈퇴" });
  await dialog.getByLabel("비밀번호 확인").fill("wrong-pass-1");
  await dialog.getByRole("button", { name: "탈퇴하기" }).click();
  await expect(dialog.getByText("비밀번호가 올바르지 않습니다.")).toBeVisible();
  await dialog.getByLabel("비밀번호 확인").fill(member.password);
  await dialog.getByRole("button", { name: "탈퇴하기" }).click();
  // The app's own toast, never the browser's alert().
  await expect(page.getByRole("status").filter({ hasText: "회원 탈퇴가 완료되었습니다" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "로그인" })).toBeVisible();
  const signin = await request.post("/api/users/signin", {
    data: { login_id: member.loginId, login_password: member.password },
  });
  expect(signin.status()).toBe(401);
  expect((await request.get(`/api/users/profile/${member.id}`)).status()).toBe(404);
});

test("a member without ratings sees the no-reviews state; visitors are asked to log in", async ({ page, request }) => {
  await page.goto("/analysis");
  await expect(page.getByRole("main").getByRole("button", { name: "로그인" })).toBeVisible();
  await page.goto("/recommend");
  await expect(page.getByRole("main").getByText("로그인이 필요합니다.")).toBeVisible();

  const member = await createMember(request);
  await page.goto("/login");
  await loginByForm(page, member);
  await expect(
    page.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "마이페이지" }),
  ).toBeVisible();
  await page.goto("/analysis");
  await expect(page.getByRole("main").getByText("아직 평가한 작품이 없어요.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { name: "선호 국가" })).toHaveCount(0);
});
