// Path ids and body ids (API.md §1.2): decimal only; values above 2³¹−1 are well-formed but never exist.
import { MAX_ID } from "@moviepedia/contract";
import { invalidField } from "./errors.js";

/** Parses a path id; returns null for a well-formed id that cannot exist (so callers answer their 404). */
export function parsePathId(raw: unknown, name: string): number | null {
  if (typeof raw !== "string" || !/^[0-9]+$/.test(raw)) throw invalidField(name, "must be a non-negative integer");
  // Leading zeros are allowed ("007" is 7); compare lengths only once they are gone.
  const digits = raw.replace(/^0+(?=[0-9])/, "");
  if (digits.length > 10) return null;
  const n = Number(digits);
  return n > MAX_ID ? null : n;
}
