// Member profile reads and edits (API.md §4.1).
import { inTransaction } from "../../lib/transaction.js";
import {
  type Me,
  normalizeUsername,
  PatchMeRequest,
  PROFILE_URL_MAX,
  USERNAME_REGEX,
  UserProfile,
} from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database, UserUpdate } from "../../db/types.js";
import { ApiError, invalidField, notFound } from "../../http/errors.js";
import { parseWith } from "../../http/validation.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { answerJson, defineRegion } from "../../cache/index.js";
import type { AvatarStore } from "../media/index.js";
import { indexSearchDocument } from "../search/index.js";
import { avatarUrl, toMe, toUserProfile } from "./mapper.js";
import { findUserById, findUserByUsername, relationFlags, updateUser } from "./repository.js";

const UsernameField = PatchMeRequest.pick({ username: true });
const usernameTaken = () => new ApiError("USERNAME_TAKEN", "That username is already taken.");

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function parseHttpsUrl(value: string): URL | null {
  // The URL parser accepts (and re-encodes) control characters, but the raw value is what gets stored.
  if ([...value].length > PROFILE_URL_MAX || hasControlCharacter(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * Whether `url` addresses this server's API: an avatar there would make every viewer's browser call it (an image
 * request to /api/users/logout signed viewers out). `origins` are the request's own origin and PUBLIC_ORIGIN; the
 * URL parser has already resolved dot segments, the rest is percent-decoded as the router does, and case is ignored.
 * Same-origin images elsewhere (/media/…) stay allowed.
 */
function isOwnApi(url: URL, origins: readonly string[]): boolean {
  let path = url.pathname;
  try {
    // The router decodes percent-encoding (/%61pi is /api to it).
    path = decodeURIComponent(path);
  } catch {
    // not decodable: compared as written
  }
  path = path.toLowerCase();
  if (path !== "/api" && !path.startsWith("/api/") && !path.startsWith("/api?")) return false;
  return origins.some((origin) => {
    try {
      return new URL(origin).host.toLowerCase() === url.host.toLowerCase();
    } catch {
      return false;
    }
  });
}

// Profiles: one answer for readers who neither follow nor block the member (visitors, most members) and one per
// combination of the reader's two flags (read per request, outside the kept answer). Kept until a member's public
// columns change (a like or a rating moves only private ones).
const profiles = defineRegion<string>({
  name: "profiles",
  share: 0.03,
  stale: { token: "tables", tables: ["users"] },
  keeps: "a member's profile as sent, per combination of the reader's follow and block flags",
});

export interface UsersServiceOptions {
  /** Uploaded avatars: the file goes when PATCH points `profile_url` elsewhere. */
  avatars?: Pick<AvatarStore, "remove">;
  onError?: (error: unknown) => void;
}

export function createUsersService(db: Kysely<Database>, { avatars, onError = () => {} }: UsersServiceOptions = {}) {
  async function getUserOr404(id: number | null) {
    const user = id === null ? undefined : await findUserById(db, id);
    if (!user) throw notFound("USER_NOT_FOUND");
    return user;
  }

  async function getMe(userId: number): Promise<Me> {
    return toMe(await getUserOr404(userId));
  }

  /**
   * GET /api/users/profile/{id}, serialised: kept as JSON until the users table's public columns change, one answer for readers who neither follow nor block the member (visitors, most members) and one per combination
   * of the reader's two flags.
   */
  async function profileJson(id: number | null, callerId: number | null): Promise<string> {
    if (id === null) throw notFound("USER_NOT_FOUND");
    const flags =
      callerId !== null && callerId !== id
        ? await relationFlags(db, callerId, id)
        : { isFollowing: false, isBlocked: false };
    const build = async () => answerJson(UserProfile, toUserProfile(await getUserOr404(id), flags));
    // Followers' and blockers' answers differ only in those two flags: kept as a variant of the same member.
    return profiles.get(db, `${id}:${Number(flags.isFollowing)}${Number(flags.isBlocked)}`, build);
  }

  /**
   * PATCH /api/users/me. The body is validated here rather than by the route schema: whether `username` must match
   * the signup regex depends on the member's current name, and the fields are checked in documented order
   * (username, status_message, profile_url) with every 400 before the uniqueness 409 (API.md §2.2). `origins`: this
   * server's origins (the request's and PUBLIC_ORIGIN), whose /api a profile image may not address.
   */
  async function patchMe(userId: number, rawBody: unknown, origins: readonly string[] = []): Promise<Me> {
    const sent = parseWith(UsernameField, rawBody, "body").username;
    const user = await getUserOr404(userId);
    // The current name is exempt as sent (a derived social name may not be NFC-stable); any other is compared,
    // checked and stored in NFC (API.md §3.1).
    const username = sent === undefined || sent === user.username ? sent : normalizeUsername(sent);
    const renamed = username !== undefined && username !== user.username;
    if (renamed && !USERNAME_REGEX.test(username)) {
      throw invalidField("username", "does not match the username rules");
    }
    const body = parseWith(PatchMeRequest, rawBody, "body");
    const patch: UserUpdate = {};
    if (body.status_message !== undefined) {
      const message = body.status_message;
      patch.status_message = message === null || message.trim() === "" ? null : message;
    }
    if (body.profile_url !== undefined && body.profile_url !== avatarUrl(user)) {
      const url = body.profile_url;
      if (url !== null) {
        const parsed = parseHttpsUrl(url);
        if (!parsed) throw invalidField("profile_url", "must be an absolute https URL");
        if (isOwnApi(parsed, origins)) throw invalidField("profile_url", "must not address this server's API");
      }
      patch.profile_url = url;
    }
    if (renamed) {
      const other = await findUserByUsername(db, username);
      if (other && other.id !== user.id) throw usernameTaken();
      patch.username = username;
      patch.username_lower = username.toLowerCase();
    }
    if (Object.keys(patch).length === 0) return toMe(user);
    try {
      const updated = await inTransaction(db, async (trx) => {
        const row = await updateUser(trx, user.id, patch);
        if (patch.username !== undefined) await indexSearchDocument(trx, "user", row.id, [row.username]);
        return row;
      });
      if (updated.profile_url !== user.profile_url) await avatars?.remove(user.profile_url).catch(onError);
      return toMe(updated);
    } catch (error) {
      if (isUniqueViolation(error, "username")) throw usernameTaken();
      throw error;
    }
  }

  return { getMe, profileJson, patchMe, getUserOr404 };
}

export type UsersService = ReturnType<typeof createUsersService>;
