// The API as features use it: `api(endpoints.<group>.<name>, options)`, typed by the contract's endpoint table. The
// raw client (`./client`) and the session wiring (`../session`) stay private to shared/lib (an eslint rule).
export { api } from "../session";
export { ApiError, isApiError, isAbortError, NETWORK_ERROR } from "./api-error";
export { withQuery } from "./client";
export { pathOf } from "./endpoint-client";
export type { CallOptions } from "./endpoint-client";
export { isNotFound, listOrEmpty, orNull, recordOrNull } from "./fetch-helpers";
