// GET /api/search (API.md §4.10): validation, then one ranked window per list over the search indexes, kept per
// query, window and caller until a table it reads changes (so any such committed write shows in the next search).
import { codePointLength, ExpandedSearchResult, SEARCH_QUERY_MAX, SearchResult } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import { answerJson, type DatabaseToken, defineRegion, keepsWindow, readDatabaseToken } from "../../cache/index.js";
import type { VersionedTable } from "../../db/data-version.js";
import type { Database } from "../../db/types.js";
import { type CountedJson, countedJson, countedJsonSize, MOVIE_TABLES, keptWithCut } from "../movies/index.js";
import { ApiError } from "../../http/errors.js";
import { KeptBody, keptBodySize } from "../../http/json-reply.js";
import { parseMoviesLimit } from "../../http/movies-limit.js";
import { parseWindow, type Window } from "../../http/window.js";
import { blocksAnyone } from "../shared/index.js";
import { likedSet, markedSet } from "../shared/index.js";
import { collectionSource } from "./collection-source.js";
import type { SearchKind } from "./documents.js";
import { expandResult } from "./expand.js";
import { genreSources, matchingGenres } from "./genre-source.js";
import { parseQuery } from "./matcher.js";
import { rankWindow } from "./ranking.js";
import { normalizeText } from "./normalize.js";
import { KINDS, tableSizes } from "./repository/index.js";
import { recordSource, type SearchContext, TYPO_CAP_FACTOR, TYPO_READ_MAX } from "./sources.js";

export interface SearchParams {
  search_q?: string;
  begin?: string;
  end?: string;
  expand?: string;
  movies_limit?: string;
}

export interface SearchOptions {
  /** A fixed candidate bound for every kind instead of the one sized to the tables (tests force the scans with it). */
  candidateCap?: number;
  /** Keep ranked id lists per query (default true); bench:search turns it off to measure the engine. */
  cache?: boolean;
}

/**
 * An index lookup is worth reading whole up to about √(window end × table rows) candidates: beyond that a scan in
 * popularity order, which needs about window end × rows / candidates rows, is cheaper. A candidate read with its
 * record costs about four rows of that scan (measured on both databases), hence the factor: √(1/4).
 */
const CAP_FACTOR = 0.5;
const MIN_CAP = 200;
const MAX_CAP = 3000;

const capFor = (need: number, size: number) =>
  Math.min(MAX_CAP, Math.max(MIN_CAP, Math.round(CAP_FACTOR * Math.sqrt(need * size))));

interface ParsedSearch {
  text: string;
  window: Window;
  expand: boolean;
  /** Movies embedded per expanded collection (movies_limit); all of them when undefined. */
  movieLimit: number | undefined;
}

function parseParams(params: SearchParams): ParsedSearch {
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
  const movieLimit = parseMoviesLimit(params.movies_limit);
  return { text, window, expand: params.expand === "true", movieLimit };
}

interface Ranking {
  key: string;
  result: SearchResult;
  /** The answer without expand=true as sent, UTF-8 encoded once. */
  plain: KeptBody;
}

/**
 * What a ranking reads: the documents, the records with their popularity keys (a film's ratings and reviews counts —
 * `movie_ranks`, which a changed star alone leaves as it is —, a member's followers), collections' films, genres, and
 * blocks (a blocking caller's user list).
 */
const RANKING_TABLES = [
  "search_documents",
  "movie_ranks",
  "people",
  "collections",
  "collection_movies",
  "users",
  "genres",
  "movie_genres",
  "blocks",
] as const satisfies readonly VersionedTable[];

// Kept per (caller, window, normalised query) until a table a ranking reads changes (a like or a follow elsewhere
// leaves it kept, and so does a changed star; a first rating or review moves a film's popularity, so it ranks again);
// the answers as sent are kept beside the ranking.
const rankings = defineRegion<Ranking>({
  name: "search-rankings",
  share: 0.06,
  stale: { token: "tables", tables: RANKING_TABLES },
  keeps: "a search's ranked id lists per (blocking caller, window, normalised query), with the plain answer",
  // The id lists take about as much as their JSON.
  sizeOf: (r) => r.key.length * 2 + r.plain.bytes.byteLength + keptBodySize(r.plain),
});
const EXPANDED_TABLES = [...new Set([...RANKING_TABLES, ...MOVIE_TABLES])];
// Keyed by the ranking's key, so also stale when its ranking is.
const expandedAnswers = defineRegion<KeptBody>({
  name: "search-expanded",
  share: 0.06,
  stale: { token: "tables", tables: EXPANDED_TABLES },
  keeps: "an expand=true search answer as sent, per ranking and movies_limit (tens of kilobytes)",
  sizeOf: keptBodySize,
});
// The same answers cut at their films' counters, kept through ratings (movies/counted.ts): an answer gone stale
// because a star moved an average is sent again from this with one counters query.
const expandedCounted = defineRegion<CountedJson>({
  name: "search-expanded-counted",
  share: 0.02,
  stale: { token: "tables", tables: EXPANDED_TABLES.filter((table) => table !== "movies") },
  keeps: "an expand=true search answer as sent, up to its films' counters (read again when it is sent)",
  sizeOf: countedJsonSize,
});
// Expanded answers that carry a member's own likes or follows.
const membersAnswers = defineRegion<KeptBody>({
  name: "search-expanded-personal",
  share: 0.03,
  stale: { token: "database-free" },
  keeps: "an expand=true search answer carrying the searcher's own likes or follows",
  sizeOf: keptBodySize,
});

