// Browser journey of issue #21: A is signed in; B replies to A's comment through the API; A's bell shows 1 without a
// reload (pushed over the notification stream), and opening 알림 and the item leads to the comment with the reply.
import { expect, test } from "@playwright/test";
import { createMember, quietMovies, review } from "./social-support.js";
import { loginByForm } from "./support/accounts.js";

test("a reply to my comment lights the bell live, and 알림 leads to it", async ({ page, request }) => {
  const [a, b] = [await createMember(request), await createMember(request)];
  const movie = (await quietMovies(request))[0];
  if (!movie) throw new Error("no movie without comments");
  const reviewId = await review(request, a, movie.id, { rating: 4, content: `A의 코멘트 ${a.username}` });

  // The stream is open once its answer's headers arrive (the ticket is fetched right after signing in).
  const streamOpen = page.waitForResponse((r) => r.url().includes("/api/notifications/stream") && r.status() === 200);
  await page.goto("/login");
  await loginByForm(page, a);
  const bell = page.getByTestId("notification-bell").first();
  await expect(bell).toBeVisible();
  await expect(bell).toHaveAccessibleName("알림");
  await streamOpen;

  const replyText = `B의 답글 ${b.username}`;
  const replied = await request.post(`/api/comments/${reviewId}`, { headers: b.headers, data: { content: replyText } });
  expect(replied.status()).toBe(201);
  const replyId = ((await replied.json()) as { id: number }).id;

  // No reload: the badge comes from the stream (polling would take a minute).
  await expect(page.getByTestId("notification-badge").first()).toHaveText("1", { timeout: 15_000 });
  await expect(bell).toHaveAccessibleName("알림, 읽지 않은 알림 1개");

  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const item = page
    .getByRole("main")
    .getByRole("link", { name: new RegExp(`${b.username} 님이 회원님의 코멘트에 댓글을 남겼어요`) });
  await expect(item).toBeVisible();
  // Seen on screen: marked read, the badge goes.
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);

  await item.click();
  await expect(page).toHaveURL(new RegExp(`/comments/${movie.id}/${reviewId}#reply-${replyId}$`));
  await expect(page.locator(`#reply-${replyId}`)).toContainText(replyText);
});
