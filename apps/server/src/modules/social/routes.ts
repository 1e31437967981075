import { endpoints } from "@moviepedia/contract";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { parseMoviesLimit } from "../../http/movies-limit.js";
import { sendJson } from "../../http/json-reply.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { parseWindow } from "../../http/window.js";
import type { AuthService } from "../auth/index.js";
import { bearerOrCookieCallerId } from "./caller.js";
import type { LikesListsService } from "./likes-lists.js";
import type { SocialService } from "./service.js";

/** The caller of a blocked_users request, found by its onRequest hook. */
const blockedListCallers = new WeakMap<object, number>();

export interface SocialRouteDeps {
  social: SocialService;
  likes: LikesListsService;
  auth: AuthService;
}

export function socialRoutes(app: App, { social, likes, auth }: SocialRouteDeps): void {
  const table = endpoints.social;
  const userId = (params: Record<string, string | undefined>) => parsePathId(params.user_id, "user_id");

  route(app, table.follow, async (request, reply) =>
    reply.code(201).send(await social.follow(requireCallerId(request), userId(request.params))),
  );
  route(app, table.unfollow, async (request) => social.unfollow(requireCallerId(request), userId(request.params)));
  route(app, table.block, async (request, reply) =>
    reply.code(201).send(await social.block(requireCallerId(request), userId(request.params))),
  );
  route(app, table.unblock, async (request) => social.unblock(requireCallerId(request), userId(request.params)));

  for (const direction of ["followings", "followers"] as const) {
    route(app, table[direction], async (request) =>
      social.listFollows(userId(request.params), direction, parseWindow(request.query)),
    );
  }

  route(
    app,
    table.blockedUsers,
    async (request) => {
      const callerId = blockedListCallers.get(request) ?? (await bearerOrCookieCallerId(auth, request));
      return social.blockedUsers(callerId, userId(request.params));
    },
    {
      // Credentials are this route's own (bearer, else refresh cookie), checked before any body is read and
      // before the path id, so 401 precedes 413/415 and 400; the path is therefore parsed in the handler.
      onRequest: async (request) => {
        blockedListCallers.set(request, await bearerOrCookieCallerId(auth, request));
      },
    },
  );

  const likesLists = [
    ["likes_participant", table.likedPeople],
    ["likes_collection", table.likedCollections],
    ["likes_review", table.likedReviews],
  ] as const;
  for (const [list, entry] of likesLists) {
    route(app, entry, async (request, reply) => {
      // Collections take movies_limit (API.md §4.0); the other lists ignore it as an unknown parameter.
      const query = request.query as { begin?: string; end?: string; movies_limit?: string };
      const window = parseWindow(query);
      const movieLimit = list === "likes_collection" ? parseMoviesLimit(query.movies_limit) : undefined;
      return sendJson(reply, await likes.listJson(list, requireCallerId(request), window, movieLimit));
    });
  }
}