export function createSearchService(db: Kysely<Database>, options: SearchOptions = {}) {
  const cached = options.cache !== false;

  async function rankedFor(
    text: string,
    window: Window,
    callerId: number | null,
    at: DatabaseToken | undefined,
  ): Promise<Ranking> {
    // Blocks make the user list depend on the caller; everything else depends on the normalised query only.
    const key = JSON.stringify([callerId, window.offset, window.limit, normalizeText(text)]);
    const build = async (): Promise<Ranking> => {
      const result = await ranked(text, window, callerId);
      return { key, result, plain: KeptBody.of(JSON.stringify(z.encode(SearchResult, result))) };
    };
    if (!at) return build();
    return rankings.get(db, key, build, { at, keep: keepsWindow(window) });
  }

  async function expanded(
    result: SearchResult,
    callerId: number | null,
    movieLimit: number | undefined,
  ): Promise<ExpandedSearchResult> {
    const lists = {
      movies: result.movie_list,
      people: result.participant_list,
      collections: result.collection_list,
      users: result.user_list,
    };
    return { ...result, ...(await expandResult(db, lists, callerId, movieLimit)) };
  }

  async function search(params: SearchParams, callerId: number | null): Promise<SearchResult | ExpandedSearchResult> {
    const { text, window, expand, movieLimit } = parseParams(params);
    const at = cached ? await readDatabaseToken(db) : undefined;
    const { result } = await rankedFor(text, window, callerId, at);
    return expand ? expanded(result, callerId, movieLimit) : result;
  }

  /** GET /api/search, serialised (and kept with the ranking while nothing is written). */
  async function searchJson(params: SearchParams, callerId: number | null): Promise<KeptBody> {
    const { text, window, expand, movieLimit } = parseParams(params);
    // A member who blocked nobody is ranked exactly as a visitor (blocks are the only personal part of a ranking).
    const personal = callerId !== null && (await blocksAnyone(db, callerId));
    const at = cached ? await readDatabaseToken(db) : undefined;
    const entry = await rankedFor(text, window, personal ? callerId : null, at);
    if (!expand) return entry.plain;
    const expandedJson = async (caller: number | null) =>
      answerJson(ExpandedSearchResult, await expanded(entry.result, caller, movieLimit));
    const encodeFor = async (caller: number | null) => KeptBody.of(await expandedJson(caller));
    const limitKey = String(movieLimit ?? "all");
    const keep = keepsWindow(window);
    const keptFor = (caller: number | null) => {
      if (!at) return encodeFor(caller);
      const key = `${limitKey}:${entry.key}`;
      return keptWithCut(
        db,
        { sent: expandedAnswers, cut: expandedCounted },
        key,
        {
          cut: async () => countedJson(ExpandedSearchResult, await expanded(entry.result, caller, movieLimit)),
          whole: () => expandedJson(caller),
        },
        { at, keep },
      );
    };
    if (personal) return keptFor(callerId);
    // The expanded objects carry the caller's likes and follows: a member with none among them gets the visitors'.
    if (callerId !== null && (await touchesCaller(entry.result, callerId))) {
      const encode = () => encodeFor(callerId);
      return at ? membersAnswers.get(db, `${callerId}:${limitKey}:${entry.key}`, encode, { keep }) : encode();
    }
    return keptFor(null);
  }

  /** Whether the caller likes a listed person or collection or follows a listed member. */
  async function touchesCaller(result: SearchResult, callerId: number): Promise<boolean> {
    const [people, collections, follows] = await Promise.all([
      likedSet(db, "person_likes", callerId, result.participant_list),
      likedSet(db, "collection_likes", callerId, result.collection_list),
      markedSet(db, "follows", callerId, result.user_list),
    ]);
    return people.size > 0 || collections.size > 0 || follows.size > 0;
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

  return { searchJson, search };
}

export type SearchService = ReturnType<typeof createSearchService>;
