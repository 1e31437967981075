// Browser journey of issue 5: A follows B (counts change on both profiles), blocks C (C's comment disappears from
// A's view of a movie and of C's profile), unblocks from the settings page; the likes page shows what A liked.
import { expect, type Page, test } from "@playwright/test";
import { createMember, like, type Member, quietMovies, review } from "./social-support.js";
import { loginByForm } from "./support/accounts.js";

async function logInAs(page: Page, member: Member) {
  await page.goto("/login");
  await loginByForm(page, member);
  await expect(
    page.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "마이페이지" }),
  ).toBeVisible();
}

test("follow, block, unblock and likes", async ({ page, request }) => {
  const [a, b, c] = [await createMember(request), await createMember(request), await createMember(request)];
  const movie = (await quietMovies(request))[0];
  if (!movie) throw new Error("no movie without comments");
  const bText = `B의 코멘트 ${b.username}`;
  const cText = `C의 코멘트 ${c.username}`;
  const bReview = await review(request, b, movie.id, { rating: 4, content: bText });
  await review(request, c, movie.id, { rating: 2, content: cText });
  // What A likes, made through the API: a person, a collection of B's and B's comment.
  await like(request, a, "/api/participants/like/1");
  const person = (await (await request.get("/api/participants/1")).json()) as { name: string };
  const created = await request.post("/api/collections", {
    headers: b.headers,
    data: { title: `B의 컬렉션 ${b.username}`, overview: null, movie_ids: [movie.id] },
  });
  const collection = (await created.json()) as { id: number; title: string };
  await like(request, a, `/api/collections/like/${collection.id}`);
  await like(request, a, `/api/reviews/like/${bReview}`);

  await logInAs(page, a);
  const main = page.getByRole("main");

  // Follow B: B's follower count and A's following count change.
  await page.goto(`/profile/${b.id}`);
  await expect(main.getByRole("heading", { name: b.username })).toBeVisible();
  await expect(main.getByRole("link", { name: "팔로워 0" })).toBeVisible();
  await main.getByRole("button", { name: "팔로우", exact: true }).click();
  await expect(main.getByRole("link", { name: "팔로워 1" })).toBeVisible();
  await expect(main.getByRole("button", { name: `${b.username}님 팔로우 취소` })).toBeVisible();
  await expect(main.getByRole("button", { name: "차단", exact: true })).toHaveCount(0);
  await page.reload();
  await expect(main.getByRole("link", { name: "팔로워 1" })).toBeVisible();
  await page.goto(`/profile/${a.id}`);
  await expect(main.getByRole("link", { name: "팔로잉 1" })).toBeVisible();
  await main.getByRole("link", { name: "팔로잉 1" }).click();
  await expect(main.getByRole("link", { name: b.username })).toBeVisible();

  // Before the block, both comments show on the movie's comment list.
  const comments = `/movies/${movie.id}/comments`;
  await page.goto(comments);
  await expect(main.getByText(bText)).toBeVisible();
  await expect(main.getByText(cText)).toBeVisible();

  // Block C (after a confirm): follow disappears, C's comment leaves A's views.
  await page.goto(`/profile/${c.id}`);
  await expect(main.getByRole("heading", { name: c.username })).toBeVisible();
  await main.getByRole("button", { name: "차단", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "차단하기" });
  await confirm.getByRole("button", { name: "차단", exact: true }).click();
  await expect(main.getByRole("button", { name: "차단 해제" })).toBeVisible();
  await expect(main.getByRole("button", { name: "팔로우", exact: true })).toHaveCount(0);

  await page.goto(comments);
  await expect(main.getByText(bText)).toBeVisible();
  await expect(main.getByText(cText)).toHaveCount(0);
  await page.goto(`/profile/${c.id}/reviews`);
  await expect(main.getByText("아직 평가한 작품이 없어요.")).toBeVisible();

  // Unblock from the settings page; C's comment is back.
  await page.goto(`/profile/${a.id}`);
  await main.getByRole("link", { name: "설정" }).click();
  await main.getByRole("link", { name: "차단한 사용자 관리" }).click();
  await expect(page).toHaveURL(/\/mypage\/settings\/block$/);
  await main.getByRole("button", { name: `${c.username}님 차단 해제` }).click();
  await expect(main.getByText("차단한 사용자가 없어요.")).toBeVisible();
  await page.goto(comments);
  await expect(main.getByText(cText)).toBeVisible();
  await page.goto(`/profile/${c.id}/reviews`);
  await expect(main.getByRole("link", { name: new RegExp(movie.title) })).toBeVisible();

  // The likes page: one tab per kind, each with what A liked.
  await page.goto(`/profile/${a.id}`);
  await main.getByRole("link", { name: /좋아한 인물/ }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${a.id}/likes\\?selected=participants$`));
  await expect(main.getByRole("tab", { name: "인물" })).toHaveAttribute("aria-selected", "true");
  await expect(main.getByRole("link", { name: new RegExp(person.name) })).toBeVisible();
  await main.getByRole("tab", { name: "컬렉션" }).click();
  await expect(page).toHaveURL(/selected=collections$/);
  await expect(main.getByText(collection.title)).toBeVisible();
  await main.getByRole("tab", { name: "코멘트" }).click();
  await expect(page).toHaveURL(/selected=reviews$/);
  await expect(main.getByText(bText)).toBeVisible();

  // Someone else's likes page leads to their profile.
  await page.goto(`/profile/${b.id}/likes`);
  await expect(page).toHaveURL(new RegExp(`/profile/${b.id}$`));
});

test("visitors see profiles but get the login prompt for follow", async ({ page, request }) => {
  const b = await createMember(request);
  await page.goto(`/profile/${b.id}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: b.username })).toBeVisible();
  await main.getByRole("button", { name: "팔로우", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "로그인이 필요한 기능이에요" })).toBeVisible();
});
