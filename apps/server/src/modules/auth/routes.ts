import {
  AUTH_BODY_LIMIT_BYTES,
  AuthTokens,
  ChangePasswordRequest,
  Me,
  SigninRequest,
  SignupRequest,
} from "@moviepedia/contract";
import { z } from "zod";
import type { Config } from "../../config.js";
import { requireCaller } from "../../http/auth.js";
import { errors } from "../../http/schemas.js";
import { requireScriptRequest } from "../../http/script-request.js";
import type { App } from "../../http/types.js";
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from "./cookies.js";
import { DEVICE_COOKIE, deviceCookieUser, setDeviceCookie } from "./device-cookie.js";
import type { AuthService } from "./service.js";

export function authRoutes(app: App, auth: AuthService, config: Config): void {
  app.post(
    "/api/users/signup",
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      config: { rateLimit: "signup" },
      schema: { tags: ["users"], body: SignupRequest, response: { 201: Me, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await auth.signup(request.body)),
  );

  app.post(
    "/api/users/signin",
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      config: { rateLimit: "signin" },
      schema: { tags: ["users"], body: SigninRequest, response: { 201: AuthTokens, ...errors } },
    },
    async (request, reply) => {
      const { login_id, login_password } = request.body;
      const device = deviceCookieUser(config.jwtSecret, request.cookies[DEVICE_COOKIE]);
      const tokens = await auth.signin(request.ip, login_id, login_password, device);
      setRefreshCookie(reply, request, config, tokens.refresh_token);
      setDeviceCookie(reply, request, config, tokens.user_id);
      return reply.code(201).send(tokens);
    },
  );

  app.patch(
    "/api/users/me/password",
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      config: { auth: "required", rateLimit: "signin" },
      schema: {
        tags: ["users"],
        summary: "Change the password; every other session of the member ends [EXT].",
        body: ChangePasswordRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { current_password, new_password } = request.body;
      await auth.changePassword(requireCaller(request), request.ip, current_password, new_password);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/users/refresh",
    { config: { writes: true }, schema: { tags: ["users"], response: { 200: AuthTokens, ...errors } } },
    async (request, reply) => {
      requireScriptRequest(request);
      try {
        const tokens = await auth.refresh(request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(reply, request, config, tokens.refresh_token);
        return tokens;
      } catch (error) {
        clearRefreshCookie(reply, request, config);
        throw error;
      }
    },
  );

  for (const method of ["GET", "POST"] as const) {
    app.route({
      method,
      url: "/api/users/logout",
      config: { auth: "optional", writes: true },
      schema: { tags: ["users"], response: { 204: z.null(), ...errors } },
      handler: async (request, reply) => {
        // A POST cannot come from an image or a link; a GET (or its HEAD) must come from a script.
        if (method === "GET") requireScriptRequest(request);
        await auth.logout(request.cookies[REFRESH_COOKIE], request.caller?.sessionId);
        clearRefreshCookie(reply, request, config);
        return reply.code(204).send(null);
      },
    });
  }
}
