// Browser checks of issue 20's second round: the star widget's keyboard writes, the app's own notices in place of
// alert()/confirm(), one like icon and one date format, the blocked author's comment by link, the profile's tabs,
// honest taste-analysis counts and the demo's preview comment.
import { MSG } from "@moviepedia/contract";
import { expect, type Page, test } from "@playwright/test";
import { createMember, quietMovies, review } from "./social-support.js";
import { loginByForm } from "./support/accounts.js";
import { memberOn, movieByTitle } from "./support/catalog-helpers.js";

/** Fails the test if the page ever opens a browser dialog (alert, confirm, prompt). */
function forbidBrowserDialogs(page: Page) {
  page.on("dialog", (dialog) => {
    void dialog.dismiss();
    throw new Error(`browser dialog opened: ${dialog.type()} ${dialog.message()}`);
  });
}

test("arrowing the stars writes once when the value settles; a click writes at once", async ({ page, request }) => {
  const movie = await movieByTitle(request, "괴물");
  await memberOn(page, `/movies/${movie.id}`);
  const writes: unknown[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "PUT" && sent.url().endsWith(`/api/reviews/movie/${movie.id}/mine`)) {
      writes.push(sent.postDataJSON());
    }
  });
  const slider = page.getByRole("slider", { name: /별점/ });
  // The stars take keys once the member's own review has loaded.
  await expect(slider).not.toHaveAttribute("aria-disabled", "true");
  await expect(slider).toHaveAttribute("aria-valuetext", "평가하기");
  await slider.focus();
  for (let step = 0; step < 6; step++) await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuetext", "보통이에요");
  await page.keyboard.press("Enter");
  await expect.poll(() => writes).toEqual([{ rating: 3 }]);
  for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowRight");
  // The pause commits 4.5 once.
  await expect.poll(() => writes).toEqual([{ rating: 3 }, { rating: 4.5 }]);
  await page.locator('[data-star="2"] [data-half="right"]').click();
  await expect.poll(() => writes).toEqual([{ rating: 3 }, { rating: 4.5 }, { rating: 2 }]);
  await page.reload();
  await expect(page.getByRole("slider", { name: /별점/ })).toHaveAttribute("aria-valuetext", "별로예요");
});

