// Browser journeys of issue 4: half-star rating and clearing, want-to-see on and off, a spoiler comment hidden for
// another member until 보기, replies (write, like, edit, delete), review likes, the owner's edit and delete, and
// the friends-only switch.
import { MSG } from "@moviepedia/contract";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { getMovie, memberOn, movieByTitle, myReview } from "./support/catalog-helpers.js";

async function clickStarHalf(page: Page, star: number, half: "left" | "right") {
  // The widget takes clicks once the member's own review has loaded (until then it is aria-disabled).
  await expect(page.locator('[role="slider"]')).not.toHaveAttribute("aria-disabled", "true");
  const box = await page.locator(`[role="slider"] [data-star="${star}"]`).boundingBox();
  if (!box) throw new Error("star not visible");
  await page.mouse.click(box.x + box.width * (half === "left" ? 0.25 : 0.75), box.y + box.height / 2);
}

async function secondMember(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page, member: await memberOn(page, path) };
}

test("rate 3.5 on the left half of the 4th star, then clear it by clicking again", async ({ page }) => {
  const movie = await movieByTitle(page.request, "살인의 추억");
  const member = await memberOn(page, `/movies/${movie.id}`);
  const slider = page.getByRole("slider", { name: "살인의 추억 별점 주기" });
  await expect(slider).toHaveAttribute("aria-valuetext", "평가하기");

  await clickStarHalf(page, 4, "left");
  await expect(slider).toHaveAttribute("aria-valuetext", "볼만해요");
  await expect(slider).toHaveAttribute("aria-valuenow", "3.5");
  await expect.poll(async () => (await myReview(page.request, member.token, movie.id))?.rating).toBe(3.5);
  // The movie's count is refetched after the write.
  const rated = await getMovie(page.request, movie.id);
  expect(rated.ratings_count).toBe(movie.ratings_count + 1);
  await expect(page.getByRole("main").locator("header")).toContainText(`(${rated.ratings_count}명)`);

  await page.reload();
  await expect(slider).toHaveAttribute("aria-valuetext", "볼만해요");
  await clickStarHalf(page, 4, "left");
  await expect(slider).toHaveAttribute("aria-valuetext", "평가하기");
  await expect.poll(() => myReview(page.request, member.token, movie.id)).toBeNull();
  await expect(page.getByRole("main").locator("header")).toContainText(`(${movie.ratings_count}명)`);

  // The keyboard works too: End gives 5, Delete clears.
  await slider.focus();
  await page.keyboard.press("End");
  await expect(slider).toHaveAttribute("aria-valuetext", "최고예요");
  await expect.poll(async () => (await myReview(page.request, member.token, movie.id))?.rating).toBe(5);
  await page.keyboard.press("Delete");
  await expect.poll(() => myReview(page.request, member.token, movie.id)).toBeNull();
});

test("set and clear 보고싶어요; 보는 중 replaces it", async ({ page }) => {
  const movie = await movieByTitle(page.request, "올드보이");
  const member = await memberOn(page, `/movies/${movie.id}`);
  const want = page.getByRole("button", { name: "보고싶어요", exact: true });
  const watching = page.getByRole("button", { name: "보는 중", exact: true });

  await want.click();
  await expect(want).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await myReview(page.request, member.token, movie.id))?.status).toBe("WatchList");
  await page.reload();
  await expect(want).toHaveAttribute("aria-pressed", "true");

  await watching.click();
  await expect(watching).toHaveAttribute("aria-pressed", "true");
  await expect(want).toHaveAttribute("aria-pressed", "false");
  await expect.poll(async () => (await myReview(page.request, member.token, movie.id))?.status).toBe("Watching");

  await watching.click();
  await want.click();
  await want.click();
  await expect(want).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => myReview(page.request, member.token, movie.id)).toBeNull();

  // 더보기 → 컬렉션에 추가 opens the collections feature's sheet with its new-collection entry.
  await page.getByRole("button", { name: "더보기", exact: true }).click();
  await page.getByRole("dialog", { name: "더보기" }).getByRole("button", { name: "컬렉션에 추가" }).click();
  const sheet = page.getByRole("dialog", { name: "컬렉션에 추가" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("link", { name: /새 컬렉션/ })).toBeVisible();
});

