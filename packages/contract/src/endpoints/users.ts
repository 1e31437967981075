// Members (API.md §4.1, §4.14): the caller's own record, its edits, picture and deletion, and a member's profile.
import { z } from "zod";
import { IdParams } from "../common.js";
import { endpoint } from "../endpoint.js";
import { AUTH_BODY_LIMIT_BYTES, AVATAR_CONTENT_TYPES } from "../limits.js";
import { DeleteMeRequest, Me, PatchMeRequest, UserProfile } from "../users.js";

const tag = "users";

const AvatarBody = z.string().meta({
  format: "binary",
  description: "The picture: JPEG, PNG or WebP, at most 5 MB and 40 megapixels. Stored as a 256 px WebP square.",
});

export const userEndpoints = {
  me: endpoint({
    method: "GET",
    path: "/api/users/me",
    auth: "required",
    tag,
    responses: { 200: Me },
  }),
  editMe: endpoint({
    method: "PATCH",
    path: "/api/users/me",
    auth: "required",
    tag,
    body: PatchMeRequest,
    responses: { 200: Me },
  }),
  /** A local account confirms with its password; a social-only one sends no body (API.md §1.2: it counts as `{}`). */
  deleteMe: endpoint({
    method: "DELETE",
    path: "/api/users/me",
    auth: "required",
    tag,
    body: DeleteMeRequest.optional(),
    bodyLimit: AUTH_BODY_LIMIT_BYTES,
    responses: { 204: z.null() },
  }),
  profile: endpoint({
    method: "GET",
    path: "/api/users/profile/:user_id",
    auth: "optional",
    tag,
    params: IdParams("user_id"),
    responses: { 200: UserProfile },
  }),
  uploadAvatar: endpoint({
    method: "PUT",
    path: "/api/users/me/avatar",
    auth: "required",
    rateLimit: "create",
    tag,
    summary: "Upload a profile picture (raw image body).",
    consumes: AVATAR_CONTENT_TYPES,
    body: AvatarBody,
    responses: { 200: Me },
  }),
  removeAvatar: endpoint({
    method: "DELETE",
    path: "/api/users/me/avatar",
    auth: "required",
    tag,
    summary: "Remove the uploaded picture.",
    responses: { 200: Me },
  }),
};
