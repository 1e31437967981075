// The 장르 tab: one sub-tab per genre the query names (the keys of `movie_dict_by_genre`), each genre's movies in
// windows of 10, expanded with `GET /api/movies?ids=`.
import { MSG } from "@moviepedia/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { Loading } from "../../../shared/ui/loading";
import { TabPanel, Tabs } from "../../../shared/ui/tabs";
import { fetchGenreWindow, searchQueries } from "../api/search-api";
import { SEARCH } from "../strings";
import { ResultList } from "./result-list";
import { MovieRow } from "./result-rows";

export interface GenreResultsProps {
  query: string;
  genre: string | null;
  onGenreChange: (genre: string) => void;
}

export function GenreResults({ query, genre, onGenreChange }: GenreResultsProps) {
  const client = useQueryClient();
  const first = useQuery(searchQueries.window(query, 0));
  if (first.isPending) return <Loading />;
  if (first.isError) return <ErrorText className="px-4 py-10 text-center">{MSG.searchFailed}</ErrorText>;
  const genres = Object.keys(first.data.movie_dict_by_genre);
  if (genres.length === 0) return <EmptyState message={MSG.noResults} />;
  const index = Math.max(0, genre ? genres.indexOf(genre) : 0);
  const selected = genres[index] ?? genres[0]!;
  // Tab ids are built from the value, so positions (not names, which could hold spaces) serve as values.
  const items = genres.map((name, position) => ({ value: String(position), label: name }));
  return (
    <>
      <Tabs
        items={items}
        value={String(index)}
        onChange={(value) => onGenreChange(genres[Number(value)] ?? selected)}
        label={SEARCH.genreTabsLabel}
        idPrefix="search-genre"
        variant="sub"
        className="px-4"
      />
      <TabPanel idPrefix="search-genre" value={String(index)}>
        <ResultList
          key={selected}
          queryKey={searchQueries.list(query, `genre:${selected}`)}
          fetchWindow={(begin, _end, signal) => fetchGenreWindow(client, query, selected, begin, signal)}
          renderItem={(movie) => <MovieRow movie={movie} />}
        />
      </TabPanel>
    </>
  );
}
