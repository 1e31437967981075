// PUT / DELETE /api/users/me/avatar (docs/media.md): an uploaded picture becomes the member's `profile_url` on this
// origin; removing it goes back to the generated art. The file a change replaces is removed once the row no longer
// points at it.
import type { Me } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { ApiError } from "../../http/errors.js";
import { inTransaction } from "../../lib/transaction.js";
import { type AvatarStore, encodeAvatar, invalidImage } from "../media/index.js";
import { toMe } from "./mapper.js";
import { swapProfileUrl } from "./repository.js";

export interface AvatarDeps {
  db: Kysely<Database>;
  store: AvatarStore;
  /** A file that could not be removed (the answer is still a success: the row is what counts). */
  onError?: (error: unknown) => void;
}

const sessionEnded = () => new ApiError("INVALID_TOKEN", "The session has ended.");

export function createAvatarService({ db, store, onError = () => {} }: AvatarDeps) {
  async function setProfileUrl(userId: number, url: string | null): Promise<Me> {
    const swapped = await inTransaction(db, (trx) => swapProfileUrl(trx, userId, url));
    // Only an account deleted meanwhile has no row; its session is gone with it.
    if (!swapped) {
      if (url !== null) await store.remove(url).catch(onError);
      throw sessionEnded();
    }
    if (swapped.previous !== url) await store.remove(swapped.previous).catch(onError);
    return toMe(swapped.user);
  }

  /**
   * `body` is what the route's parsers made of the request: a Buffer for the three image types, undefined or null
   * for no body (not an image), a parsed value for JSON (which this endpoint does not take: 415).
   */
  async function upload(userId: number, body: unknown): Promise<Me> {
    if (body === undefined || body === null) throw invalidImage();
    if (!Buffer.isBuffer(body)) {
      throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Request body must be image/jpeg, image/png or image/webp.");
    }
    if (body.length === 0) throw invalidImage();
    const webp = await encodeAvatar(body);
    const url = await store.save(userId, webp);
    try {
      return await setProfileUrl(userId, url);
    } catch (error) {
      if (!(error instanceof ApiError)) await store.remove(url).catch(onError);
      throw error;
    }
  }

  function remove(userId: number): Promise<Me> {
    return setProfileUrl(userId, null);
  }

  return { upload, remove };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
