// Reads for expand=true that no other module offers by id list: people and the kinds of their credits.
import type { Kysely } from "kysely";
import type { Database } from "../../../db/types.js";
import { PERSON_COLUMNS } from "../../people/index.js";

type Db = Kysely<Database>;

export function peopleByIds(db: Db, ids: readonly number[]) {
  return db.selectFrom("people").select(PERSON_COLUMNS).where("id", "in", ids).execute();
}

/** Each person's distinct credit kinds, one row per (person, kind). */
export function creditKindsOf(db: Db, ids: readonly number[]) {
  return db.selectFrom("credits").select(["person_id", "kind"]).distinct().where("person_id", "in", ids).execute();
}
