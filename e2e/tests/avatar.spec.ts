// Issue 17 item 6 in the browser: a member uploads a profile picture in the profile editor (preview, then the stored
// 256 px WebP on this origin everywhere the profile shows), is told in Korean when a file is no image, and removes
// the picture again (back to the generated art).
import { expect, test } from "@playwright/test";
import { loginByForm, newAccount, signupByApi } from "./support/accounts.js";

/** A 64 × 64 orange PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAoElEQVRoge2SQQkAQRDDKqdyzr+A6FgR9wgDhQhIQ8PX00Q3YAOqV2QX6l2iG7AB1SuyC/Uu0Q3YgOoV2YV6l+gGbED1iuxCvUt0AzagekV2od4lugEbUL0iu1DvEt2ADahekV2od4luwAZUr8gu1LtEN2ADqldkF+pdohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHrFPzz+uuE8VE7k+AAAAABJRU5ErkJggg==",
  "base64",
);

test("upload, refuse a non-image, and remove a profile picture", async ({ page, request }) => {
  const account = newAccount();
  await signupByApi(request, account);
  await page.goto("/login");
  await loginByForm(page, account);
  const nav = page.getByRole("navigation", { name: "주요 메뉴" });
  await nav.getByRole("link", { name: "마이페이지" }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: account.username })).toBeVisible();
  const summaryAvatar = main.getByRole("img", { name: `${account.username}의 프로필 사진` });
  await expect(summaryAvatar).toHaveAttribute("src", /^\/media\/avatar\/[0-9]+\.svg/);

  await main.getByRole("button", { name: "프로필 수정" }).click();
  const dialog = page.getByRole("dialog", { name: "프로필 수정" });
  await expect(dialog.getByRole("button", { name: "사진 올리기" })).toBeVisible();
  // No uploaded picture yet: nothing to remove.
  await expect(dialog.getByRole("button", { name: "사진 삭제" })).toHaveCount(0);

  await dialog.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(dialog.getByText("프로필 사진을 바꿨어요.")).toBeVisible();
  const dialogAvatar = dialog.getByRole("img", { name: `${account.username}의 프로필 사진` });
  await expect(dialogAvatar).toHaveAttribute("src", /^\/media\/avatars\/[0-9]+-[0-9a-f]{16}\.webp$/);
  const src = (await dialogAvatar.getAttribute("src"))!;
  // The stored picture is a 256 px square, loaded from this origin.
  await expect.poll(() => dialogAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

  // A file that is no image: the server's INVALID_IMAGE in Korean, and the picture stays.
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
  await expect(dialog.getByText("이미지 파일을 읽을 수 없습니다. JPEG, PNG, WebP 이미지를 올려 주세요.")).toBeVisible();
  await expect(dialogAvatar).toHaveAttribute("src", src);

  // Saving the form keeps the uploaded picture.
  await dialog.getByLabel("상태 메시지").fill("새 사진으로 바꿨어요");
  await dialog.getByRole("button", { name: "저장" }).click();
  await expect(dialog).toBeHidden();
  await expect(summaryAvatar).toHaveAttribute("src", src);
  await page.reload();
  await expect(summaryAvatar).toHaveAttribute("src", src);

  await main.getByRole("button", { name: "프로필 수정" }).click();
  await dialog.getByRole("button", { name: "사진 삭제" }).click();
  await expect(dialog.getByText("기본 이미지로 바꿨어요.")).toBeVisible();
  await expect(dialogAvatar).toHaveAttribute("src", /^\/media\/avatar\/[0-9]+\.svg/);
  await page.keyboard.press("Escape");
  await expect(summaryAvatar).toHaveAttribute("src", /^\/media\/avatar\/[0-9]+\.svg/);
  expect((await request.get(src)).status()).toBe(404);
});
