// Test helpers: access tokens with a readable payload, and a fake /api answer.
import { aMe } from "./factories";

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

/** The signed-in member of the web tests. */
export const ME = aMe();
