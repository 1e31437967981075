// The HttpOnly refresh cookie of API.md §3.3: Path=/api/users, SameSite=Strict, Secure over https.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config.js";

export const REFRESH_COOKIE = "refresh_token";
const PATH = "/api/users";

function secure(config: Pick<Config, "cookieSecure">, request: FastifyRequest): boolean {
  if (config.cookieSecure === "true") return true;
  if (config.cookieSecure === "false") return false;
  return request.protocol === "https";
}

export function setRefreshCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Pick<Config, "cookieSecure" | "refreshTokenTtlDays">,
  token: string,
): void {
  const maxAge = config.refreshTokenTtlDays * 86400;
  reply.setCookie(REFRESH_COOKIE, token, {
    path: PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: secure(config, request),
    maxAge,
    expires: new Date(Date.now() + maxAge * 1000),
  });
}

export function clearRefreshCookie(reply: FastifyReply, request: FastifyRequest, config: Pick<Config, "cookieSecure">) {
  reply.setCookie(REFRESH_COOKIE, "", {
    path: PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: secure(config, request),
    maxAge: 0,
    expires: new Date(0),
  });
}
