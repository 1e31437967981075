// The closed error-code catalogue of API.md §2.3: code → HTTP status.

export const ERROR_STATUS = {
  INVALID_JSON: 400,
  MISSING_FIELD: 400,
  INVALID_FIELD: 400,
  TEXT_TOO_LONG: 400,
  INVALID_RANGE: 400,
  EMPTY_QUERY: 400,
  OAUTH_CODE_INVALID: 400,
  OAUTH_STATE_MISMATCH: 400,
  INVALID_IMAGE: 400,
  /** [EXT] An import file that is not the format it was sent as (docs/imports.md). */
  INVALID_IMPORT_FILE: 400,
  AUTH_REQUIRED: 401,
  INVALID_TOKEN: 401,
  TOKEN_EXPIRED: 401,
  REFRESH_TOKEN_MISSING: 401,
  REFRESH_TOKEN_REUSED: 401,
  INVALID_CREDENTIALS: 401,
  NOT_OWNER: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  MOVIE_NOT_FOUND: 404,
  PERSON_NOT_FOUND: 404,
  REVIEW_NOT_FOUND: 404,
  REPLY_NOT_FOUND: 404,
  COLLECTION_NOT_FOUND: 404,
  COLLECTION_COMMENT_NOT_FOUND: 404,
  /** [EXT] No import of the caller's with this id (another member's imports are unknown to them). */
  IMPORT_NOT_FOUND: 404,
  USERNAME_TAKEN: 409,
  LOGIN_ID_TAKEN: 409,
  CANNOT_FOLLOW_SELF: 409,
  ALREADY_FOLLOWING: 409,
  NOT_FOLLOWING: 409,
  CANNOT_BLOCK_SELF: 409,
  ALREADY_BLOCKED: 409,
  NOT_BLOCKED: 409,
  REVIEW_ALREADY_EXISTS: 409,
  MOVIE_ALREADY_IN_COLLECTION: 409,
  MOVIE_NOT_IN_COLLECTION: 409,
  COLLECTION_FULL: 409,
  /** [EXT] The member already has an import queued or running. */
  IMPORT_RUNNING: 409,
  /** [EXT] The request (headers and body) did not arrive within the server's timeout. */
  REQUEST_TIMEOUT: 408,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** [EXT] The request headers exceed the server's limit (16 KiB). */
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  OAUTH_PROVIDER_UNAVAILABLE: 502,
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}
