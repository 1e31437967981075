// Issue #19 in the browser: a member uploads a small Letterboxd ratings.csv in settings, watches it finish, reads the
// report (two films found in the seed catalogue by original and English title, one line unmatched), matches that line
// by hand with search and stars, and downloads the JSON export holding the imported ratings.
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { loginByForm, newAccount, signupByApi } from "./support/accounts.js";

const CSV = [
  "Date,Name,Year,Letterboxd URI,Rating",
  "2024-01-02,Roman Holiday,1953,https://boxd.it/a,4.5",
  "2024-01-03,Bicycle Thieves,1948,https://boxd.it/b,4",
  "2024-01-04,Nowhere Film That Does Not Exist,2001,https://boxd.it/c,3",
].join("\n");

test("import a Letterboxd CSV, match a line by hand, download the export", async ({ page, request }) => {
  const account = newAccount();
  await signupByApi(request, account);
  await page.goto("/login");
  await loginByForm(page, account);
  await expect(
    page.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "마이페이지" }),
  ).toBeVisible();
  await page.goto("/mypage/settings");

  const section = page.getByRole("region", { name: "데이터 가져오기" });
  await section.getByLabel("파일 형식").selectOption("letterboxd");
  await section
    .getByLabel("가져올 파일")
    .setInputFiles({ name: "ratings.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await section.getByRole("button", { name: "가져오기" }).click();
  await expect(section.getByText("가져오기를 마쳤어요.")).toBeVisible();
  await expect(section.getByRole("progressbar", { name: "가져오기 진행률" })).toHaveAttribute("aria-valuenow", "100");
  await expect(section.getByText("찾은 작품 2 · 새로 추가 2 · 바뀜 0 · 그대로 0 · 못 찾음 1")).toBeVisible();
  await expect(section.getByText("Nowhere Film That Does Not Exist")).toBeVisible();
  await expect(section.getByText("4번째 줄 · 작품을 찾지 못했어요 · 파일의 별점 3.0")).toBeVisible();

  // Match the unmatched line by hand: search the catalogue and rate the film with the stars.
  await section.getByRole("button", { name: "직접 찾기" }).click();
  const search = section.getByRole("searchbox", { name: "Nowhere Film That Does Not Exist 검색" });
  await search.fill("하녀");
  await section.getByRole("search").getByRole("button", { name: "검색" }).click();
  const stars = section.getByRole("slider", { name: "하녀 별점" }).first();
  await expect(stars).toBeVisible();
  await stars.focus();
  await page.keyboard.press("End");
  await expect(page.getByText("별점을 저장했어요.")).toBeVisible();

  // The export: a JSON attachment with the imported ratings and the hand-matched one.
  const exportSection = page.getByRole("region", { name: "데이터 내보내기" });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    exportSection.getByRole("button", { name: "JSON으로 내보내기" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^moviepedia-\d+-\d{8}\.json$/);
  const data = JSON.parse(fs.readFileSync((await download.path())!, "utf8")) as {
    format: string;
    reviews: Array<{ rating: number; movie: { title: string } }>;
  };
  expect(data.format).toBe("moviepedia");
  expect(data.reviews.map((r) => [r.movie.title, r.rating]).sort()).toEqual(
    [
      ["로마의 휴일", 4.5],
      ["자전거 도둑", 4],
      ["하녀", 5],
    ].sort(),
  );
  const [zip] = await Promise.all([
    page.waitForEvent("download"),
    exportSection.getByRole("button", { name: "CSV(ZIP)로 내보내기" }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  expect(
    fs
      .readFileSync((await zip.path())!)
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");
});
