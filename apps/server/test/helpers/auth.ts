// Helpers for the accounts-and-sessions tests: signup/signin calls, Set-Cookie parsing, JWT payload decoding.
import type { LightMyRequestResponse } from "fastify";
import type { TestContext } from "./context.js";

export const JSON_HEADERS = { "content-type": "application/json" } as const;

export interface CallOptions {
  ip?: string;
  headers?: Record<string, string>;
}

export function signup(ctx: TestContext, body: unknown, options: CallOptions = {}) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/users/signup",
    headers: { ...JSON_HEADERS, ...options.headers },
    payload: JSON.stringify(body),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

export function signin(ctx: TestContext, loginId: string, password: string, options: CallOptions = {}) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/users/signin",
    headers: { ...JSON_HEADERS, ...options.headers },
    payload: JSON.stringify({ login_id: loginId, login_password: password }),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

/** GET /api/users/refresh as a script sends it (fetch with a JSON content type, API.md §3.3; docs/security.md). */
export function refresh(ctx: TestContext, token: string | undefined, options: CallOptions = {}) {
  return ctx.app.inject({
    method: "GET",
    url: "/api/users/refresh",
    headers: { ...JSON_HEADERS, ...options.headers },
    ...(token !== undefined ? { cookies: { refresh_token: token } } : {}),
  });
}

export function me(ctx: TestContext, accessToken: string) {
  return ctx.app.inject({ method: "GET", url: "/api/users/me", headers: { authorization: `Bearer ${accessToken}` } });
}

let counter = 0;
/** A fresh local account through the real signup route: unique username and login id. */
export async function signupMember(ctx: TestContext, password = "abcd1234") {
  counter++;
  const tag = `${counter}${Math.random().toString(36).slice(2, 7)}`;
  const body = { username: `user_${tag}`, login_id: `login_${tag}`, login_password: password };
  const res = await signup(ctx, body, { ip: `10.250.${counter % 250}.${(counter * 7) % 250}` });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { id: res.json<{ id: number }>().id, username: body.username, loginId: body.login_id, password };
}

export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names lower-cased → value ("" for flags such as HttpOnly). */
  attributes: Record<string, string>;
  raw: string;
}

/** Every Set-Cookie header of a response, parsed; attribute names are case-insensitive. */
export function setCookies(res: LightMyRequestResponse): SetCookie[] {
  const header = res.headers["set-cookie"];
  const raws = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return raws.map((raw) => {
    const [pair = "", ...attrs] = raw.split(";").map((s) => s.trim());
    const eq = pair.indexOf("=");
    const attributes: Record<string, string> = {};
    for (const attr of attrs) {
      const i = attr.indexOf("=");
      if (i < 0) attributes[attr.toLowerCase()] = "";
      else attributes[attr.slice(0, i).toLowerCase()] = attr.slice(i + 1);
    }
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes, raw };
  });
}

export function refreshCookie(res: LightMyRequestResponse): SetCookie | undefined {
  const all = setCookies(res).filter((c) => c.name === "refresh_token");
  if (all.length > 1) throw new Error(`several refresh_token cookies: ${all.map((c) => c.raw).join(" | ")}`);
  return all[0];
}

/** Decodes a JWT segment the way the web app does: `JSON.parse(atob(segment))`. */
export function decodeSegment(token: string, index: 0 | 1): Record<string, unknown> {
  const segment = token.split(".")[index] ?? "";
  return JSON.parse(atob(segment)) as Record<string, unknown>;
}

export const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
