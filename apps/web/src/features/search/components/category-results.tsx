// The 영화, 인물, 컬렉션 and 사용자 tabs: each takes its list from the shared expanded windows.
import { useQueryClient } from "@tanstack/react-query";
import { CollectionCard } from "../../collections";
import { fetchResultWindow, searchQueries } from "../api/search-api";
import type { PersonFilms } from "../hooks/use-search-summary";
import type { Category } from "../lib/search-params";
import { PersonFilmsSection } from "./person-films";
import { ResultList } from "./result-list";
import { MovieRow, PersonRow, UserRow } from "./result-rows";
import { ABOVE_THE_FOLD } from "../lib/first-posters";

export interface CategoryResultsProps {
  query: string;
  category: Exclude<Category, "genre">;
  /** 영화 only: films of the people the query names exactly, listed after the title matches. */
  personFilms?: readonly PersonFilms[];
}

export function CategoryResults({ query, category, personFilms = [] }: CategoryResultsProps) {
  const client = useQueryClient();
  const key = searchQueries.list(query, category);
  switch (category) {
    case "movie":
      return (
        <>
          <ResultList
            queryKey={key}
            fetchWindow={(begin) => fetchResultWindow(client, query, "movie", begin)}
            renderItem={(movie, index) => <MovieRow movie={movie} eager={index < ABOVE_THE_FOLD} />}
            emptyContent={personFilms.length > 0 ? null : undefined}
          />
          {personFilms.map((entry) => (
            <PersonFilmsSection key={entry.person.id} entry={entry} />
          ))}
        </>
      );
    case "person":
      return (
        <ResultList
          queryKey={key}
          fetchWindow={(begin) => fetchResultWindow(client, query, "person", begin)}
          renderItem={(person) => <PersonRow person={person} />}
        />
      );
    case "collection":
      return (
        <ResultList
          queryKey={key}
          fetchWindow={(begin) => fetchResultWindow(client, query, "collection", begin)}
          renderItem={(collection) => <CollectionCard collection={collection} />}
        />
      );
    case "user":
      return (
        <ResultList
          queryKey={key}
          fetchWindow={(begin) => fetchResultWindow(client, query, "user", begin)}
          renderItem={(user) => <UserRow user={user} />}
        />
      );
  }
}
