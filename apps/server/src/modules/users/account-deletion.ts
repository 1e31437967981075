// 회원 탈퇴 (DELETE /api/users/me, API.md §4.1 [EXT]): password check for local accounts, then one transaction that
// removes the member with everything they wrote or liked and keeps every counter on others' content true.
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { ApiError, missingField } from "../../http/errors.js";
import { inTransaction } from "../../lib/transaction.js";
import type { AuthService } from "../auth/index.js";
import type { AvatarStore } from "../media/index.js";
import { memberDeleting } from "../notifications/index.js";
import { removeSearchDocument } from "../search/index.js";
import * as repo from "./account-deletion-repository.js";
import { findUserById } from "./repository.js";

export interface AccountDeletionDeps {
  db: Kysely<Database>;
  auth: Pick<AuthService, "checkPassword">;
  /** The uploaded avatar goes with the account. */
  avatars: Pick<AvatarStore, "remove">;
  onError?: (error: unknown) => void;
}

export function createAccountDeletionService({ db, auth, avatars, onError = () => {} }: AccountDeletionDeps) {
  /**
   * One transaction (re-run whole if PostgreSQL picks it as a deadlock victim against a concurrent write); answers
   * the avatar URL the member had when the row went, read under the row lock so a concurrent upload cannot slip by.
   */
  function deleteInOneTransaction(userId: number): Promise<string | null> {
    return inTransaction(db, async (trx) => {
      await repo.lockAccount(trx, userId);
      const profileUrl = await repo.profileUrlOf(trx, userId);
      await repo.releaseContentCounters(trx, userId);
      await repo.releaseMovieCounters(trx, userId);
      await repo.releaseMemberCounters(trx, userId);
      // Search documents of the member and of the collections that go with them, read before the deletes.
      for (const collectionId of await repo.ownCollectionIds(trx, userId)) {
        await removeSearchDocument(trx, "collection", collectionId);
      }
      await removeSearchDocument(trx, "user", userId);
      await memberDeleting(trx, userId);
      await repo.deleteAccountRows(trx, userId);
      return profileUrl;
    });
  }

  /**
   * Accounts with a password must confirm it (absent → 400, wrong → 401 counted like a failed signin, so the
   * endpoint cannot be used to guess passwords faster than signin); social-only accounts confirm nothing.
   */
  async function deleteAccount(userId: number, ip: string, password: string | undefined): Promise<void> {
    const user = await findUserById(db, userId);
    // Only a concurrent deletion of the same account gets here without a row: its session is gone too.
    if (!user) throw new ApiError("INVALID_TOKEN", "The session has ended.");
    if (user.password_hash !== null) {
      if (password === undefined) throw missingField("login_password");
      const loginId = user.login_id ?? `user-${user.id}`;
      // The caller holds a live session of this member: exempt from the per-login-id limit like a known device.
      const check = { ip, loginId, password, hash: user.password_hash, knownDevice: true };
      if (!(await auth.checkPassword(check))) {
        throw new ApiError("INVALID_CREDENTIALS", "The password is incorrect.");
      }
    }
    const profileUrl = await deleteInOneTransaction(userId);
    await avatars.remove(profileUrl).catch(onError);
  }

  return { deleteAccount };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
