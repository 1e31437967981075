// GET /api/search with `expand=true` (API.md §4.10): one request per window of 10 serves every tab, so switching tabs
// reuses the cached window. Genre values are bare ids, expanded with `GET /api/movies?ids=`.
import {
  type Collection,
  COLLECTION_STRIP_MOVIES,
  endpoints,
  type ExpandedSearchResult,
  LOG,
  type Movie,
  PAGE_SIZE,
  type Person,
  type SearchResult,
  type UserProfile,
} from "@moviepedia/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/lib/api";

export const searchQueries = {
  all: ["search"] as const,
  /** Window [begin, begin + 10) of every list, expanded. */
  window: (query: string, begin: number) =>
    queryOptions({
      queryKey: [...searchQueries.all, query, "window", begin],
      queryFn: async ({ signal }) => {
        try {
          // `expand: true` makes the answer the expanded shape.
          return (await api(endpoints.search.search, {
            signal,
            // Collection cards show a few posters: only those are embedded (movies_limit, API.md §4.0).
            query: {
              search_q: query,
              begin,
              end: begin + PAGE_SIZE.search,
              expand: true,
              movies_limit: COLLECTION_STRIP_MOVIES,
            },
          })) as ExpandedSearchResult;
        } catch (error) {
          if (!signal.aborted) console.error(LOG.search, error);
          throw error;
        }
      },
      staleTime: 5 * 60_000,
      retry: false,
    }),
  /** Every list's ids without a range (the server caps each at 1000): the tabs' counts. */
  ids: (query: string) =>
    queryOptions({
      queryKey: [...searchQueries.all, query, "ids"],
      queryFn: ({ signal }): Promise<SearchResult> =>
        api(endpoints.search.search, { signal, query: { search_q: query } }),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  /** The films of a person the query names exactly, shown in the 영화 tab after the title matches. */
  personFilms: (personId: number) =>
    queryOptions({
      queryKey: [...searchQueries.all, "person-films", personId],
      queryFn: ({ signal }) => api(endpoints.people.movies, { params: { id: personId }, signal }),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  /** `useInfiniteWindow` key of one tab's list. */
  list: (query: string, tab: string) => [...searchQueries.all, query, "list", tab] as const,
};

export interface SearchItems {
  movie: Movie;
  person: Person;
  collection: Collection;
  user: UserProfile;
}

const PICK = {
  movie: (result: ExpandedSearchResult) => result.movies,
  person: (result: ExpandedSearchResult) => result.people,
  collection: (result: ExpandedSearchResult) => result.collections,
  user: (result: ExpandedSearchResult) => result.users,
} satisfies { [K in keyof SearchItems]: (result: ExpandedSearchResult) => SearchItems[K][] };

/** A window from the cache or the server; null when it failed (the window's query has logged it). */
async function windowOrNull(client: QueryClient, query: string, begin: number): Promise<ExpandedSearchResult | null> {
  try {
    return await client.fetchQuery(searchQueries.window(query, begin));
  } catch {
    return null;
  }
}

export async function fetchResultWindow<K extends keyof SearchItems>(
  client: QueryClient,
  query: string,
  kind: K,
  begin: number,
): Promise<SearchItems[K][] | null> {
  const result = await windowOrNull(client, query, begin);
  return result ? (PICK[kind](result) as SearchItems[K][]) : null;
}

export async function fetchGenreWindow(
  client: QueryClient,
  query: string,
  genre: string,
  begin: number,
  signal: AbortSignal,
): Promise<Movie[] | null> {
  const result = await windowOrNull(client, query, begin);
  if (!result) return null;
  const ids = result.movie_dict_by_genre[genre] ?? [];
  if (ids.length === 0) return [];
  try {
    return await api(endpoints.movies.list, { signal, query: { ids: ids.join(",") } });
  } catch (error) {
    if (signal.aborted) throw error;
    console.error(LOG.search, error);
    return null;
  }
}
