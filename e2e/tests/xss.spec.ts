// XSS in Chromium (issue 10 item 7): script-ish payloads stored through the real API in every free-text field
// members control — status message, avatar URL, review, reply, collection title and overview, collection comment,
// and the search query itself — then every page that renders them is opened. On each: no dialog, no injected
// element, no `window.__xss` marker, no script blocked by the CSP (nothing even tried to run), the payload shown
// as literal text, and the document served with a Content-Security-Policy whose script-src has no 'unsafe-inline'.
import type { Movie } from "@moviepedia/contract";
import { type APIRequestContext, type APIResponse, expect, type Page, type Response, test } from "@playwright/test";
import { type Account, newAccount, signupByApi } from "./support/accounts.js";
import { allMovies } from "./support/catalog-helpers.js";

/** Each payload writes its number to `window.__xss` and alerts if it ever runs. */
const PAYLOADS = [
  `<script>window.__xss=1;alert(1)</script>`,
  `<img src=x onerror="window.__xss=2;alert(2)">`,
  `"><svg onload="window.__xss=3;alert(3)">`,
  `javascript:window.__xss=4;alert(4)`,
  `{{constructor.constructor('window.__xss=5;alert(5)')()}}`,
  `txt.exe <b data-xss>굵게</b> &lt;i&gt;`,
  `<iframe srcdoc="<script>parent.__xss=7;alert(7)</script>"></iframe>`,
  `<a href="javascript:window.__xss=8;alert(8)">링크</a>`,
  `' onmouseover='window.__xss=9;alert(9)' x='`,
  `</textarea><style>*{display:none}</style><script>alert(10)</script>`,
  "${alert(11)}",
] as const;
const ALL = PAYLOADS.join("\n");
/** A word of every collection title, so search finds them. */
const MARK = "엑스콜";

/** Anything a payload could have put into the page. */
const INJECTED = [
  'img[src="x"]',
  "svg[onload]",
  "iframe",
  "[onerror]",
  "[onload]",
  "[onmouseover]",
  "[data-xss]",
  '[href^="javascript:" i]',
  "#root script",
  "#root style",
].join(", ");

interface Session {
  account: Account;
  userId: number;
  auth: { Authorization: string };
}

/** A 2xx answer's JSON (on failure the message is the error body, never a token). */
async function ok(response: APIResponse): Promise<unknown> {
  expect(response.ok(), `${response.status()} ${response.ok() ? "" : await response.text()}`).toBe(true);
  return response.status() === 204 ? null : response.json();
}

async function member(request: APIRequestContext): Promise<Session> {
  const account = newAccount();
  await signupByApi(request, account);
  const tokens = (await ok(
    await request.post("/api/users/signin", {
      data: { login_id: account.loginId, login_password: account.password },
    }),
  )) as { access_token: string; user_id: number };
  return { account, userId: tokens.user_id, auth: { Authorization: `Bearer ${tokens.access_token}` } };
}

/** What every page must show: the CSP on the document, then no trace of any payload having been taken as markup. */
async function expectInert(page: Page, response: Response | null, texts: readonly string[], dialogs: string[]) {
  expect(response, "navigation response").not.toBeNull();
  const csp = (await response!.allHeaders())["content-security-policy"] ?? "";
  const scriptSrc = csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src "));
  expect(scriptSrc, csp).toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(csp).toContain("object-src 'none'");

  // Once the page's reads have answered, first look for injected markup (a clearer failure than missing text).
  await page.waitForLoadState("networkidle");
  await expect(page.locator(INJECTED)).toHaveCount(0);
  const main = page.locator("main");
  for (const text of texts) await expect(main).toContainText(text);
  await expect(page.locator(INJECTED)).toHaveCount(0);
  // Give a handler that would fire on load or on hover its chance before looking for its traces.
  await main.hover();
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await page.evaluate(() => (window as { __cspScriptViolations?: string[] }).__cspScriptViolations)).toEqual([]);
  expect(dialogs).toEqual([]);
}

