// GET /api/search (API.md §4.10): validation, then one ranked window per list over the search indexes.
import { codePointLength, type ExpandedSearchResult, SEARCH_QUERY_MAX, type SearchResult } from "@moviepedia/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";
import { ApiError } from "../../http/errors.js";
import { parseWindow, type Window } from "../../http/window.js";
import { collectionSource } from "./collection-source.js";
import type { SearchKind } from "./documents.js";
import { expandResult } from "./expand.js";
import { genreSources, matchingGenres } from "./genre-source.js";
import { parseQuery } from "./matcher.js";
import { rankWindow } from "./ranking.js";
import { KINDS } from "./records.js";
import { recordSource, type SearchContext } from "./sources.js";

export interface SearchParams {
  search_q?: string;
  begin?: string;
  end?: string;
  expand?: string;
}

export interface SearchOptions {
  /** A fixed candidate bound for every kind instead of the one sized to the tables (tests force the scans with it). */
  candidateCap?: number;
}

/**
 * An index lookup is worth reading whole up to about √(window end × table rows) candidates: beyond that a scan in
 * popularity order, which needs about window end × rows / candidates rows, is cheaper.
 */
const CAP_FACTOR = 0.8;
const MIN_CAP = 200;
const MAX_CAP = 3000;

const TABLES: Record<SearchKind, "movies" | "people" | "collections" | "users"> = {
  movie: "movies",
  person: "people",
  collection: "collections",
  user: "users",
};

async function candidateCaps(db: Kysely<Database>, need: number): Promise<(kind: SearchKind) => number> {
  // The largest id stands in for the row count: one index probe per table.
  const kinds = Object.keys(TABLES) as SearchKind[];
  const { rows } = await sql<Record<SearchKind, number | null>>`select ${sql.join(
    kinds.map((kind) => sql`(select max(id) from ${sql.table(TABLES[kind])}) as ${sql.ref(kind)}`),
  )}`.execute(db);
  const caps = new Map(
    kinds.map((kind) => {
      const size = Number(rows[0]?.[kind] ?? 0);
      return [kind, Math.min(MAX_CAP, Math.max(MIN_CAP, Math.round(CAP_FACTOR * Math.sqrt(need * size))))];
    }),
  );
  return (kind) => caps.get(kind)!;
}

function parseParams(params: SearchParams): { text: string; window: Window; expand: boolean } {
  if (params.search_q === undefined) throw new ApiError("MISSING_FIELD", "Parameter 'search_q' is required.");
  const text = params.search_q.trim();
  if (text === "") throw new ApiError("EMPTY_QUERY", "Parameter 'search_q' must not be empty.");
  if (codePointLength(text) > SEARCH_QUERY_MAX) {
    throw new ApiError("TEXT_TOO_LONG", `Parameter 'search_q' must be at most ${SEARCH_QUERY_MAX} characters.`);
  }
  const window = parseWindow(params);
  if (params.expand !== undefined && params.expand !== "true" && params.expand !== "false") {
    throw new ApiError("INVALID_FIELD", "Parameter 'expand' must be 'true' or 'false'.");
  }
  return { text, window, expand: params.expand === "true" };
}

export function createSearchService(db: Kysely<Database>, options: SearchOptions = {}) {
  async function search(params: SearchParams, callerId: number | null): Promise<SearchResult | ExpandedSearchResult> {
    const { text, window, expand } = parseParams(params);
    const fixed = options.candidateCap;
    const cap = fixed === undefined ? await candidateCaps(db, window.offset + window.limit) : () => fixed;
    const ctx: SearchContext = { db, q: parseQuery(text), cap };
    const movies = recordSource(ctx, KINDS.movie);
    const [movieList, participantList, collectionList, userList, genres] = await Promise.all([
      rankWindow(movies, window),
      rankWindow(recordSource(ctx, KINDS.person), window),
      rankWindow(collectionSource(ctx, movies), window),
      rankWindow(recordSource(ctx, KINDS.user, { callerId }), window),
      matchingGenres(db, ctx.q),
    ]);
    const genreLists = await Promise.all(genreSources(ctx, movies, genres).map((g) => rankWindow(g, window)));
    const result: SearchResult = {
      movie_list: movieList,
      participant_list: participantList,
      collection_list: collectionList,
      user_list: userList,
      movie_dict_by_genre: Object.fromEntries(genres.map((g, i) => [g.name, genreLists[i]!])),
    };
    if (!expand) return result;
    const lists = { movies: movieList, people: participantList, collections: collectionList, users: userList };
    return { ...result, ...(await expandResult(db, lists, callerId)) };
  }

  return { search };
}

export type SearchService = ReturnType<typeof createSearchService>;
