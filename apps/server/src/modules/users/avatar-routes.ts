// PUT / DELETE /api/users/me/avatar (API.md §4.14, docs/media.md). The one route that takes a body other than JSON:
// its own parsers, in a scope of their own, read image/jpeg, image/png and image/webp up to 5 MB; every other route
// keeps answering 415 to them (API.md §1.2), and this one answers 415 to everything else.
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, endpoints } from "@moviepedia/contract";
import { requireCallerId } from "../../http/caller.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import type { AvatarService } from "./avatar.js";

export function avatarRoutes(app: App, avatars: AvatarService): void {
  void app.register(async (scope: App) => {
    scope.addContentTypeParser(
      [...AVATAR_CONTENT_TYPES],
      { parseAs: "buffer", bodyLimit: AVATAR_MAX_BYTES },
      (_request, body, done) => done(null, body.length === 0 ? undefined : body),
    );

    route(
      scope,
      endpoints.users.uploadAvatar,
      async (request) => avatars.upload(requireCallerId(request), request.body as unknown),
      // The body is bytes, checked by the service (decoded with sharp), not by a JSON schema.
      { validatorCompiler: () => (data) => ({ value: data }) },
    );

    route(scope, endpoints.users.removeAvatar, async (request) => avatars.remove(requireCallerId(request)));
  });
}
