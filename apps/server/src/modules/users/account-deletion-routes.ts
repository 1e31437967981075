import { AUTH_BODY_LIMIT_BYTES, DeleteMeRequest } from "@moviepedia/contract";
import { z } from "zod";
import type { Config } from "../../config.js";
import { requireCallerId } from "../../http/caller.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import { clearRefreshCookie } from "../auth/index.js";
import type { AccountDeletionService } from "./account-deletion.js";

export function accountDeletionRoutes(app: App, deletion: AccountDeletionService, config: Config): void {
  app.delete(
    "/api/users/me",
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      config: { auth: "required" },
      schema: { tags: ["users"], body: DeleteMeRequest, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const userId = requireCallerId(request);
      await deletion.deleteAccount(userId, request.ip, request.body.login_password);
      request.log.info({ userId }, "account deleted");
      clearRefreshCookie(reply, request, config);
      return reply.code(204).send(null);
    },
  );
}
