// SQL for the caller's likes lists: the liked target ids in like order, and people rows for the Person loader.
import type { Kysely } from "kysely";
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
