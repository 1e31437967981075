// SQL of blocks as other modules' lists see them: the blocked-author filter (API.md §1.9 / DESIGN "Data rules") and
// the block facts read by every personalised list.
import { type Expression, type ExpressionBuilder, type Kysely, sql } from "kysely";
import { preparedKept, type Params } from "../../db/prepared.js";
import type { Database } from "../../db/types.js";

/**
 * A where-clause that keeps rows whose author the caller has not blocked. `authorColumn` is the qualified
 * author column of the list's table (e.g. "reviews.user_id"). With no caller nothing is filtered.
 */
export function notBlockedBy<DB extends Database, TB extends keyof DB>(
  callerId: number | Expression<number> | null,
  authorColumn: string,
) {
  return (eb: ExpressionBuilder<DB, TB>) =>
    callerId === null
      ? sql<boolean>`1 = 1`
      : eb.not(
          eb.exists(
            (eb as unknown as ExpressionBuilder<Database, "blocks">)
              .selectFrom("blocks")
              .select("blocks.id")
              .where("blocks.user_id", "=", callerId)
              .whereRef("blocks.target_id", "=", sql.ref(authorColumn) as never),
          ),
        );
}

/** Block facts read by every personalised list, kept until the next write. */
const oneBlock = preparedKept("shared.oneBlock", (db, p: Params<{ callerId: number; authorId: number }>) =>
  db.selectFrom("blocks").select("id").where("user_id", "=", p.callerId).where("target_id", "=", p.authorId),
);

const anyBlock = preparedKept("shared.anyBlock", (db, p: Params<{ callerId: number }>) =>
  db.selectFrom("blocks").select("id").where("user_id", "=", p.callerId).limit(1),
);

/** Whether `callerId` has a block on `authorId`. */
export async function blockExists(db: Kysely<Database>, callerId: number, authorId: number): Promise<boolean> {
  return (await oneBlock(db, { callerId, authorId })).rows.length > 0;
}

/** Whether `callerId` has any block at all. */
export async function anyBlockExists(db: Kysely<Database>, callerId: number): Promise<boolean> {
  return (await anyBlock(db, { callerId })).rows.length > 0;
}
