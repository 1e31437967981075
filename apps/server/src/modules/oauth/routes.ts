import { endpoints } from "@moviepedia/contract";
import type { FastifyRequest } from "fastify";
import type { Config } from "../../config.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { setRefreshCookie } from "../auth/index.js";
import type { OAuthService } from "./service.js";
import { STATE_COOKIE, STATE_TTL_SECONDS } from "./state-cookie.js";

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function oauthRoutes(app: App, oauth: OAuthService, config: Config): void {
  const table = endpoints.oauth;

  route(app, table.providers, async () => oauth.configured());

  route(app, table.start, async (request, reply) => {
    const { url, cookie } = oauth.authorize(request.params.provider, origin(request));
    reply.setCookie(STATE_COOKIE, cookie, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.cookieSecure === "true" || (config.cookieSecure === "auto" && request.protocol === "https"),
      maxAge: STATE_TTL_SECONDS,
    });
    return reply.redirect(url, 302);
  });

  route(app, table.callback, async (request, reply) => {
    const stateCookie = request.cookies[STATE_COOKIE];
    // The state cookie is single-use: cleared whatever the outcome once a callback has looked at it.
    const clear = () => reply.clearCookie(STATE_COOKIE, { path: "/" });
    try {
      const tokens = await oauth.callback(request.params.provider, request.query, stateCookie, origin(request));
      clear();
      setRefreshCookie(reply, request, config, tokens.refresh_token);
      return tokens;
    } catch (error) {
      if (stateCookie) clear();
      throw error;
    }
  });
}
