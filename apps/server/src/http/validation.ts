// Request validation: the contract's zod schemas, with failures mapped to the error codes of API.md §2.3.
import { FREE_TEXT_FIELDS } from "@moviepedia/contract";
import type { FastifySchemaCompiler } from "fastify";
import type { ZodType, z } from "zod";
import { ApiError } from "./errors.js";

type Issue = z.core.$ZodIssue;

function fieldName(issue: Issue): string {
  const path = issue.path.filter((p) => typeof p === "string" || typeof p === "number");
  return path.length ? String(path[0]) : "body";
}

export function issueToError(issue: Issue, part: string): ApiError {
  const name = fieldName(issue);
  const noun = part === "body" ? "Field" : "Parameter";
  if (part === "body" && issue.path.length === 0) {
    return new ApiError("INVALID_JSON", "Request body must be a JSON object.");
  }
  if (issue.code === "invalid_type" && issue.input === undefined && issue.path.length === 1) {
    return new ApiError("MISSING_FIELD", `${noun} '${name}' is required.`);
  }
  const params = (issue as { params?: { textTooLong?: number } }).params;
  if (params?.textTooLong !== undefined && (FREE_TEXT_FIELDS as readonly string[]).includes(name)) {
    return new ApiError("TEXT_TOO_LONG", `${noun} '${name}' must be at most ${params.textTooLong} characters.`);
  }
  const why = issue.code === "invalid_type" ? `must be ${issue.expected}` : issue.message || "is invalid";
  return new ApiError("INVALID_FIELD", `${noun} '${name}' ${why}.`);
}

/**
 * Validates one part of a request. An empty body counts as `{}` (API.md §1.2); Fastify leaves it null or
 * undefined, and the JSON parser refuses a literal `null` body itself, so null here always means "no body".
 */
export function parseWith<T extends ZodType>(schema: T, data: unknown, part: string): z.infer<T> {
  const input = part === "body" && (data === undefined || data === null) ? {} : data;
  const result = schema.safeParse(input);
  if (!result.success) throw issueToError(result.error.issues[0]!, part);
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
