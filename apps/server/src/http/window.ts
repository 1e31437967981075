// begin/end windows of API.md §1.5.
import { MAX_ID, WINDOW_CAP } from "@moviepedia/contract";
import { invalidRange } from "./errors.js";

export interface Window {
  offset: number;
  limit: number;
}

function parseBound(raw: unknown, name: string): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== "string" || !/^-?[0-9]+$/.test(raw)) throw invalidRange(name, "must be a decimal integer");
  // "-0" is 0; any other minus sign is a negative bound.
  if (/^-0*[1-9]/.test(raw)) throw invalidRange(name, "must not be negative");
  const digits = raw.replace(/^-/, "").replace(/^0+(?=[0-9])/, "");
  if (digits.length > 10 || Number(digits) > MAX_ID) throw invalidRange(name, "must be at most 2147483647");
  return Number(digits);
}

export function parseWindow(query: { begin?: unknown; end?: unknown }): Window {
  const begin = parseBound(query.begin, "begin") ?? 0;
  const end = parseBound(query.end, "end");
  if (end !== undefined && end < begin) throw invalidRange("end", "must not be less than 'begin'");
  const stop = Math.min(end ?? begin + WINDOW_CAP, begin + WINDOW_CAP);
  return { offset: begin, limit: stop - begin };
}

export function applyWindow<T>(items: readonly T[], window: Window): T[] {
  return items.slice(window.offset, window.offset + window.limit);
}

/** A window of an endpoint with its own page size and cap: `end` omitted = `page` items, never more than `cap`. */
export function pagedWindow(query: { begin?: unknown; end?: unknown }, page: number, cap: number): Window {
  const window = parseWindow(query);
  const limit = query.end === undefined ? page : window.limit;
  return { offset: window.offset, limit: Math.min(limit, cap) };
}
