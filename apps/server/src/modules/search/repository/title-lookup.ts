// Exact title lookup for imports (modules/imports): films whose title or original title, normalised as search
// normalises it (NFC, lower-case, no whitespace), equals one of the given keys. One indexed query per batch
// (search_documents_exact on (kind, norm)).
import type { Kysely } from "kysely";
import type { Database } from "../../../db/types.js";
import { kindCode } from "../documents.js";

/** Movie ids by normalised title key, for the keys given (each key may name several films). */
export async function moviesByTitleKeys(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  const wanted = [...new Set(keys.filter((k) => k !== "" && !k.includes("\u0000")))];
  for (let start = 0; start < wanted.length; start += 500) {
    const rows = await db
      .selectFrom("search_documents")
      .select(["norm", "ref_id"])
      .where("kind", "=", kindCode("movie"))
      .where("norm", "in", wanted.slice(start, start + 500))
      .execute();
    for (const row of rows) {
      const ids = out.get(row.norm) ?? [];
      if (!ids.includes(row.ref_id)) ids.push(row.ref_id);
      out.set(row.norm, ids);
    }
  }
  return out;
}
