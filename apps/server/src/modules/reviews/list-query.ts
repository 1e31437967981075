// Query parameters of the four review lists (API.md §4.5): the window, `sort`, `has_content`, `following`.
import { REVIEW_SORTS, REVIEW_STATUS_FILTERS, type ReviewSort, type ReviewStatusFilter } from "@moviepedia/contract";
import type { FastifyRequest } from "fastify";
import { requireCaller } from "../../http/auth.js";
import { invalidField } from "../../http/errors.js";
import { parseWindow, type Window } from "../../http/window.js";

export interface ReviewListOptions {
  window: Window;
  sort: ReviewSort;
  hasContent: boolean;
  following: boolean;
  /** [EXT] `status` of GET /api/reviews/user/{user_id}: only reviews with this watch status; null = all. */
  status: ReviewStatusFilter | null;
  /** [EXT] `rated=true` of GET /api/reviews/user/{user_id}: only rated rows (rating > 0). */
  rated: boolean;
}

export interface ReviewListParams {
  begin?: string;
  end?: string;
  sort?: string;
  has_content?: string;
  following?: string;
  status?: string;
  rated?: string;
}

/** "true"/"false" exactly (no coercion, API.md §1.2); absent = false. */
function flag(raw: string | undefined, name: string): boolean {
  if (raw === undefined || raw === "false") return false;
  if (raw === "true") return true;
  throw invalidField(name, "must be 'true' or 'false'");
}

function parseSort(raw: string | undefined): ReviewSort {
  if (raw === undefined) return "oldest";
  const sort = REVIEW_SORTS.find((s) => s === raw);
  if (!sort) throw invalidField("sort", "must be one of 'oldest', 'recent', 'likes'");
  return sort;
}

/** Checked in the documented order: begin, end, sort, has_content, following. */
export function parseReviewListQuery(query: ReviewListParams): ReviewListOptions {
  const window = parseWindow(query);
  return {
    window,
    sort: parseSort(query.sort),
    hasContent: flag(query.has_content, "has_content"),
    following: flag(query.following, "following"),
    status: null,
    rated: false,
  };
}

/**
 * GET /api/reviews/user/{user_id}: the lists' parameters, then `status` (`WatchList` or `Watching`, absent = all),
 * then `rated` (`true`: rated rows only).
 */
export function parseUserReviewListQuery(query: ReviewListParams): ReviewListOptions {
  const options = parseReviewListQuery(query);
  let status: ReviewStatusFilter | null = null;
  if (query.status !== undefined) {
    status = REVIEW_STATUS_FILTERS.find((s) => s === query.status) ?? null;
    if (!status) throw invalidField("status", "must be 'WatchList' or 'Watching'");
  }
  return { ...options, status, rated: flag(query.rated, "rated") };
}

/**
 * preValidation hook: `following=true` needs a valid bearer even on optional-auth lists, and 401 precedes every
 * 400 (API.md §2.2), path and query included, so it runs before the route's schema validation.
 */
export async function followingNeedsCaller(request: FastifyRequest): Promise<void> {
  const query = request.query as { following?: unknown } | undefined;
  if (query?.following === "true") requireCaller(request);
}