test("stored and reflected XSS payloads stay inert text on every page that shows them", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);

  // Usernames cannot carry markup at all: the contract's rule refuses it on signup and on rename.
  for (const username of ["<script>x</script>", "<img src=x>", '"><svg>', "a\u202Eb_c"]) {
    const res = await request.post("/api/users/signup", {
      data: { username, login_id: `xss${Date.now().toString(36)}`, login_password: "movie1234!" },
    });
    expect(res.status()).toBe(400);
    expect(await res.json()).toMatchObject({ code: "INVALID_FIELD" });
  }

  const author = await member(request);
  const commenter = await member(request);
  const rename = await request.patch("/api/users/me", { headers: author.auth, data: { username: "<b>x</b>" } });
  expect(rename.status()).toBe(400);
  // Bidirectional overrides (a "txt.exe" that reads as "exe.txt") are refused in every free text.
  const bidi = await request.patch("/api/users/me", {
    headers: author.auth,
    data: { status_message: "\u202Etxt.exe\u202C" },
  });
  expect(bidi.status()).toBe(400);
  expect(await bidi.json()).toMatchObject({ code: "INVALID_FIELD" });
  // A javascript: URL is no avatar; an https URL that tries to break out of its attribute is kept, as data.
  const jsAvatar = await request.patch("/api/users/me", {
    headers: author.auth,
    data: { profile_url: "javascript:alert(1)" },
  });
  expect(jsAvatar.status()).toBe(400);
  const status = PAYLOADS[1];
  await ok(
    await request.patch("/api/users/me", {
      headers: author.auth,
      data: { status_message: status, profile_url: `https://example.invalid/a.png?"><img src=x onerror=alert(1)>` },
    }),
  );
  await ok(await request.patch("/api/users/me", { headers: commenter.auth, data: { status_message: PAYLOADS[2] } }));
  await ok(await request.post(`/api/users/follow/${author.userId}`, { headers: commenter.auth }));

  // A film nobody has written about, so this review is the movie page's preview too.
  const movie = (await allMovies(request))
    .filter((m: Movie) => m.reviews_count === 0)
    .sort((a: Movie, b: Movie) => a.id - b.id)[0];
  if (!movie) throw new Error("every seeded film has a review");
  const review = (await ok(
    await request.put(`/api/reviews/movie/${movie.id}/mine`, {
      headers: author.auth,
      data: { rating: 4, content: ALL, spoiler: false },
    }),
  )) as { id: number };
  await ok(await request.post(`/api/comments/${review.id}`, { headers: commenter.auth, data: { content: ALL } }));

  const titled = [PAYLOADS[0], PAYLOADS[2], PAYLOADS[5]].map((p) => `${MARK} ${p}`);
  const overview = PAYLOADS.filter((p) => p.length < 60).join("\n");
  const collectionIds: number[] = [];
  for (const title of titled) {
    const created = (await ok(
      await request.post("/api/collections", {
        headers: author.auth,
        data: { title, overview, movie_ids: [movie.id] },
      }),
    )) as { id: number };
    collectionIds.push(created.id);
  }
  await ok(
    await request.post(`/api/collection_comments/${collectionIds[0]}`, {
      headers: commenter.auth,
      data: { content: ALL },
    }),
  );

  const dialogs: string[] = [];
  const watch = async (p: Page) => {
    p.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // A payload the CSP blocked still means markup got in: record script-src violations of every kind.
    await p.addInitScript(() => {
      const seen: string[] = [];
      (window as { __cspScriptViolations?: string[] }).__cspScriptViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => {
        // zod probes `Function("")` once to choose its fast path (caught, falls back): the bundle's own eval
        // probe is no injection. Anything inline (element, handler attribute, javascript: URL) is.
        const probe =
          event.blockedURI === "eval" && new URL(event.sourceFile, location.href).pathname.startsWith("/assets/");
        if (event.effectiveDirective.startsWith("script-src") && !probe) {
          seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
        }
      });
    });
  };
  await watch(page);

  const visits: { path: string; texts: readonly string[] }[] = [
    { path: `/movies/${movie.id}`, texts: PAYLOADS },
    { path: `/movies/${movie.id}/comments`, texts: PAYLOADS },
    { path: `/comments/${movie.id}/${review.id}`, texts: PAYLOADS },
    { path: `/profile/${author.userId}`, texts: [status] },
    { path: `/profile/${author.userId}/reviews`, texts: [movie.title] },
    { path: `/profile/${author.userId}/collections`, texts: titled },
    { path: `/profile/${author.userId}/followers`, texts: [commenter.account.username] },
    { path: `/profile/${commenter.userId}`, texts: [PAYLOADS[2]] },
    // The first collection carries the comment: every payload, besides its title and overview.
    ...collectionIds.map((id, i) => ({
      path: `/collections/${id}`,
      texts: i === 0 ? [titled[i]!, ...PAYLOADS] : [titled[i]!],
    })),
    { path: `/search?query=${encodeURIComponent(MARK)}&category=collection`, texts: titled },
    { path: `/search?query=${encodeURIComponent(author.account.username)}&category=user`, texts: [] },
  ];

  // As a visitor, then as the author (own controls, the movie page's "내 코멘트" box).
  for (const signedIn of [false, true]) {
    if (signedIn) {
      await page.goto("/login");
      const main = page.getByRole("main");
      await main.getByLabel("아이디").fill(author.account.loginId);
      await main.getByLabel("비밀번호").fill(author.account.password);
      await main.getByRole("button", { name: "로그인", exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
    }
    for (const visit of visits) {
      await test.step(`${signedIn ? "author" : "visitor"} ${visit.path}`, async () => {
        const response = await page.goto(visit.path);
        await expectInert(page, response, visit.texts, dialogs);
      });
    }
  }
  // The user search result is the author's link (username only; the avatar URL stays an attribute).
  await expect(
    page.getByRole("tabpanel").getByRole("link", { name: new RegExp(author.account.username) }),
  ).toBeVisible();

  // Reflected: each payload as the search query, in the URL and typed into the box.
  for (const payload of PAYLOADS) {
    const response = await page.goto(`/search?query=${encodeURIComponent(payload)}&category=collection`);
    await expect(page.getByRole("searchbox", { name: "검색어" })).toHaveValue(payload.replace(/\n/g, ""));
    await expectInert(page, response, [], dialogs);
  }
  const box = page.getByRole("searchbox", { name: "검색어" });
  await box.fill(PAYLOADS[1]);
  await box.press("Enter");
  await expect(page).toHaveURL(/search\?query=/);
  await expect(page.locator(INJECTED)).toHaveCount(0);

  // Someone else's browser, not signed in, on the comment list: still nothing.
  const other = await browser.newContext();
  const reader = await other.newPage();
  await watch(reader);
  const response = await reader.goto(`/collections/${collectionIds[0]}`);
  await expectInert(reader, response, PAYLOADS, dialogs);
  await other.close();
});
