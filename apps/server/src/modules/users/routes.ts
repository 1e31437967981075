import { IdParams, Me, PatchMeRequest, UserProfile } from "@moviepedia/contract";
import type { Config } from "../../config.js";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { sendJson } from "../../http/json-reply.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import type { UsersService } from "./service.js";

export function userRoutes(app: App, users: UsersService, config: Pick<Config, "publicOrigin">): void {
  app.get(
    "/api/users/me",
    { config: { auth: "required" }, schema: { tags: ["users"], response: { 200: Me, ...errors } } },
    async (request) => users.getMe(requireCallerId(request)),
  );

  app.patch(
    "/api/users/me",
    {
      config: { auth: "required" },
      schema: { tags: ["users"], body: PatchMeRequest, response: { 200: Me, ...errors } },
      // The schema documents the body; the service validates it (the rules depend on the member's current name).
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request) => {
      const origins = [`${request.protocol}://${request.host}`, ...(config.publicOrigin ? [config.publicOrigin] : [])];
      return users.patchMe(requireCallerId(request), request.body as unknown, origins);
    },
  );

  app.get(
    "/api/users/profile/:user_id",
    {
      config: { auth: "optional" },
      schema: { tags: ["users"], params: IdParams("user_id"), response: { 200: UserProfile, ...errors } },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await users.profileJson(parsePathId(request.params.user_id, "user_id"), request.caller?.userId ?? null),
      ),
  );
}
