// Follows, blocks and the caller's likes lists (API.md §4.1).
import { z } from "zod";
import { Collection } from "../collections.js";
import { CollectionListQuery, IdParams, WindowQuery } from "../common.js";
import { endpoint } from "../endpoint.js";
import { Person } from "../movies.js";
import { Review } from "../reviews.js";
import { BlockedUsers, BlockResult, FollowResult, FollowUser } from "../users.js";

const tag = "users";
const target = { tag, params: IdParams("user_id") } as const;
const toggle = { auth: "required", rateLimit: "toggle" } as const;

export const socialEndpoints = {
  follow: endpoint({
    method: "POST",
    path: "/api/users/follow/:user_id",
    ...toggle,
    ...target,
    responses: { 201: FollowResult },
  }),
  unfollow: endpoint({
    method: "DELETE",
    path: "/api/users/follow/:user_id",
    ...toggle,
    ...target,
    responses: { 200: FollowResult },
  }),
  block: endpoint({
    method: "POST",
    path: "/api/users/block/:user_id",
    ...toggle,
    ...target,
    responses: { 201: BlockResult },
  }),
  unblock: endpoint({
    method: "DELETE",
    path: "/api/users/block/:user_id",
    ...toggle,
    ...target,
    responses: { 200: BlockResult },
  }),
  followings: endpoint({
    method: "GET",
    path: "/api/users/followings/:user_id",
    auth: "none",
    ...target,
    query: WindowQuery,
    responses: { 200: z.array(FollowUser) },
  }),
  followers: endpoint({
    method: "GET",
    path: "/api/users/followers/:user_id",
    auth: "none",
    ...target,
    query: WindowQuery,
    responses: { 200: z.array(FollowUser) },
  }),
  /**
   * Its credentials are its own (API.md §1.8 "cookie": a sent bearer wins, else the refresh cookie), checked by the
   * route before the path id, which is therefore only a string here and parsed by the handler.
   */
  blockedUsers: endpoint({
    method: "GET",
    path: "/api/users/blocked_users/:user_id",
    auth: "cookie",
    tag,
    params: z.object({ user_id: z.string() }),
    responses: { 200: BlockedUsers },
  }),
  likedPeople: endpoint({
    method: "GET",
    path: "/api/users/likes_participant",
    auth: "required",
    tag,
    query: WindowQuery,
    responses: { 200: z.array(Person) },
  }),
  /** Collections take movies_limit (API.md §4.0). */
  likedCollections: endpoint({
    method: "GET",
    path: "/api/users/likes_collection",
    auth: "required",
    tag,
    query: CollectionListQuery,
    responses: { 200: z.array(Collection) },
  }),
  likedReviews: endpoint({
    method: "GET",
    path: "/api/users/likes_review",
    auth: "required",
    tag,
    query: WindowQuery,
    responses: { 200: z.array(Review) },
  }),
};
