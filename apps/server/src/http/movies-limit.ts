// `movies_limit` [EXT] of Collection list answers (API.md §4.0, revision 2): a decimal integer 0–1000 embeds only
// a collection's first N movies; absent = all of them.
import { COLLECTION_MOVIES_LIMIT_MAX } from "@moviepedia/contract";
import { invalidField } from "./errors.js";

export function parseMoviesLimit(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  const value = typeof raw === "string" && /^[0-9]{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value <= COLLECTION_MOVIES_LIMIT_MAX)) {
    throw invalidField("movies_limit", `must be an integer from 0 to ${COLLECTION_MOVIES_LIMIT_MAX}`);
  }
  return value;
}
