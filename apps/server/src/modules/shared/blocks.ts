// The blocked-author rules of API.md §1.9 / DESIGN "Data rules", for every filtered list (the filter itself and the
// block facts are SQL: blocks-repository.ts).
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { anyBlockExists, blockExists } from "./blocks-repository.js";

/** Whether `callerId` blocked `authorId` (e.g. a blocked member's review list answers []). */
export async function hasBlocked(db: Kysely<Database>, callerId: number | null, authorId: number): Promise<boolean> {
  return callerId !== null && (await blockExists(db, callerId, authorId));
}

/** Whether `callerId` blocked anyone at all: lists look the same to a member who blocked nobody as to a visitor. */
export function blocksAnyone(db: Kysely<Database>, callerId: number): Promise<boolean> {
  return anyBlockExists(db, callerId);
}
