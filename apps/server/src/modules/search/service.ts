// GET /api/search (API.md §4.10): validation, then one ranked window per list over the search indexes, kept per
// query, window and caller under a database data version (so any committed write shows in the next search).
import { codePointLength, type ExpandedSearchResult, SEARCH_QUERY_MAX, type SearchResult } from "@moviepedia/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";
import { ApiError } from "../../http/errors.js";
import { LruCache } from "../../lib/lru.js";
import { parseWindow, type Window } from "../../http/window.js";
import { collectionSource } from "./collection-source.js";
import { isPostgres } from "./dialect.js";
import type { SearchKind } from "./documents.js";
import { expandResult } from "./expand.js";
import { genreSources, matchingGenres } from "./genre-source.js";
import { parseQuery } from "./matcher.js";
import { rankWindow } from "./ranking.js";
import { normalizeText } from "./normalize.js";
import { KINDS } from "./records.js";
import { recordSource, type SearchContext, TYPO_CAP_FACTOR, TYPO_READ_MAX } from "./sources.js";

export interface SearchParams {
  search_q?: string;
  begin?: string;
  end?: string;
  expand?: string;
}

export interface SearchOptions {
  /** A fixed candidate bound for every kind instead of the one sized to the tables (tests force the scans with it). */
  candidateCap?: number;
  /** Keep ranked id lists per query (default true); bench:search turns it off to measure the engine. */
  cache?: boolean;
}

/** Ranked id lists kept, least recently used first out (each a few dozen ids). */
export const CACHE_ENTRIES = 2000;

/**
 * A token that differs whenever anything in the database may have changed since it was last read, from this
 * server or any other: SQLite's data_version (commits by other connections, other processes included) with this
 * connection's own change count; PostgreSQL's current snapshot (a transaction that commits anywhere moves it).
 * Read before a result is computed, it keys the cache: a result computed while a write commits is kept under the
 * old token, which no later read returns, so a cached answer never predates the last committed write.
 */
async function dataVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = isPostgres(db)
    ? await sql<{ v: string }>`select pg_current_snapshot()::text as v`.execute(db)
    : await sql<{ v: string }>`select total_changes() || ':' || data_version as v from pragma_data_version`.execute(db);
  return String(rows[0]?.v);
}

/**
 * An index lookup is worth reading whole up to about √(window end × table rows) candidates: beyond that a scan in
 * popularity order, which needs about window end × rows / candidates rows, is cheaper. A candidate read with its
 * record costs about four rows of that scan (measured on both databases), hence the factor: √(1/4).
 */
const CAP_FACTOR = 0.5;
const MIN_CAP = 200;
const MAX_CAP = 3000;

const TABLES: Record<SearchKind, "movies" | "people" | "collections" | "users"> = {
  movie: "movies",
  person: "people",
  collection: "collections",
  user: "users",
};

async function tableSizes(db: Kysely<Database>): Promise<(kind: SearchKind) => number> {
  // The largest id stands in for the row count: one index probe per table.
  const kinds = Object.keys(TABLES) as SearchKind[];
  const { rows } = await sql<Record<SearchKind, number | null>>`select ${sql.join(
    kinds.map((kind) => sql`(select max(id) from ${sql.table(TABLES[kind])}) as ${sql.ref(kind)}`),
  )}`.execute(db);
  const sizes = new Map(kinds.map((kind) => [kind, Number(rows[0]?.[kind] ?? 0)]));
  return (kind) => sizes.get(kind)!;
}

const capFor = (need: number, size: number) =>
  Math.min(MAX_CAP, Math.max(MIN_CAP, Math.round(CAP_FACTOR * Math.sqrt(need * size))));

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
  const cache =
    options.cache === false ? null : new LruCache<string, { version: string; result: SearchResult }>(CACHE_ENTRIES);

  async function search(params: SearchParams, callerId: number | null): Promise<SearchResult | ExpandedSearchResult> {
    const { text, window, expand } = parseParams(params);
    let result: SearchResult;
    if (cache) {
      // Blocks make the user list depend on the caller; everything else depends on the normalised query only.
      const key = JSON.stringify([callerId, window.offset, window.limit, normalizeText(text)]);
      const version = await dataVersion(db);
      const hit = cache.get(key);
      if (hit?.version === version) result = hit.result;
      else {
        result = await ranked(text, window, callerId);
        cache.set(key, { version, result });
      }
    } else {
      result = await ranked(text, window, callerId);
    }
    if (!expand) return result;
    const lists = {
      movies: result.movie_list,
      people: result.participant_list,
      collections: result.collection_list,
      users: result.user_list,
    };
    return { ...result, ...(await expandResult(db, lists, callerId)) };
  }

  async function ranked(text: string, window: Window, callerId: number | null): Promise<SearchResult> {
    const fixed = options.candidateCap;
    const need = window.offset + window.limit;
    const size = await tableSizes(db);
    const cap = fixed === undefined ? (kind: SearchKind) => capFor(need, size(kind)) : () => fixed;
    const typoCap =
      fixed === undefined
        ? (kind: SearchKind) =>
            Math.max(TYPO_CAP_FACTOR * cap(kind), Math.min(TYPO_READ_MAX, Math.round(size(kind) / 10)))
        : () => TYPO_CAP_FACTOR * fixed;
    const ctx: SearchContext = { db, q: parseQuery(text), cap, typoCap, size, need };
    const movies = recordSource(ctx, KINDS.movie);
    const [movieList, participantList, collectionList, userList, genres] = await Promise.all([
      rankWindow(movies, window),
      rankWindow(recordSource(ctx, KINDS.person), window),
      rankWindow(collectionSource(ctx, movies), window),
      rankWindow(recordSource(ctx, KINDS.user, { callerId }), window),
      matchingGenres(db, ctx.q),
    ]);
    const genreLists = await Promise.all(genreSources(ctx, movies, genres).map((g) => rankWindow(g, window)));
    return {
      movie_list: movieList,
      participant_list: participantList,
      collection_list: collectionList,
      user_list: userList,
      movie_dict_by_genre: Object.fromEntries(genres.map((g, i) => [g.name, genreLists[i]!])),
    };
  }

  return { search };
}

export type SearchService = ReturnType<typeof createSearchService>;
