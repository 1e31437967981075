// One error shape for every /api failure (API.md §2): {"detail", "code"} with the catalogue's status.
import { ERROR_STATUS, type ErrorCode } from "@moviepedia/contract";

export class ApiError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.statusCode = ERROR_STATUS[code];
  }
}

export const missingField = (name: string) => new ApiError("MISSING_FIELD", `Field '${name}' is required.`);
export const invalidField = (name: string, why = "is invalid") =>
  new ApiError("INVALID_FIELD", `Field '${name}' ${why}.`);
export const textTooLong = (name: string, max: number) =>
  new ApiError("TEXT_TOO_LONG", `Field '${name}' must be at most ${max} characters.`);
export const invalidRange = (name: string, why: string) => new ApiError("INVALID_RANGE", `Parameter '${name}' ${why}.`);

const NOT_FOUND_DETAIL: Partial<Record<ErrorCode, string>> = {
  USER_NOT_FOUND: "User not found.",
  MOVIE_NOT_FOUND: "Movie not found.",
  PERSON_NOT_FOUND: "Person not found.",
  REVIEW_NOT_FOUND: "Review not found.",
  REPLY_NOT_FOUND: "Reply not found.",
  COLLECTION_NOT_FOUND: "Collection not found.",
  COLLECTION_COMMENT_NOT_FOUND: "Collection comment not found.",
  IMPORT_NOT_FOUND: "Import not found.",
  NOT_FOUND: "Not found.",
};

export const notFound = (code: ErrorCode) => new ApiError(code, NOT_FOUND_DETAIL[code] ?? "Not found.");
export const notOwner = () => new ApiError("NOT_OWNER", "Only the author may do this.");
export const conflict = (code: ErrorCode, detail: string) => new ApiError(code, detail);

export function errorBody(code: ErrorCode, detail: string): { detail: string; code: ErrorCode } {
  return { detail, code };
}
