// SQL for the caller's likes lists: the liked target ids in like order, and people rows for the Person loader.
import { type Kysely, sql } from "kysely";
import type { Database, LikeTableName } from "../../db/types.js";
import { PERSON_COLUMNS, type PersonCoreRow } from "../people/index.js";
import type { Page } from "./repository.js";

type Db = Kysely<Database>;

/** Target ids the member liked, oldest like first (the like id orders, ties impossible), windowed in SQL. */
export async function likedTargetIds(db: Db, table: LikeTableName, userId: number, page: Page): Promise<number[]> {
  const rows = await db
    .selectFrom(table)
    .select("target_id")
    .where("user_id", "=", userId)
    .orderBy("id")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => r.target_id);
}

/**
 * The reviews the member liked, oldest like first, windowed, each with its author's review-list version (migration
 * 0019: renewed by every change of the author's reviews — an edit, a like, a reply, emptied or deleted): what a
 * window of the liked reviews shows, but for authors' names.
 */
export async function likedReviewVersions(
  db: Db,
  userId: number,
  page: Page,
): Promise<Array<{ id: number; version: string | null }>> {
  const { rows } = await sql<{ id: number; version: string | null }>`
    select l.target_id as id, v.version
    from (select id, target_id from review_likes where user_id = ${userId} order by id
      limit ${page.limit} offset ${page.offset}) l
    join reviews r on r.id = l.target_id
    left join review_list_versions v on v.scope = 'user' and v.scope_id = r.user_id
    order by l.id`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), version: r.version }));
}

export function findPeopleByIds(db: Db, ids: readonly number[]): Promise<PersonCoreRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("people").select(PERSON_COLUMNS).where("id", "in", ids).execute();
}

/** The distinct credit kinds of each person (what `roles` is derived from), one query through credits_person. */
export function creditKindsOf(db: Db, personIds: readonly number[]) {
  if (personIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("credits")
    .select(["person_id", "kind"])
    .distinct()
    .where("person_id", "in", personIds)
    .execute();
}