test("a failed collection delete is told in the app's toast, never a browser alert", async ({ page }) => {
  forbidBrowserDialogs(page);
  const member = await memberOn(page, "/");
  const created = await page.request.post("/api/collections", {
    headers: { Authorization: `Bearer ${member.token}` },
    data: { title: "지울 수 없는 컬렉션", overview: null, movie_ids: [] },
  });
  const { id } = (await created.json()) as { id: number };
  await page.route(`**/api/collections/${id}`, (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 503, json: { code: "INTERNAL_ERROR", detail: "" } })
      : route.fallback(),
  );
  await page.goto(`/collections/${id}`);
  await page.getByRole("button", { name: "컬렉션 메뉴" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "삭제" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "삭제" }).click();
  await expect(page.getByRole("status").filter({ hasText: MSG.collectionDeleteFailed(503) })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/collections/${id}$`));
});

test("one like icon and one date format; a visitor's reply box asks for a login before any typing", async ({
  page,
  request,
}) => {
  const [movie] = await quietMovies(request);
  const author = await createMember(request);
  const replier = await createMember(request);
  const reviewId = await review(request, author, movie!.id, { rating: 4, content: "하트와 날짜를 보는 코멘트" });
  const reply = await request.post(`/api/comments/${reviewId}`, {
    headers: replier.headers,
    data: { content: "몇 시에 단 댓글인지 보여요" },
  });
  expect(reply.status()).toBe(201);

  await page.goto(`/comments/${movie!.id}/${reviewId}`);
  const main = page.getByRole("main");
  await expect(main.getByText("몇 시에 단 댓글인지 보여요")).toBeVisible();
  // Hearts on the comment and the reply, never a thumbs-up.
  await expect(main.locator('[data-icon="like"].lucide-heart')).toHaveCount(2);
  await expect(page.locator(".lucide-thumbs-up")).toHaveCount(0);
  // The comment shows its date, the reply its date and time, in the one format.
  const times = await main.locator("time").allTextContents();
  expect(times).toContainEqual(expect.stringMatching(/^\d{4}년 \d{1,2}월 \d{1,2}일$/));
  expect(times).toContainEqual(expect.stringMatching(/^\d{4}년 \d{1,2}월 \d{1,2}일 \d\d:\d\d$/));

  await expect(main.getByRole("textbox")).toHaveCount(0);
  await main.getByRole("button", { name: "로그인하고 댓글을 남겨 보세요." }).click();
  await expect(page.getByRole("dialog", { name: MSG.loginRequiredTitle })).toBeVisible();
});

test("a blocked author's comment by link is behind a notice; lists say how many of theirs they leave out", async ({
  page,
  request,
}) => {
  const movie = (await quietMovies(request))[1]!;
  const blocked = await createMember(request);
  const other = await createMember(request);
  const reviewId = await review(request, blocked, movie.id, { rating: 2, content: "차단된 사람이 쓴 코멘트" });
  await review(request, other, movie.id, { rating: 4, content: "보이는 사람의 코멘트" });
  for (const [member, content] of [
    [other, "보이는 사람의 댓글"],
    [blocked, "차단된 사람의 댓글"],
  ] as const) {
    const reply = await request.post(`/api/comments/${reviewId}`, { headers: member.headers, data: { content } });
    expect(reply.status()).toBe(201);
  }
  const reader = await createMember(request);
  const block = await request.post(`/api/users/block/${blocked.id}`, { headers: reader.headers });
  expect(block.status()).toBe(201);
  await page.goto("/login");
  await loginByForm(page, reader);
  await expect(
    page.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "마이페이지" }),
  ).toBeVisible();

  await page.goto(`/comments/${movie.id}/${reviewId}`);
  const main = page.getByRole("main");
  const notice = main.getByTestId("blocked-author");
  await expect(notice).toContainText("차단한 사용자의 코멘트입니다");
  await expect(main.getByText("차단된 사람이 쓴 코멘트")).toHaveCount(0);
  await notice.getByRole("button", { name: "코멘트 보기" }).click();
  await expect(main.getByText("차단된 사람이 쓴 코멘트")).toBeVisible();
  // Two replies counted (everyone's count), one listed, and the list's end says why.
  await expect(main.getByRole("heading", { name: "댓글 2" })).toBeVisible();
  await expect(main.getByText("보이는 사람의 댓글")).toBeVisible();
  await expect(main.getByText("차단된 사람의 댓글")).toHaveCount(0);
  await expect(main.getByTestId("hidden-by-block")).toHaveText("차단한 사용자의 댓글 1개는 목록에서 빠져 있어요.");

  await page.goto(`/movies/${movie.id}/comments`);
  await expect(main.getByText("보이는 사람의 코멘트")).toBeVisible();
  await expect(main.getByRole("article")).toHaveCount(1);
  await expect(main.getByTestId("hidden-by-block")).toHaveText("차단한 사용자의 코멘트 1개는 목록에서 빠져 있어요.");

  // A visitor sees everything, with no notice.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/comments/${movie.id}/${reviewId}`);
  await expect(main.getByText("차단된 사람이 쓴 코멘트")).toBeVisible();
  await expect(main.getByText("차단된 사람의 댓글")).toBeVisible();
  await expect(main.getByTestId("hidden-by-block")).toHaveCount(0);
});

