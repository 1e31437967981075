// Field rules shared by request schemas: code-point lengths and the markers the server maps to error codes.
import { z } from "zod";
import { codePointLength, isValidRating, WATCH_STATUSES } from "./limits.js";

/** Free text of at most `max` code points; over-long → TEXT_TOO_LONG on the server. */
export const text = (max: number) =>
  z
    .string()
    .refine((v) => codePointLength(v) <= max, {
      message: `must be at most ${max} characters`,
      params: { textTooLong: max },
    })
    // What a database cannot store exactly is refused as bad input, never mangled (§1.7: stored as sent): U+0000
    // (PostgreSQL text cannot hold it) and lone UTF-16 surrogates (UTF-8 has no form for them; SQLite and PostgreSQL
    // would silently store U+FFFD instead).
    .refine(isStorableText, { message: "must be valid Unicode text without NUL characters" })
    // Bidi embedding/override/isolate controls reorder the text around them: a review could show "gpj.exe" as
    // "exe.jpg", or run its direction on into the page. Refused, never stripped (stored as sent).
    .refine((v) => !BIDI_CONTROLS.test(v), { message: "must not contain bidirectional control characters" });

/** U+202A–U+202E (embeddings, overrides) and U+2066–U+2069 (isolates). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** A format field capped at `max` code points before anything else looks at it (400 INVALID_FIELD beyond). */
export const capped = (max: number) =>
  z.string().refine((v) => codePointLength(v) <= max, { message: `must be at most ${max} characters` });

/** No U+0000 and no lone surrogate (code points iterate pairs as one, so any surrogate seen here is unpaired). */
function isStorableText(value: string): boolean {
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0 || (cp >= 0xd800 && cp <= 0xdfff)) return false;
  }
  return true;
}

/** Free text that must hold something besides whitespace (replies, collection comments). */
export const nonBlankText = (max: number) =>
  text(max).refine((v) => v.trim().length > 0, { message: "must not be empty" });

export const rating = z.number().refine(isValidRating, { message: "must be 0 or a multiple of 0.5 between 0.5 and 5" });
export const watchStatus = z.enum(WATCH_STATUSES);
/** An id inside a body: a JSON integer ≥ 0 (unknown ids are the service's 404). */
export const bodyId = z
  .number()
  .refine((v) => Number.isInteger(v) && v >= 0, { message: "must be a non-negative integer" });
