// What the write paths call: re-index one record's texts, or drop them, inside the writer's transaction.
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { buildDocuments, documentId, FIELDS_PER_RECORD, type SearchKind } from "./documents.js";
import { deleteDocuments, insertDocuments } from "./repository/index.js";

/** Removes every search document of one record (movie, person, collection or user). */
export function removeSearchDocument(db: Kysely<Database>, kind: SearchKind, refId: number): Promise<void> {
  const ids = Array.from({ length: FIELDS_PER_RECORD }, (_, field) => documentId(kind, refId, field));
  return deleteDocuments(db, ids);
}

/**
 * (Re-)indexes one record. `texts` are its searchable fields in a fixed order: a movie's [title, original_title],
 * a person's [name], a collection's [title], a user's [username]. Call it in the transaction that writes them.
 */
export async function indexSearchDocument(
  db: Kysely<Database>,
  kind: SearchKind,
  refId: number,
  texts: readonly (string | null)[],
): Promise<void> {
  await removeSearchDocument(db, kind, refId);
  await insertDocuments(db, buildDocuments(kind, refId, texts));
}
