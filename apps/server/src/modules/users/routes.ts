import { endpoints } from "@moviepedia/contract";
import type { Config } from "../../config.js";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { sendJson } from "../../http/json-reply.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import type { UsersService } from "./service.js";

export function userRoutes(app: App, users: UsersService, config: Pick<Config, "publicOrigin">): void {
  const table = endpoints.users;

  route(app, table.me, async (request) => users.getMe(requireCallerId(request)));

  route(
    app,
    table.editMe,
    async (request) => {
      const origins = [`${request.protocol}://${request.host}`, ...(config.publicOrigin ? [config.publicOrigin] : [])];
      return users.patchMe(requireCallerId(request), request.body as unknown, origins);
    },
    // The schema documents the body; the service validates it (the rules depend on the member's current name).
    { validatorCompiler: () => (data) => ({ value: data }) },
  );

  route(app, table.profile, async (request, reply) =>
    sendJson(
      reply,
      await users.profileJson(parsePathId(request.params.user_id, "user_id"), request.caller?.userId ?? null),
    ),
  );
}
