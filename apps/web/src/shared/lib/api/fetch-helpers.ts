// SPEC §8 fetch helpers around a call (`orNull(api(...), LOG.x)`): a failed read logs its English line and yields null
// (an empty list for follow and blocked lists). No alerts, no redirects: the page decides what to show.
import { isAbortError, isApiError } from "./api-error";

/** True for the error of a read the server answered 404 (the thing does not exist): show "not found", not "retry". */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
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