test("the profile's 평가·코멘트 has tabs with counts that match the lists and search", async ({ page, request }) => {
  const member = await createMember(request);
  const films = (await quietMovies(request)).slice(2, 7);
  await review(request, member, films[0]!.id, { rating: 4 });
  await review(request, member, films[1]!.id, { rating: 3.5, content: "탭 테스트 코멘트" });
  await review(request, member, films[2]!.id, { status: "WatchList" });
  await review(request, member, films[3]!.id, { status: "Watching", rating: 2 });
  await review(request, member, films[4]!.id, { status: "Watching" });

  await page.goto(`/profile/${member.id}`);
  const main = page.getByRole("main");
  await main.getByRole("link", { name: /평가·코멘트/ }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${member.id}/reviews$`));
  const tabs = main.getByRole("tablist", { name: "평가·코멘트 종류" });
  const expected = { 전체: 5, 평가: 3, 코멘트: 1, 보고싶어요: 1, "보는 중": 2 };
  for (const [label, count] of Object.entries(expected)) {
    await expect(tabs.getByRole("tab", { name: `${label} ${count}`, exact: true })).toBeVisible();
  }
  const grid = main.getByRole("list", { name: /평가·코멘트 · / });
  await expect(grid.getByRole("listitem")).toHaveCount(5);
  for (const [label, count] of Object.entries(expected)) {
    await tabs.getByRole("tab", { name: new RegExp(`^${label} `) }).click();
    await expect(tabs.getByRole("tab", { selected: true })).toHaveText(`${label} ${count}`);
    await expect(grid.getByRole("listitem")).toHaveCount(count);
  }
  await expect(page).toHaveURL(/\?kind=watching$/);
  await tabs.getByRole("tab", { name: /^보고싶어요 / }).click();
  await expect(grid.getByRole("listitem")).toHaveText([new RegExp(`${films[2]!.title}.*보고싶어요`)]);

  // Search's member row counts the same rows as 전체.
  await page.goto(`/search?query=${encodeURIComponent(member.username)}&category=user`);
  await expect(main.getByText("평가·코멘트 5", { exact: false })).toBeVisible();
});

test("taste analysis ranks on more than one film and shows what each score rests on", async ({ page, request }) => {
  const movies = (await (await request.get("/api/movies?begin=0&end=300")).json()) as {
    id: number;
    genres: string[];
  }[];
  const byGenre = new Map<string, number>();
  for (const movie of movies) for (const genre of movie.genres) byGenre.set(genre, (byGenre.get(genre) ?? 0) + 1);
  const genre = [...byGenre.entries()].find(([name, count]) => count >= 8 && name !== "드라마")![0];
  const inGenre = movies.filter((movie) => movie.genres.includes(genre)).slice(0, 4);
  const others = movies.filter((movie) => !movie.genres.includes(genre)).slice(0, 5);
  const member = await createMember(request);
  for (const movie of inGenre) await review(request, member, movie.id, { rating: 5 });
  for (const movie of others.slice(0, 4)) await review(request, member, movie.id, { rating: 2 });
  await review(request, member, others[4]!.id, { rating: 5 }); // one film loved: it must not top a category

  await page.goto("/login");
  await loginByForm(page, member);
  await expect(
    page.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "마이페이지" }),
  ).toBeVisible();
  await page.goto("/analysis");
  const main = page.getByRole("main");
  await expect(main.getByText(/평균 별점과 비교한 값/)).toBeVisible();
  for (const id of ["countries", "genres", "actors", "directors"]) {
    const first = main.getByTestId(`${id}-top`).getByRole("listitem").first();
    // The first place of every category rests on at least two rated films.
    await expect(first).toContainText(/(?:[2-9]|\d{2,})편 평가$/);
  }
  const scores = await main.getByText(/^\d+점 · \d+편 (?:평가|관심)$/).allTextContents();
  expect(scores.length).toBeGreaterThan(10);
  expect(scores.filter((text) => text.startsWith("100점"))).toEqual([]);
});

test("the demo's best comment leads each movie page: a rated review, never a 보고싶어요 note", async ({
  page,
  request,
}) => {
  const movies = (await (await request.get("/api/movies?begin=0&end=60")).json()) as {
    id: number;
    reviews_count: number;
  }[];
  const busy = movies.filter((movie) => movie.reviews_count >= 3).slice(0, 5);
  expect(busy.length).toBeGreaterThan(2);
  for (const movie of busy) {
    const [first] = (await (
      await request.get(`/api/reviews/movie/${movie.id}?has_content=true&sort=likes&end=1`)
    ).json()) as { rating: number; content: string; user_name: string }[];
    expect(first!.rating, `movie ${movie.id}`).toBeGreaterThan(0);
    expect(first!.content).not.toMatch(/목록에 추가|개봉하면/);
  }
  await page.goto(`/movies/${busy[0]!.id}`);
  const best = page.getByRole("list", { name: "베스트 코멘트" });
  await expect(best.getByRole("article").first().getByText("평가 전")).toHaveCount(0);
});
