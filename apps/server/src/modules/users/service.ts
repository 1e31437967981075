// Member profile reads and edits (API.md §4.1).
import { type Me, PROFILE_URL_MAX, type PatchMeRequest, USERNAME_REGEX, type UserProfile } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database, UserUpdate } from "../../db/types.js";
import { ApiError, invalidField, notFound } from "../../http/errors.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { avatarUrl, toMe, toUserProfile } from "./mapper.js";
import { findUserById, findUserByUsername, relationFlags, updateUser } from "./repository.js";

const usernameTaken = () => new ApiError("USERNAME_TAKEN", "That username is already taken.");

function isHttpsUrl(value: string): boolean {
  if ([...value].length > PROFILE_URL_MAX) return false;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

export function createUsersService(db: Kysely<Database>) {
  async function getUserOr404(id: number | null) {
    const user = id === null ? undefined : await findUserById(db, id);
    if (!user) throw notFound("USER_NOT_FOUND");
    return user;
  }

  async function getMe(userId: number): Promise<Me> {
    return toMe(await getUserOr404(userId));
  }

  async function getProfile(id: number | null, callerId: number | null): Promise<UserProfile> {
    const user = await getUserOr404(id);
    const flags =
      callerId !== null && callerId !== user.id
        ? await relationFlags(db, callerId, user.id)
        : { isFollowing: false, isBlocked: false };
    return toUserProfile(user, flags);
  }

  async function patchMe(userId: number, body: PatchMeRequest): Promise<Me> {
    const user = await getUserOr404(userId);
    const patch: UserUpdate = {};
    if (body.username !== undefined && body.username !== user.username) {
      if (!USERNAME_REGEX.test(body.username)) throw invalidField("username", "does not match the username rules");
      const other = await findUserByUsername(db, body.username);
      if (other && other.id !== user.id) throw usernameTaken();
      patch.username = body.username;
      patch.username_lower = body.username.toLowerCase();
    }
    if (body.status_message !== undefined) {
      const message = body.status_message;
      patch.status_message = message === null || message.trim() === "" ? null : message;
    }
    if (body.profile_url !== undefined && body.profile_url !== avatarUrl(user)) {
      const url = body.profile_url;
      if (url !== null && !isHttpsUrl(url)) throw invalidField("profile_url", "must be an absolute https URL");
      patch.profile_url = url;
    }
    if (Object.keys(patch).length === 0) return toMe(user);
    try {
      return toMe(await updateUser(db, user.id, patch));
    } catch (error) {
      if (isUniqueViolation(error, "username")) throw usernameTaken();
      throw error;
    }
  }

  return { getMe, getProfile, patchMe, getUserOr404 };
}

export type UsersService = ReturnType<typeof createUsersService>;
