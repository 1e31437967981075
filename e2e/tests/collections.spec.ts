// Browser journey of issue 6: a collection made from a movie page's more menu, filled through the editor's movie
// search, trimmed in remove mode, added to from another movie's sheet, then commented, liked, shared (clipboard
// checked) and deleted.
import { MSG } from "@moviepedia/contract";
import { expect, type Page, test } from "@playwright/test";
import { loginByForm, newAccount, signupByApi } from "./support/accounts.js";

interface MovieRow {
  id: number;
  title: string;
}

async function movieIdByTitle(page: Page, title: string): Promise<number> {
  const response = await page.request.get("/api/movies?begin=0&end=1000");
  const movie = ((await response.json()) as MovieRow[]).find((row) => row.title === title);
  if (!movie) throw new Error(`no movie titled ${title} in the seeded catalogue`);
  return movie.id;
}

/** The movie page's 더보기 → 컬렉션에 추가: the add-to-collection sheet. */
async function openAddToCollection(page: Page) {
  await page.getByRole("main").getByRole("button", { name: "더보기" }).click();
  await page.getByRole("dialog", { name: "더보기" }).getByRole("button", { name: "컬렉션에 추가" }).click();
  const sheet = page.getByRole("dialog", { name: "컬렉션에 추가" });
  await expect(sheet).toBeVisible();
  return sheet;
}

