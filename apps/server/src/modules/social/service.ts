// The member graph (API.md §4.1): follow / unfollow, block / unblock, follow lists and the private block list.
import type { BlockedUsers, FollowUser } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { ApiError, conflict, notFound } from "../../http/errors.js";
import type { Window } from "../../http/window.js";
import { isForeignKeyViolation } from "../../lib/db-errors.js";
import { type Clock, toTimestamp } from "../../lib/time.js";
import { inTransaction } from "../../lib/transaction.js";
import { blocked, followed, unfollowed } from "../notifications/index.js";
import { toFollowUser } from "../users/index.js";
import * as repo from "./repository.js";

export interface SocialDeps {
  db: Kysely<Database>;
  clock: Clock;
}

const userNotFound = () => notFound("USER_NOT_FOUND");

export function createSocialService({ db, clock }: SocialDeps) {
  /** 404 for an unknown target (ids that cannot exist arrive as null), then the self-conflict of either method. */
  async function checkTarget(
    callerId: number,
    targetId: number | null,
    selfCode: "CANNOT_FOLLOW_SELF" | "CANNOT_BLOCK_SELF",
  ) {
    if (targetId === null || !(await repo.userExists(db, targetId))) throw userNotFound();
    if (targetId === callerId) {
      throw conflict(
        selfCode,
        selfCode === "CANNOT_FOLLOW_SELF" ? "You cannot follow yourself." : "You cannot block yourself.",
      );
    }
    return targetId;
  }

  /** Runs a relation write; a target deleted meanwhile surfaces as a foreign-key violation and means 404. */
  async function write<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(db, work);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw userNotFound();
      throw error;
    }
  }

  async function follow(callerId: number, rawTarget: number | null) {
    const targetId = await checkTarget(callerId, rawTarget, "CANNOT_FOLLOW_SELF");
    await write(async (trx) => {
      // Counters first: the users rows are locked (in id order) before the pair, so a racing duplicate waits
      // here, then finds the pair and rolls its increments back with the 409.
      await repo.shiftFollowCounts(trx, callerId, targetId, 1);
      if (!(await repo.insertRelation(trx, "follows", callerId, targetId, toTimestamp(clock.now())))) {
        throw conflict("ALREADY_FOLLOWING", "You already follow this user.");
      }
      await followed(trx, callerId, targetId, clock.now());
    });
    return { user_id: targetId, following: true };
  }

  async function unfollow(callerId: number, rawTarget: number | null) {
    const targetId = await checkTarget(callerId, rawTarget, "CANNOT_FOLLOW_SELF");
    await write(async (trx) => {
      await repo.shiftFollowCounts(trx, callerId, targetId, -1);
      if (!(await repo.deleteRelation(trx, "follows", callerId, targetId))) {
        throw conflict("NOT_FOLLOWING", "You do not follow this user.");
      }
      await unfollowed(trx, callerId, targetId);
    });
    return { user_id: targetId, following: false };
  }

  async function block(callerId: number, rawTarget: number | null) {
    const targetId = await checkTarget(callerId, rawTarget, "CANNOT_BLOCK_SELF");
    // Blocking leaves follows alone (API.md §1.9: block and follow are independent).
    await write(async (trx) => {
      if (!(await repo.insertRelation(trx, "blocks", callerId, targetId, toTimestamp(clock.now())))) {
        throw conflict("ALREADY_BLOCKED", "You already blocked this user.");
      }
      // Whatever either caused in the other's notifications goes with the block.
      await blocked(trx, callerId, targetId);
    });
    return { user_id: targetId, blocked: true };
  }

  async function unblock(callerId: number, rawTarget: number | null) {
    const targetId = await checkTarget(callerId, rawTarget, "CANNOT_BLOCK_SELF");
    if (!(await repo.deleteRelation(db, "blocks", callerId, targetId))) {
      throw conflict("NOT_BLOCKED", "You have not blocked this user.");
    }
    return { user_id: targetId, blocked: false };
  }

  /**
   * A follow or block restored by an import, inside the import's transaction, with the rules of POST …/follow and
   * …/block: the target is a member here — the same id AND the same name, so an export from another site never
   * lands on whoever has that id here — and never the caller. A follow moves both counters and notifies nobody (a
   * restored follow is no news); a block clears what either caused in the other's notifications, as a block does.
   */
  async function restoreIn(
    trx: Kysely<Database>,
    table: "follows" | "blocks",
    callerId: number,
    targetId: number,
    username: string,
  ): Promise<"created" | "exists" | "member_not_found" | "self"> {
    if (!(await repo.userNamed(trx, targetId, username))) return "member_not_found";
    if (targetId === callerId) return "self";
    const at = toTimestamp(clock.now());
    if (table === "blocks") {
      if (!(await repo.insertRelation(trx, "blocks", callerId, targetId, at))) return "exists";
      await blocked(trx, callerId, targetId);
      return "created";
    }
    // As follow(): the counters (users rows, in id order) before the pair; a pair already there takes them back.
    await repo.shiftFollowCounts(trx, callerId, targetId, 1);
    if (await repo.insertRelation(trx, "follows", callerId, targetId, at)) return "created";
    await repo.shiftFollowCounts(trx, callerId, targetId, -1);
    return "exists";
  }

  async function listFollows(
    userId: number | null,
    direction: "followings" | "followers",
    window: Window,
  ): Promise<FollowUser[]> {
    if (userId === null || !(await repo.userExists(db, userId))) throw userNotFound();
    const rows = await repo.listFollowUsers(db, userId, direction, window);
    return rows.map(toFollowUser);
  }

  /** The caller's own block list; any other id, unknown ones included, is 403 so ids cannot be enumerated. */
  async function blockedUsers(callerId: number, userId: number | null): Promise<BlockedUsers> {
    if (userId !== callerId) throw new ApiError("FORBIDDEN", "A block list is visible only to its owner.");
    return { id: await repo.listBlockedIds(db, callerId) };
  }

  return { follow, unfollow, block, unblock, restoreIn, listFollows, blockedUsers };
}

export type SocialService = ReturnType<typeof createSocialService>;
