// SPEC §8 fetch helpers: a failed read logs its English line and yields null (an empty list for follow and blocked
// lists). No alerts, no redirects: the page decides what to show.
import { apiFetch } from "../session";
import { isAbortError, isApiError } from "./api-error";
import type { ApiRequest } from "./client";

export async function fetchOrNull<T>(path: string, logLine: string, request?: ApiRequest): Promise<T | null> {
  try {
    return await apiFetch<T>(path, request);
  } catch (error) {
    if (isAbortError(error)) throw error; // a cancelled query is not a failure
    console.error(logLine, error);
    return null;
  }
}

/** True for the error of a read the server answered 404 (the thing does not exist): show "not found", not "retry". */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * A page's main record: null on a failure (logged, the page offers a retry), but a 404 is thrown as its ApiError, so
 * the query fails without retrying and the page says the thing does not exist (`isNotFound`).
 */
export async function fetchRecordOrNull<T>(path: string, logLine: string, request?: ApiRequest): Promise<T | null> {
  try {
    return await apiFetch<T>(path, request);
  } catch (error) {
    if (isAbortError(error)) throw error;
    console.error(logLine, error);
    if (isNotFound(error)) throw error;
    return null;
  }
}

export async function fetchListOrEmpty<T>(path: string, logLine: string, request?: ApiRequest): Promise<T[]> {
  return (await fetchOrNull<T[]>(path, logLine, request)) ?? [];
}

/** A read whose failure is logged and shown as "nothing" (null); a cancelled read still rejects. */
export async function orNull<T>(request: Promise<T>, logLine: string): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (isAbortError(error)) throw error;
    console.error(logLine, error);
    return null;
  }
}

/** A page's main record: like `orNull`, but a 404 rejects with its ApiError so the page can say "not found". */
export async function recordOrNull<T>(request: Promise<T>, logLine: string): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (isAbortError(error)) throw error;
    console.error(logLine, error);
    if (isNotFound(error)) throw error;
    return null;
  }
}

/** A list whose failure is logged and shown as empty. */
export async function listOrEmpty<T>(request: Promise<T[]>, logLine: string): Promise<T[]> {
  return (await orNull(request, logLine)) ?? [];
}
