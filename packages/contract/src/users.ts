import { z } from "zod";
import { Int } from "./common.js";
import { capped, text } from "./fields.js";
import {
  isValidPassword,
  isValidUsername,
  LOGIN_ID_MAX,
  LOGIN_ID_REGEX,
  PASSWORD_MAX,
  STATUS_MESSAGE_MAX,
  USERNAME_REGEX,
} from "./limits.js";

export const AuthTokens = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  user_id: Int,
});
export type AuthTokens = z.infer<typeof AuthTokens>;

export const UserProfile = z.object({
  id: Int,
  user_id: Int,
  username: z.string(),
  profile_url: z.string(),
  status_message: z.string().nullable(),
  follower_count: Int,
  following_count: Int,
  review_count: Int,
  collection_count: Int,
  is_following: z.boolean(),
  is_blocked: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const Me = UserProfile.extend({
  login_id: z.string().nullable(),
  login_type: z.enum(["local", "kakao", "google"]),
  liked_people_count: Int,
  liked_collections_count: Int,
  liked_reviews_count: Int,
});
export type Me = z.infer<typeof Me>;

export const FollowUser = z.object({ id: Int, username: z.string(), profile_url: z.string() });
export type FollowUser = z.infer<typeof FollowUser>;

export const FollowResult = z.object({ user_id: Int, following: z.boolean() });
export const BlockResult = z.object({ user_id: Int, blocked: z.boolean() });
export const BlockedUsers = z.object({ id: z.array(Int) });
export type BlockedUsers = z.infer<typeof BlockedUsers>;

export const TasteMatch = z.object({ user_id: Int, match: Int.nullable(), co_rated: Int });
export type TasteMatch = z.infer<typeof TasteMatch>;

export const AuthProviders = z.object({ kakao: z.boolean(), google: z.boolean() });
export type AuthProviders = z.infer<typeof AuthProviders>;

// Request bodies: the server applies the exact rules (regexes, limits) itself so it can name the failing field
// with the contract's error codes; these schemas describe the shapes (OpenAPI) and are reused by the web forms.
export const SignupRequest = z.object({
  username: z
    .string()
    .refine(isValidUsername, { message: "does not match the username rules" })
    .meta({ pattern: USERNAME_REGEX.source, description: "checked on the Unicode NFC form" }),
  login_id: z.string().regex(LOGIN_ID_REGEX),
  login_password: z.string().refine(isValidPassword, { message: "does not meet the password rules" }),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

// Signin applies no format rule beyond non-empty strings (API.md §3.1), but no login id or password is longer than
// its format allows: longer values are refused (400 INVALID_FIELD) before any limiter, lookup or hash sees them.
export const SigninRequest = z.object({
  login_id: z.string().min(1).pipe(capped(LOGIN_ID_MAX)),
  login_password: z.string().min(1).pipe(capped(PASSWORD_MAX)),
});
export type SigninRequest = z.infer<typeof SigninRequest>;

export const PatchMeRequest = z.object({
  username: z.string().optional(),
  status_message: text(STATUS_MESSAGE_MAX).nullable().optional(),
  profile_url: z.string().nullable().optional(),
});
export type PatchMeRequest = z.infer<typeof PatchMeRequest>;

export const DeleteMeRequest = z.object({ login_password: capped(PASSWORD_MAX).optional() });

/** PATCH /api/users/me/password [EXT]: the new password follows signup's rules (API.md §3.1). */
export const ChangePasswordRequest = z.object({
  current_password: z.string().min(1).pipe(capped(PASSWORD_MAX)),
  new_password: z.string().refine(isValidPassword, { message: "does not meet the password rules" }),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;
