// Test helpers: access tokens with a readable payload, and a fake /api answer.
export function makeToken(expSeconds: number, sub = "7"): string {
  const payload = btoa(JSON.stringify({ sub, exp: expSeconds, iat: expSeconds - 1800, typ: "access" }));
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

export const ME = {
  id: 7,
  user_id: 7,
  username: "movie_fan",
  profile_url: "/media/avatar/7.svg?v=12345678",
  status_message: null,
  follower_count: 0,
  following_count: 0,
  review_count: 0,
  collection_count: 0,
  is_following: false,
  is_blocked: false,
  login_id: "movie.fan",
  login_type: "local" as const,
  liked_people_count: 0,
  liked_collections_count: 0,
  liked_reviews_count: 0,
};
