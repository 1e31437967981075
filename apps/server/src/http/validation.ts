// Request validation: the contract's zod schemas, with failures mapped to the error codes of API.md §2.3.
import { FREE_TEXT_FIELDS } from "@moviepedia/contract";
import type { FastifySchemaCompiler } from "fastify";
import type { ZodType, z } from "zod";
import { JSON_NULL_BODY } from "./body-parser.js";
import { ApiError } from "./errors.js";

type Issue = z.core.$ZodIssue;

function fieldName(issue: Issue): string {
  const path = issue.path.filter((p) => typeof p === "string" || typeof p === "number");
  return path.length ? String(path[0]) : "body";
}

const ARTICLE: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "a boolean",
  array: "an array",
  object: "an object",
};

/** zod's own messages are capitalised sentences ("Invalid input: …"); the contract's refinements are lowercase. */
function reason(issue: Issue): string {
  if (issue.code === "invalid_type") return `must be ${ARTICLE[issue.expected] ?? issue.expected}`;
  if (issue.message && /^[a-z]/.test(issue.message)) return issue.message;
  return "is invalid";
}

/** Whether the first path segment of `issue` is absent from the input (zod 4 does not report the input). */
function isAbsent(issue: Issue, data: unknown): boolean {
  if (issue.code !== "invalid_type" || issue.path.length !== 1) return false;
  if (data === null || typeof data !== "object" || Array.isArray(data)) return true;
  const key = issue.path[0];
  return (typeof key === "string" || typeof key === "number") && (data as Record<string, unknown>)[key] === undefined;
}

/**
 * Maps a zod issue to the API error: absent → MISSING_FIELD; over-long free text → TEXT_TOO_LONG; anything else
 * → INVALID_FIELD; a body that is not an object → INVALID_JSON. `data` is the validated input, used to tell an
 * absent field from a `null` or mistyped one.
 */
export function issueToError(issue: Issue, part: string, data?: unknown): ApiError {
  const name = fieldName(issue);
  const noun = part === "body" ? "Field" : "Parameter";
  if (part === "body" && issue.path.length === 0) {
    return new ApiError("INVALID_JSON", "Request body must be a JSON object.");
  }
  // Windows are validated by parseWindow; a schema that already refuses a bound (e.g. a repeated `begin`, which
  // arrives as an array) must still answer with the window's code.
  if (part === "querystring" && (name === "begin" || name === "end")) {
    return new ApiError("INVALID_RANGE", `Parameter '${name}' must be a decimal integer.`);
  }
  if (isAbsent(issue, data)) return new ApiError("MISSING_FIELD", `${noun} '${name}' is required.`);
  const params = (issue as { params?: { textTooLong?: number } }).params;
  if (params?.textTooLong !== undefined && (FREE_TEXT_FIELDS as readonly string[]).includes(name)) {
    return new ApiError("TEXT_TOO_LONG", `${noun} '${name}' must be at most ${params.textTooLong} characters.`);
  }
  return new ApiError("INVALID_FIELD", `${noun} '${name}' ${reason(issue)}.`);
}

/**
 * Validates one part of a request. An empty body counts as `{}` (API.md §1.2): Fastify hands validators `null`
 * for a missing body, and the JSON parser turns a literal `null` body into JSON_NULL_BODY, refused here.
 */
export function parseWith<T extends ZodType>(schema: T, data: unknown, part: string): z.infer<T> {
  if (part === "body" && data === JSON_NULL_BODY) {
    throw new ApiError("INVALID_JSON", "Request body must be a JSON object.");
  }
  const input = part === "body" && (data === undefined || data === null) ? {} : data;
  const result = schema.safeParse(input);
  if (!result.success) throw issueToError(result.error.issues[0]!, part, input);
  return result.data;
}

export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    try {
      return { value: parseWith(schema, data, httpPart ?? "body") };
    } catch (error) {
      return { error: error as Error };
    }
  };
