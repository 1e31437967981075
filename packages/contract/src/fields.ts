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
    // PostgreSQL text cannot hold U+0000 (the insert fails), so it is refused as bad input on every database.
    .refine((v) => !v.includes("\u0000"), { message: "must not contain NUL characters" });

/** Free text that must hold something besides whitespace (replies, collection comments). */
export const nonBlankText = (max: number) =>
  text(max).refine((v) => v.trim().length > 0, { message: "must not be empty" });

export const rating = z.number().refine(isValidRating, { message: "must be 0 or a multiple of 0.5 between 0.5 and 5" });
export const watchStatus = z.enum(WATCH_STATUSES);
/** An id inside a body: a JSON integer ≥ 0 (unknown ids are the service's 404). */
export const bodyId = z
  .number()
  .refine((v) => Number.isInteger(v) && v >= 0, { message: "must be a non-negative integer" });
