import { AuthTokens, Me, SigninRequest, SignupRequest } from "@moviepedia/contract";
import { z } from "zod";
import type { Config } from "../../config.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from "./cookies.js";
import type { AuthService } from "./service.js";

export function authRoutes(app: App, auth: AuthService, config: Config): void {
  app.post(
    "/api/users/signup",
    {
      config: { rateLimit: "signup" },
      schema: { tags: ["users"], body: SignupRequest, response: { 201: Me, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await auth.signup(request.body)),
  );

  app.post(
    "/api/users/signin",
    {
      config: { rateLimit: "signin" },
      schema: { tags: ["users"], body: SigninRequest, response: { 201: AuthTokens, ...errors } },
    },
    async (request, reply) => {
      const tokens = await auth.signin(request.ip, request.body.login_id, request.body.login_password);
      setRefreshCookie(reply, request, config, tokens.refresh_token);
      return reply.code(201).send(tokens);
    },
  );

  app.get(
    "/api/users/refresh",
    { schema: { tags: ["users"], response: { 200: AuthTokens, ...errors } } },
    async (request, reply) => {
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
      config: { auth: "optional" },
      schema: { tags: ["users"], response: { 204: z.null(), ...errors } },
      handler: async (request, reply) => {
        await auth.logout(request.cookies[REFRESH_COOKIE], request.caller?.sessionId);
        clearRefreshCookie(reply, request, config);
        return reply.code(204).send(null);
      },
    });
  }
}
