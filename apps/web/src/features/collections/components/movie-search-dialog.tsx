// 작품 추가: the movie search of the editor. The search endpoint without a range gives every matching id
// (`movie_list`, API.md §4.10); they are expanded 20 at a time with `GET /api/movies?ids=`.
import { COLLECTION_MOVIES_MAX, LOG, MSG, SEARCH_QUERY_MAX, type Movie } from "@moviepedia/contract";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import { cutToCodePoints } from "../../../shared/lib/text";
import { Button } from "../../../shared/ui/button";
import { Dialog } from "../../../shared/ui/dialog";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { Loading } from "../../../shared/ui/loading";
import { MediaImage } from "../../../shared/ui/media-image";
import { collectionQueries, fetchMoviesByIds, searchMovieIds } from "../api/collections-api";
import type { EditorMovie } from "../hooks/use-collection-editor";
import { COLLECTIONS } from "../strings";

const BATCH = 20;

export interface MovieSearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Movies already in the editor's list (shown as 추가됨). */
  chosenIds: ReadonlySet<number>;
  onAdd: (movie: EditorMovie) => void;
  /** The collection is at its limit: nothing more can be added. */
  full: boolean;
}

export function MovieSearchDialog({ open, onOpenChange, chosenIds, onAdd, full }: MovieSearchDialogProps) {
  const [input, setInput] = useState("");
  const [query, setQuery] = useState("");
  const [inputError, setInputError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation(); // React events bubble through the portal to the editor's own form
    const trimmed = input.trim();
    if (trimmed === "") {
      setInputError(MSG.emptyQuery);
      return;
    }
    setInputError(null);
    setQuery(trimmed);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={COLLECTIONS.searchTitle} variant="sheet" showClose>
      <form role="search" onSubmit={submit} className="mt-4 flex gap-2">
        <label htmlFor="editor-movie-search" className="sr-only">
          {COLLECTIONS.searchLabel}
        </label>
        <input
          id="editor-movie-search"
          type="search"
          value={input}
          onChange={(event) => setInput(cutToCodePoints(event.target.value, SEARCH_QUERY_MAX))}
          placeholder={COLLECTIONS.searchPlaceholder}
          aria-invalid={inputError ? true : undefined}
          aria-describedby={inputError ? "editor-movie-search-error" : undefined}
          className="h-11 min-w-0 flex-1 rounded-lg border border-gray-200 bg-gray-50 px-3 text-[15px] focus:border-accent focus:bg-white focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        <Button type="submit" aria-label={COLLECTIONS.searchSubmit}>
          <Search aria-hidden size={18} />
        </Button>
      </form>
      {inputError ? (
        <ErrorText id="editor-movie-search-error" className="mt-2">
          {inputError}
        </ErrorText>
      ) : null}
      {full ? (
        <p className="mt-2 text-[13px] text-accent">{COLLECTIONS.collectionFull(COLLECTION_MOVIES_MAX)}</p>
      ) : null}
      <div className="mt-3 min-h-48">
        {query ? (
          <Results query={query} chosenIds={chosenIds} onAdd={onAdd} full={full} />
        ) : (
          <EmptyState message={COLLECTIONS.searchPrompt} className="py-10" />
        )}
      </div>
      <Button block className="mt-3" onClick={() => onOpenChange(false)}>
        {COLLECTIONS.done}
      </Button>
    </Dialog>
  );
}

function Results({
  query,
  chosenIds,
  onAdd,
  full,
}: Omit<MovieSearchDialogProps, "open" | "onOpenChange"> & { query: string }) {
  const ids = useQuery({
    queryKey: [...collectionQueries.all, "movie-search", query],
    queryFn: ({ signal }) =>
      searchMovieIds(query, signal).catch((error: unknown) => {
        if (!signal.aborted) console.error(LOG.search, error);
        throw error;
      }),
    staleTime: 60_000,
  });
  const allIds = ids.data ?? [];
  const movies = useInfiniteQuery({
    queryKey: [...collectionQueries.all, "movie-search", query, "movies"],
    enabled: allIds.length > 0,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => fetchMoviesByIds(allIds.slice(pageParam, pageParam + BATCH), signal),
    getNextPageParam: (_last, _all, offset) => (offset + BATCH < allIds.length ? offset + BATCH : undefined),
    staleTime: 60_000,
  });

  if (ids.isError || movies.isError) return <ErrorText className="py-6 text-center">{MSG.searchFailed}</ErrorText>;
  if (ids.isPending || (allIds.length > 0 && movies.isPending)) return <Loading />;
  if (allIds.length === 0) return <EmptyState message={MSG.noResults} className="py-10" />;
  const found: Movie[] = movies.data?.pages.flat() ?? [];
  return (
    <>
      <ul className="divide-y divide-gray-100" aria-label={COLLECTIONS.searchResults}>
        {found.map((movie) => {
          const chosen = chosenIds.has(movie.id);
          return (
            <li key={movie.id} className="flex items-center gap-3 py-2.5">
              <MediaImage
                src={movie.poster_url}
                kind="poster"
                alt=""
                width={44}
                height={66}
                artId={movie.id}
                className="aspect-[2/3] w-11 shrink-0 rounded object-cover ring-1 ring-black/5"
              />
              <div className="min-w-0 flex-1">
                <p className="truncate text-[15px] font-medium text-gray-900">{movie.title}</p>
                <p className="truncate text-[13px] text-gray-500">
                  {[movie.year, ...movie.countries].filter(Boolean).join(" · ")}
                </p>
              </div>
              <Button
                size="sm"
                variant={chosen ? "ghost" : "secondary"}
                disabled={chosen || full}
                aria-label={chosen ? COLLECTIONS.addedMovie(movie.title) : COLLECTIONS.addMovie(movie.title)}
                onClick={() => onAdd({ id: movie.id, title: movie.title, poster_url: movie.poster_url })}
              >
                {chosen ? COLLECTIONS.added : COLLECTIONS.add}
              </Button>
            </li>
          );
        })}
      </ul>
      {movies.hasNextPage ? (
        <Button
          variant="secondary"
          block
          size="sm"
          className="mt-2"
          disabled={movies.isFetchingNextPage}
          onClick={() => void movies.fetchNextPage()}
        >
          {COLLECTIONS.searchMore}
        </Button>
      ) : null}
    </>
  );
}
