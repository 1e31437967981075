import { endpoints } from "@moviepedia/contract";
import type { Config } from "../../config.js";
import { requireCallerId } from "../../http/caller.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { clearRefreshCookie } from "../auth/index.js";
import type { AccountDeletionService } from "./account-deletion.js";

export function accountDeletionRoutes(app: App, deletion: AccountDeletionService, config: Config): void {
  route(app, endpoints.users.deleteMe, async (request, reply) => {
    const userId = requireCallerId(request);
    await deletion.deleteAccount(userId, request.ip, request.body?.login_password);
    request.log.info({ userId }, "account deleted");
    clearRefreshCookie(reply, request, config);
    return reply.code(204).send(null);
  });
}