test("create from a movie, edit through search and remove mode, comment, like, share, delete", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const account = newAccount();
  await signupByApi(page.request, account);
  await page.goto("/login");
  await loginByForm(page, account);
  await expect(page).toHaveURL(/\/$/);
  const userId = Number(await page.evaluate(() => localStorage.getItem("user_id")));
  const parasite = await movieIdByTitle(page, "기생충");
  const main = page.getByRole("main");

  // From the movie page's 더보기 menu: 컬렉션에 추가 → (no collections yet) 새 컬렉션 → the editor, film preselected.
  await page.goto(`/movies/${parasite}`);
  const sheet = await openAddToCollection(page);
  await expect(sheet.getByText("아직 만든 컬렉션이 없어요.")).toBeVisible();
  await sheet.getByRole("link", { name: "새 컬렉션" }).click();
  await expect(page).toHaveURL(`/profile/${userId}/collections/new?movie=${parasite}`);
  const titleField = main.getByLabel("제목");

  const create = main.getByRole("button", { name: "만들기" });
  await expect(main.getByText("1 / 1000")).toBeVisible();
  await expect(main.getByText("기생충")).toBeVisible();
  await expect(create).toBeDisabled();
  await titleField.fill("봉준호의 세계");
  await expect(main.getByText("7/100")).toBeVisible();
  await main.getByLabel("설명").fill("장르를 넘나드는 감독의 영화들");
  await create.click();
  await expect(page).toHaveURL(/\/collections\/\d+$/);
  const collectionId = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(main.getByRole("heading", { name: "봉준호의 세계" })).toBeVisible();
  await expect(main.getByText("작품 1 · 좋아요 0 · 댓글 0")).toBeVisible();

  // The owner's menu → 수정: two more movies through the search, one of them removed again in remove mode.
  await page.getByRole("button", { name: "컬렉션 메뉴" }).click();
  await page.getByRole("dialog", { name: "컬렉션 관리" }).getByRole("button", { name: "수정" }).click();
  await expect(page).toHaveURL(`/collections/${collectionId}/edit`);
  await expect(main.getByLabel("제목")).toHaveValue("봉준호의 세계");
  await main.getByRole("button", { name: "작품 추가" }).click();
  const search = page.getByRole("dialog", { name: "작품 추가" });
  const query = search.getByRole("searchbox", { name: "작품 검색" });
  await query.fill("괴물");
  await query.press("Enter");
  await search.getByRole("button", { name: "괴물 추가", exact: true }).first().click();
  await query.fill("마더");
  await query.press("Enter");
  await search.getByRole("button", { name: "마더 추가", exact: true }).first().click();
  await expect(search.getByRole("button", { name: "마더 추가됨" }).first()).toBeDisabled();
  await search.getByRole("button", { name: "완료" }).click();
  await expect(main.getByText("3 / 1000")).toBeVisible();

  const save = main.getByRole("button", { name: "저장" });
  await main.getByRole("button", { name: "선택 삭제" }).click();
  await expect(save).toBeDisabled();
  // A tap on the poster selects it.
  await main.locator("label", { hasText: "마더" }).click();
  await expect(main.getByRole("checkbox", { name: "마더 선택" })).toBeChecked();
  await main.getByRole("button", { name: "선택한 작품 삭제" }).click();
  await expect(main.getByText("2 / 1000")).toBeVisible();
  await expect(save).toBeEnabled();
  await save.click();

  await expect(page).toHaveURL(`/collections/${collectionId}`);
  const grid = main.getByRole("region", { name: /작품들/ });
  await expect(grid.getByRole("listitem")).toHaveCount(2);
  await expect(grid.getByRole("link").nth(0)).toHaveAttribute("href", `/movies/${parasite}`);
  await expect(grid.getByText("괴물")).toBeVisible();
  await expect(grid.getByText("마더")).toHaveCount(0);

  // The sheet of another film adds it to the collection; on 기생충's page the collection is marked as holding it.
  await page.goto(`/movies/${await movieIdByTitle(page, "살인의 추억")}`);
  let sheet2 = await openAddToCollection(page);
  await sheet2.getByRole("button", { name: "봉준호의 세계에 추가" }).click();
  await expect(sheet2.getByText("'봉준호의 세계'에 추가했어요.")).toBeVisible();
  await expect(sheet2.getByRole("button", { name: "봉준호의 세계 (이미 담긴 작품)" })).toBeDisabled();
  await page.goto(`/movies/${parasite}`);
  sheet2 = await openAddToCollection(page);
  await expect(sheet2.getByRole("button", { name: "봉준호의 세계 (이미 담긴 작품)" })).toBeDisabled();
  await page.goto(`/collections/${collectionId}`);
  await expect(grid.getByRole("listitem")).toHaveCount(3);
  await expect(grid.getByRole("listitem").last()).toContainText("살인의 추억");

  // Comment, like, share.
  await main.getByRole("button", { name: "댓글로 이동" }).click();
  await expect(main.getByRole("heading", { name: /댓글/ })).toBeFocused();
  await main.getByLabel("댓글 쓰기").fill("봉준호 감독 최고!\n다음엔 설국열차도.");
  await main.getByRole("button", { name: "등록" }).click();
  await expect(main.getByText("봉준호 감독 최고!")).toBeVisible();
  await expect(main.getByLabel("댓글 쓰기")).toHaveValue("");

  const like = main.getByRole("button", { name: "좋아요", exact: true });
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(main.getByText("작품 3 · 좋아요 1 · 댓글 1")).toBeVisible();

  await main.getByRole("button", { name: "공유" }).click();
  await expect(page.getByRole("status").filter({ hasText: MSG.linkCopied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/collections/${collectionId}`);

  // Everything was stored: a reload shows the same.
  await page.reload();
  await expect(main.getByRole("button", { name: "좋아요", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(main.getByText("봉준호 감독 최고!")).toBeVisible();

  // Delete with confirm.
  await page.getByRole("button", { name: "컬렉션 메뉴" }).click();
  await page.getByRole("dialog", { name: "컬렉션 관리" }).getByRole("button", { name: "삭제" }).click();
  const confirm = page.getByRole("dialog", { name: "컬렉션 삭제" });
  await expect(confirm).toContainText("삭제할까요?");
  await confirm.getByRole("button", { name: "삭제" }).click();
  await expect(page).toHaveURL(`/profile/${userId}/collections`);
  await expect(main.getByText("첫 컬렉션을 만들어 보세요.")).toBeVisible();
  expect((await page.request.get(`/api/collections/${collectionId}`)).status()).toBe(404);
});

test("visitors see collections but are asked to log in to like; other profiles cannot create", async ({ page }) => {
  const owner = newAccount();
  await signupByApi(page.request, owner);
  const signin = await page.request.post("/api/users/signin", {
    data: { login_id: owner.loginId, login_password: owner.password },
  });
  const { access_token: token, user_id: ownerId } = (await signin.json()) as { access_token: string; user_id: number };
  const created = await page.request.post("/api/collections", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: "방문자용 컬렉션", overview: null, movie_ids: [] },
  });
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/collections/${id}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "방문자용 컬렉션" })).toBeVisible();
  await expect(page.getByRole("button", { name: "컬렉션 메뉴" })).toHaveCount(0);
  await main.getByRole("button", { name: "좋아요", exact: true }).click();
  await expect(page.getByRole("dialog", { name: MSG.loginRequiredTitle })).toBeVisible();

  await page.goto(`/profile/${ownerId}/collections`);
  await expect(main.getByRole("link", { name: /방문자용 컬렉션/ })).toBeVisible();
  await expect(main.getByRole("link", { name: "새 컬렉션" })).toHaveCount(0);

  await page.goto("/collections/999999");
  await expect(main.getByText(MSG.collectionNotFound)).toBeVisible();
});
