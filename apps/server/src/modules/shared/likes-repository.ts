// SQL of like toggles (API.md §4.9) and of a member's marks among a page of targets. Every statement is prepared
// once: a toggle runs them at a 평가하기 pace, and marks are read for every personalised page.
import { type Kysely, type QueryResult, sql } from "kysely";
import { idListValue, inIdList } from "../../db/id-list.js";
import { type Params, prepared } from "../../db/prepared.js";
import type { Database, LikeTableName } from "../../db/types.js";

type CountedTable = "reviews" | "replies" | "collections" | "collection_comments" | "people";

type MemberTotal = "liked_reviews_count" | "liked_collections_count" | "liked_people_count";

const TARGETS: Record<LikeTableName, { table: CountedTable; memberTotal?: MemberTotal }> = {
  review_likes: { table: "reviews", memberTotal: "liked_reviews_count" },
  reply_likes: { table: "replies" },
  collection_likes: { table: "collections", memberTotal: "liked_collections_count" },
  collection_comment_likes: { table: "collection_comments" },
  person_likes: { table: "people", memberTotal: "liked_people_count" },
};

type Statement<P extends Record<string, unknown>> = (db: Kysely<Database>, params: P) => Promise<QueryResult<unknown>>;

/** A like toggle's statements per like table, prepared once. */
const TOGGLE_STATEMENTS = Object.fromEntries(
  (Object.keys(TARGETS) as LikeTableName[]).map((likeTable) => {
    const { table, memberTotal } = TARGETS[likeTable];
    const statements = {
      remove: prepared((db, p: Params<{ userId: number; targetId: number }>) =>
        db.deleteFrom(likeTable).where("user_id", "=", p.userId).where("target_id", "=", p.targetId),
      ),
      insert: prepared((db, p: Params<{ userId: number; targetId: number; at: string }>) =>
        db
          .insertInto(likeTable)
          .values({ user_id: p.userId, target_id: p.targetId, created_at: p.at })
          .onConflict((oc) => oc.columns(["user_id", "target_id"]).doNothing()),
      ),
      count: prepared((db, p: Params<{ targetId: number; delta: number }>) =>
        db
          .updateTable(table)
          .set({ likes_count: sql`likes_count + ${p.delta}` })
          .where("id", "=", p.targetId),
      ),
      memberTotal: memberTotal
        ? prepared((db, p: Params<{ userId: number; delta: number }>) =>
            db
              .updateTable("users")
              .set({ [memberTotal]: sql`${sql.ref(memberTotal)} + ${p.delta}` })
              .where("id", "=", p.userId),
          )
        : undefined,
    };
    return [likeTable, statements];
  }),
) as Record<
  LikeTableName,
  {
    remove: Statement<{ userId: number; targetId: number }>;
    insert: Statement<{ userId: number; targetId: number; at: string }>;
    count: Statement<{ targetId: number; delta: number }>;
    memberTotal?: Statement<{ userId: number; delta: number }>;
  }
>;

/** Deletes the member's like of the target; returns the rows deleted (0 or 1). */
export async function deleteLike(
  trx: Kysely<Database>,
  likeTable: LikeTableName,
  userId: number,
  targetId: number,
): Promise<number> {
  const removed = await TOGGLE_STATEMENTS[likeTable].remove(trx, { userId, targetId });
  return Number(removed.numAffectedRows ?? 0);
}

/** Inserts the member's like of the target unless the pair exists; returns the rows inserted (0 or 1). */
export async function insertLike(
  trx: Kysely<Database>,
  likeTable: LikeTableName,
  userId: number,
  targetId: number,
  at: string,
): Promise<number> {
  const inserted = await TOGGLE_STATEMENTS[likeTable].insert(trx, { userId, targetId, at });
  return Number(inserted.numAffectedRows ?? 0);
}

/** Moves the target's likes_count, and the member's liked_* total where the table has one, by `delta`. */
export async function moveLikeCounters(
  trx: Kysely<Database>,
  likeTable: LikeTableName,
  userId: number,
  targetId: number,
  delta: number,
): Promise<void> {
  const statements = TOGGLE_STATEMENTS[likeTable];
  await statements.count(trx, { targetId, delta });
  await statements.memberTotal?.(trx, { userId, delta });
}

/** Tables of one member's marks on targets: likes, and follows and blocks of other members. */
export type MarkTableName = LikeTableName | "follows" | "blocks";
const MARK_TABLES = Object.keys({
  review_likes: true,
  reply_likes: true,
  person_likes: true,
  collection_likes: true,
  collection_comment_likes: true,
  follows: true,
  blocks: true,
} satisfies Record<MarkTableName, true>) as MarkTableName[];

type MarkedAmong = (
  db: Kysely<Database>,
  params: { userId: number; ids: unknown },
) => Promise<QueryResult<{ target_id: number }>>;

/**
 * The caller's marks among a list of targets: one statement per table, prepared once, the ids passed as one
 * parameter (a JSON array on SQLite, an array on PostgreSQL) so its text does not grow with the list.
 */
const markedAmongStatements = Object.fromEntries(
  MARK_TABLES.map((table) => [
    table,
    prepared((db, p: Params<{ userId: number; ids: unknown }>) =>
      db
        .selectFrom(table)
        .select("target_id")
        .where("user_id", "=", p.userId)
        .where((eb) => inIdList(db, eb.ref("target_id"), p.ids)),
    ),
  ]),
) as Record<MarkTableName, MarkedAmong>;

/** The targets among `ids` (distinct) that the member marked in `table`. */
export async function markedAmong(
  db: Kysely<Database>,
  table: MarkTableName,
  userId: number,
  ids: readonly number[],
): Promise<number[]> {
  const { rows } = await markedAmongStatements[table](db, { userId, ids: idListValue(db, ids) });
  return rows.map((r) => Number(r.target_id));
}
