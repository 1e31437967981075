import { endpoints } from "@moviepedia/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config.js";
import { requireCaller } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { requireScriptRequest } from "../../http/script-request.js";
import type { App } from "../../http/types.js";
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from "./cookies.js";
import { DEVICE_COOKIE, deviceCookieUser, setDeviceCookie } from "./device-cookie.js";
import type { AuthService } from "./service.js";

export function authRoutes(app: App, auth: AuthService, config: Config): void {
  const table = endpoints.auth;

  route(app, table.signup, async (request, reply) => reply.code(201).send(await auth.signup(request.body)));

  route(app, table.signin, async (request, reply) => {
    const { login_id, login_password } = request.body;
    const device = deviceCookieUser(config.jwtSecret, request.cookies[DEVICE_COOKIE]);
    const tokens = await auth.signin(request.ip, login_id, login_password, device);
    setRefreshCookie(reply, request, config, tokens.refresh_token);
    setDeviceCookie(reply, request, config, tokens.user_id);
    return reply.code(201).send(tokens);
  });

  route(app, table.changePassword, async (request, reply) => {
    const { current_password, new_password } = request.body;
    await auth.changePassword(requireCaller(request), request.ip, current_password, new_password);
    return reply.code(204).send(null);
  });

  route(app, table.refresh, async (request, reply) => {
    requireScriptRequest(request);
    try {
      const tokens = await auth.refresh(request.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, request, config, tokens.refresh_token);
      return tokens;
    } catch (error) {
      clearRefreshCookie(reply, request, config);
      throw error;
    }
  });

  async function logout(request: FastifyRequest, reply: FastifyReply) {
    await auth.logout(request.cookies[REFRESH_COOKIE], request.caller?.sessionId);
    clearRefreshCookie(reply, request, config);
    return reply.code(204).send(null);
  }
  // A POST cannot come from an image or a link; a GET (or its HEAD) must come from a script.
  route(app, table.logoutGet, async (request, reply) => {
    requireScriptRequest(request);
    return logout(request, reply);
  });
  route(app, table.logout, logout);
}
