export { apiFetch } from "../session";
export { ApiError, isApiError, isAbortError, NETWORK_ERROR } from "./api-error";
export type { ApiRequest, AuthMode } from "./client";
export { withQuery } from "./client";
export { fetchListOrEmpty, fetchOrNull, fetchRecordOrNull, isNotFound } from "./fetch-helpers";