test("a spoiler comment, replies, likes, edits and deletes between two members", async ({ page, browser }) => {
  const movie = await movieByTitle(page.request, "마더");
  const author = await memberOn(page, `/movies/${movie.id}`);
  const secret = "마지막 장면에서 엄마가 춤을 춘다";

  // The author rates and writes a spoiler comment in the modal.
  await clickStarHalf(page, 4, "right");
  await expect(page.getByRole("slider")).toHaveAttribute("aria-valuetext", "재미있어요");
  await page.getByRole("button", { name: "코멘트", exact: true }).click();
  const modal = page.getByRole("dialog", { name: "마더 코멘트" });
  await modal.getByLabel("코멘트 내용").fill(secret);
  await expect(modal.getByText(`${[...secret].length}/10000`)).toBeVisible();
  await modal.getByLabel("스포일러가 있어요").check();
  await modal.getByRole("button", { name: "저장" }).click();
  await expect(modal).toBeHidden();
  const box = page.getByRole("region", { name: "내 코멘트" });
  await expect(box).toContainText(secret);
  await expect.poll(async () => (await myReview(page.request, author.token, movie.id))?.spoiler).toBe(true);

  // Another member sees it hidden until 보기.
  const other = await secondMember(browser, `/movies/${movie.id}/comments`);
  const reader = other.page;
  await reader.getByRole("button", { name: "최신 순" }).click();
  const card = reader.getByRole("article", { name: `${author.username}의 코멘트` });
  await expect(card).toContainText("스포일러가 있어요");
  await expect(card).not.toContainText(secret);
  await card.getByRole("button", { name: "보기" }).click();
  await expect(card).toContainText(secret);

  // The reader likes the review and opens it.
  await card.getByRole("button", { name: "좋아요 0" }).click();
  await expect(card.getByRole("button", { name: "좋아요 1" })).toHaveAttribute("aria-pressed", "true");
  await card.getByRole("link", { name: "코멘트 자세히 보기" }).click();
  await expect(reader).toHaveURL(new RegExp(`/comments/${movie.id}/\\d+$`));
  const review = reader.getByRole("article", { name: `${author.username}의 코멘트` });
  await expect(review.getByRole("button", { name: "좋아요 1" })).toHaveAttribute("aria-pressed", "true");
  await expect(reader.getByText("아직 댓글이 없어요")).toBeVisible();
  await expect(review.getByRole("button", { name: "수정" })).toHaveCount(0);

  // Reply: the button waits for non-blank text; then like, edit and delete it.
  const replyField = reader.getByLabel("댓글 내용");
  const submit = reader.getByRole("button", { name: "등록" });
  await replyField.fill("   ");
  await expect(submit).toBeDisabled();
  await replyField.fill("저도 그 장면이 기억나요");
  await submit.click();
  const reply = reader.getByRole("article", { name: `${other.member.username}의 댓글` });
  await expect(reply).toContainText("저도 그 장면이 기억나요");
  await expect(replyField).toHaveValue("");
  await expect(reader.getByRole("heading", { name: /댓글 1/ })).toBeVisible();
  await reply.getByRole("button", { name: "좋아요 0" }).click();
  await expect(reply.getByRole("button", { name: "좋아요 1" })).toHaveAttribute("aria-pressed", "true");

  await reply.getByRole("button", { name: "수정" }).click();
  const edit = reader.getByRole("dialog", { name: "댓글 수정" });
  await expect(edit.getByLabel("댓글 내용")).toHaveValue("저도 그 장면이 기억나요");
  await edit.getByLabel("댓글 내용").fill("고친 댓글");
  await edit.getByRole("button", { name: "저장" }).click();
  await expect(edit).toBeHidden();
  await expect(reply).toContainText("고친 댓글");
  await reader.reload();
  await expect(reply).toContainText("고친 댓글");
  await expect(reply.getByRole("button", { name: "좋아요 1" })).toHaveAttribute("aria-pressed", "true");

  await reply.getByRole("button", { name: "삭제" }).click();
  await reader.getByRole("dialog", { name: "댓글 삭제" }).getByRole("button", { name: "삭제" }).click();
  await expect(reply).toHaveCount(0);
  await expect(reader.getByText("아직 댓글이 없어요")).toBeVisible();
  await other.context.close();

  // The author edits the comment on its page, then deletes it: rating stays, the text goes.
  const mine = await myReview(page.request, author.token, movie.id);
  await page.goto(`/comments/${movie.id}/${mine?.id}`);
  const own = page.getByRole("article", { name: `${author.username}의 코멘트` });
  await expect(own).toContainText(secret);
  await own.getByRole("button", { name: "수정" }).click();
  const ownEdit = page.getByRole("dialog", { name: "마더 코멘트" });
  await expect(ownEdit.getByLabel("코멘트 내용")).toHaveValue(secret);
  await expect(ownEdit.getByLabel("스포일러가 있어요")).toBeChecked();
  await ownEdit.getByLabel("코멘트 내용").fill("다시 쓴 코멘트");
  await ownEdit.getByRole("button", { name: "저장" }).click();
  await expect(own).toContainText("다시 쓴 코멘트");
  await own.getByRole("button", { name: "삭제" }).click();
  await page.getByRole("dialog", { name: "코멘트 삭제" }).getByRole("button", { name: "삭제" }).click();
  await expect(page).toHaveURL(new RegExp(`/movies/${movie.id}$`));
  await expect(page.getByRole("button", { name: "코멘트 남기기" })).toBeVisible();
  await expect(page.getByRole("slider")).toHaveAttribute("aria-valuetext", "재미있어요");
  const after = await myReview(page.request, author.token, movie.id);
  expect(after).toMatchObject({ content: "", rating: 4 });
});

test("friends only: the login overlay for visitors, followed authors for members", async ({ page, browser }) => {
  const movie = await movieByTitle(page.request, "괴물");
  await page.goto(`/movies/${movie.id}/comments`);
  await page.getByRole("switch", { name: "친구만 보기" }).click();
  await expect(page.getByRole("dialog", { name: MSG.loginRequiredTitle })).toBeVisible();

  const author = await memberOn(page, `/movies/${movie.id}`);
  await page.getByRole("button", { name: "코멘트 남기기" }).click();
  await page.getByRole("dialog").getByLabel("코멘트 내용").fill("친구가 쓴 코멘트");
  await page.getByRole("dialog").getByRole("button", { name: "저장" }).click();
  await expect(page.getByRole("region", { name: "내 코멘트" })).toContainText("친구가 쓴 코멘트");

  const friend = await secondMember(browser, `/movies/${movie.id}/comments`);
  const follow = await friend.page.request.post(`/api/users/follow/${author.userId}`, {
    headers: { Authorization: `Bearer ${friend.member.token}` },
  });
  expect(follow.status()).toBeLessThan(300);
  const toggle = friend.page.getByRole("switch", { name: "친구만 보기" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  const cards = friend.page.getByRole("article");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("친구가 쓴 코멘트");
  await toggle.click();
  await expect.poll(() => cards.count()).toBeGreaterThan(1);
  await friend.context.close();
});
