// The search page's state lives in the URL (/search?query=…&category=…&genre=…), so reload and back navigation
// bring back the same results.
import { codePointLength, MSG, SEARCH_QUERY_MAX } from "@moviepedia/contract";
import { SEARCH } from "../strings";

export const CATEGORIES = ["movie", "genre", "person", "collection", "user"] as const;
export type Category = (typeof CATEGORIES)[number];

export function parseCategory(raw: string | null): Category {
  return CATEGORIES.find((category) => category === raw) ?? "movie";
}

/** The trimmed query, or the Korean reason it cannot be searched (SPEC §5: non-empty trimmed, ≤ 100). */
export function checkQuery(raw: string): { query: string; error: null } | { query: null; error: string } {
  const query = raw.trim();
  if (query === "") return { query: null, error: MSG.emptyQuery };
  if (codePointLength(query) > SEARCH_QUERY_MAX) return { query: null, error: SEARCH.tooLong(SEARCH_QUERY_MAX) };
  return { query, error: null };
}

export interface SearchUrlState {
  query: string;
  /** null: the URL names no tab, so the page lands on the first tab that has results. */
  category: Category | null;
  genre: string | null;
}

export function readSearchParams(params: URLSearchParams): SearchUrlState {
  const checked = checkQuery(params.get("query") ?? "");
  return {
    query: checked.query ?? "",
    category: params.has("category") ? parseCategory(params.get("category")) : null,
    genre: params.get("genre") || null,
  };
}

export function toSearchParams(state: SearchUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set("query", state.query);
  if (state.category) params.set("category", state.category);
  if (state.category === "genre" && state.genre) params.set("genre", state.genre);
  return params;
}
