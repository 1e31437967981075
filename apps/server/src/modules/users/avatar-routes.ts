// PUT / DELETE /api/users/me/avatar (API.md §4.14, docs/media.md). The one route that takes a body other than JSON:
// its own parsers, in a scope of their own, read image/jpeg, image/png and image/webp up to 5 MB; every other route
// keeps answering 415 to them (API.md §1.2), and this one answers 415 to everything else.
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, Me } from "@moviepedia/contract";
import { z } from "zod";
import { requireCallerId } from "../../http/caller.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import type { AvatarService } from "./avatar.js";

const AvatarBody = z.string().meta({
  format: "binary",
  description: "The picture: JPEG, PNG or WebP, at most 5 MB and 40 megapixels. Stored as a 256 px WebP square.",
});

export function avatarRoutes(app: App, avatars: AvatarService): void {
  void app.register(async (scope: App) => {
    scope.addContentTypeParser(
      [...AVATAR_CONTENT_TYPES],
      { parseAs: "buffer", bodyLimit: AVATAR_MAX_BYTES },
      (_request, body, done) => done(null, body.length === 0 ? undefined : body),
    );

    scope.put(
      "/api/users/me/avatar",
      {
        config: { auth: "required", rateLimit: "create" },
        schema: {
          tags: ["users"],
          summary: "Upload a profile picture (raw image body).",
          consumes: [...AVATAR_CONTENT_TYPES],
          body: AvatarBody,
          response: { 200: Me, ...errors },
        },
        // The body is bytes, checked by the service (decoded with sharp), not by a JSON schema.
        validatorCompiler: () => (data) => ({ value: data }),
      },
      async (request) => avatars.upload(requireCallerId(request), request.body as unknown),
    );

    scope.delete(
      "/api/users/me/avatar",
      {
        config: { auth: "required" },
        schema: { tags: ["users"], summary: "Remove the uploaded picture.", response: { 200: Me, ...errors } },
      },
      async (request) => avatars.remove(requireCallerId(request)),
    );
  });
}
