export { api, apiFetch } from "../session";
export { ApiError, isApiError, isAbortError, NETWORK_ERROR } from "./api-error";
export type { ApiRequest, AuthMode } from "./client";
export { withQuery } from "./client";
export { pathOf } from "./endpoint-client";
export type { CallOptions } from "./endpoint-client";
export {
  fetchListOrEmpty,
  fetchOrNull,
  fetchRecordOrNull,
  isNotFound,
  listOrEmpty,
  orNull,
  recordOrNull,
} from "./fetch-helpers";
