// API shortcuts for the social and analysis journeys: members with their bearer, reviews, likes, and a movie
// nobody has commented on yet (so a new comment is on the first page of its list).
import { type APIRequestContext, expect } from "@playwright/test";
import { type Account, newAccount, signupByApi } from "./support/accounts.js";

export interface Member extends Account {
  id: number;
  headers: Record<string, string>;
}

export async function createMember(request: APIRequestContext): Promise<Member> {
  const account = newAccount();
  await signupByApi(request, account);
  const response = await request.post("/api/users/signin", {
    data: { login_id: account.loginId, login_password: account.password },
  });
  expect(response.status()).toBe(201);
  const tokens = (await response.json()) as { access_token: string; user_id: number };
  return { ...account, id: tokens.user_id, headers: { Authorization: `Bearer ${tokens.access_token}` } };
}

export async function review(
  request: APIRequestContext,
  member: Member,
  movieId: number,
  body: { rating?: number; content?: string; status?: string },
): Promise<number> {
  const response = await request.put(`/api/reviews/movie/${movieId}/mine`, { headers: member.headers, data: body });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { id: number }).id;
}

export async function like(request: APIRequestContext, member: Member, path: string): Promise<void> {
  const response = await request.patch(path, { headers: member.headers });
  expect(response.status(), await response.text()).toBe(200);
}

interface MovieRow {
  id: number;
  title: string;
  reviews_count: number;
}

/** Movies without any written comment yet, in id order. */
export async function quietMovies(request: APIRequestContext): Promise<MovieRow[]> {
  const response = await request.get("/api/movies?begin=0&end=1000");
  const movies = (await response.json()) as MovieRow[];
  return movies.filter((movie) => movie.reviews_count === 0);
}
