// Helpers of the catalog and review journeys: catalog look-ups through the API, a member signed in through the
// login form, and the "no broken images" check.
import type { Movie, Review } from "@moviepedia/contract";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { type Account, loginByForm, newAccount, signupByApi } from "./accounts.js";

export async function allMovies(request: APIRequestContext): Promise<Movie[]> {
  const response = await request.get("/api/movies?begin=0&end=1000");
  expect(response.status()).toBe(200);
  return (await response.json()) as Movie[];
}

export async function movieByTitle(request: APIRequestContext, title: string): Promise<Movie> {
  const movie = (await allMovies(request)).find((candidate) => candidate.title === title);
  if (!movie) throw new Error(`no movie titled ${title} in the seed catalog`);
  return movie;
}

export async function getMovie(request: APIRequestContext, id: number): Promise<Movie> {
  return (await (await request.get(`/api/movies/${id}`)).json()) as Movie;
}

/** A new member, signed up through the API and logged in through the form; returns to `path` afterwards. */
export async function memberOn(page: Page, path: string): Promise<Account & { userId: number; token: string }> {
  const account = newAccount();
  await signupByApi(page.request, account);
  await page.goto("/login");
  await loginByForm(page, account);
  await expect(
    page.getByRole("navigation", { name: "주요 메뉴" }).getByRole("link", { name: "마이페이지" }),
  ).toBeVisible();
  const stored = await page.evaluate(() => ({
    userId: Number(localStorage.getItem("user_id")),
    token: localStorage.getItem("accessToken") ?? "",
  }));
  await page.goto(path);
  return { ...account, ...stored };
}

/** The member's own review of a movie through the API, or null (the empty object: none, or emptied and hidden). */
export async function myReview(request: APIRequestContext, token: string, movieId: number): Promise<Review | null> {
  const response = await request.get(`/api/reviews/movie/${movieId}/mine`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const review = (await response.json()) as Review;
  return review.rating === 0 && review.status === "" && review.content === "" ? null : review;
}

/** Every image in `scope` has loaded with real pixels (each is scrolled into view first: posters load lazily). */
export async function expectImagesLoaded(scope: Locator, minimum = 1): Promise<void> {
  const images = scope.locator("img");
  const count = await images.count();
  expect(count).toBeGreaterThanOrEqual(minimum);
  for (let index = 0; index < count; index++) {
    const image = images.nth(index);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), {
        message: `image ${index} (${await image.getAttribute("src")}) loaded`,
      })
      .toBe(true);
  }
}
