// SPEC §8 fetch helpers: a failed read logs its English line and yields null (an empty list for follow and blocked
// lists). No alerts, no redirects: the page decides what to show.
import { apiFetch } from "../session";
import { isAbortError } from "./api-error";
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

export async function fetchListOrEmpty<T>(path: string, logLine: string, request?: ApiRequest): Promise<T[]> {
  return (await fetchOrNull<T[]>(path, logLine, request)) ?? [];
}
