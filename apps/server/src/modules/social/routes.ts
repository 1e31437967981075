import {
  BlockedUsers,
  BlockResult,
  Collection,
  CollectionListQuery,
  FollowResult,
  FollowUser,
  IdParams,
  Person,
  Review,
  WindowQuery,
} from "@moviepedia/contract";
import { z } from "zod";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { parseMoviesLimit } from "../../http/movies-limit.js";
import { sendJson } from "../../http/json-reply.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import { parseWindow } from "../../http/window.js";
import type { AuthService } from "../auth/index.js";
import { bearerOrCookieCallerId } from "./caller.js";
import type { LikesListsService } from "./likes-lists.js";
import type { SocialService } from "./service.js";

const toggle = { auth: "required", rateLimit: "toggle" } as const;
/** The caller of a blocked_users request, found by its onRequest hook. */
const blockedListCallers = new WeakMap<object, number>();
const tags = ["users"];

export interface SocialRouteDeps {
  social: SocialService;
  likes: LikesListsService;
  auth: AuthService;
}

export function socialRoutes(app: App, { social, likes, auth }: SocialRouteDeps): void {
  const target = { tags, params: IdParams("user_id") };
  const userId = (params: Record<string, string | undefined>) => parsePathId(params.user_id, "user_id");

  app.post(
    "/api/users/follow/:user_id",
    { config: toggle, schema: { ...target, response: { 201: FollowResult, ...errors } } },
    async (request, reply) =>
      reply.code(201).send(await social.follow(requireCallerId(request), userId(request.params))),
  );
  app.delete(
    "/api/users/follow/:user_id",
    { config: toggle, schema: { ...target, response: { 200: FollowResult, ...errors } } },
    async (request) => social.unfollow(requireCallerId(request), userId(request.params)),
  );
  app.post(
    "/api/users/block/:user_id",
    { config: toggle, schema: { ...target, response: { 201: BlockResult, ...errors } } },
    async (request, reply) =>
      reply.code(201).send(await social.block(requireCallerId(request), userId(request.params))),
  );
  app.delete(
    "/api/users/block/:user_id",
    { config: toggle, schema: { ...target, response: { 200: BlockResult, ...errors } } },
    async (request) => social.unblock(requireCallerId(request), userId(request.params)),
  );

  for (const direction of ["followings", "followers"] as const) {
    app.get(
      `/api/users/${direction}/:user_id`,
      {
        config: { auth: "none" },
        schema: { ...target, querystring: WindowQuery, response: { 200: z.array(FollowUser), ...errors } },
      },
      async (request) => social.listFollows(userId(request.params), direction, parseWindow(request.query)),
    );
  }

  app.get(
    "/api/users/blocked_users/:user_id",
    {
      // Credentials are this route's own (bearer, else refresh cookie), checked before any body is read and
      // before the path id, so 401 precedes 413/415 and 400; the path is therefore parsed in the handler.
      config: { auth: "none" },
      schema: { tags, params: z.object({ user_id: z.string() }), response: { 200: BlockedUsers, ...errors } },
      onRequest: async (request) => {
        blockedListCallers.set(request, await bearerOrCookieCallerId(auth, request));
      },
    },
    async (request) => {
      const callerId = blockedListCallers.get(request) ?? (await bearerOrCookieCallerId(auth, request));
      return social.blockedUsers(callerId, userId(request.params));
    },
  );

  const likesLists = [
    ["likes_participant", Person],
    ["likes_collection", Collection],
    ["likes_review", Review],
  ] as const;
  for (const [list, item] of likesLists) {
    app.get(
      `/api/users/${list}`,
      {
        config: { auth: "required" },
        // Collections take movies_limit (API.md §4.0); the other lists ignore it as an unknown parameter.
        schema: {
          tags,
          querystring: list === "likes_collection" ? CollectionListQuery : WindowQuery,
          response: { 200: z.array(item), ...errors },
        },
      },
      async (request, reply) => {
        const query = request.query as { begin?: string; end?: string; movies_limit?: string };
        const window = parseWindow(query);
        const movieLimit = list === "likes_collection" ? parseMoviesLimit(query.movies_limit) : undefined;
        return sendJson(reply, await likes.listJson(list, requireCallerId(request), window, movieLimit));
      },
    );
  }
}
