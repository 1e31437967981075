// What the tabs need before one is opened: which categories have results (from the first expanded window, which the
// route loader has already started), each list's size (from one id-only request without a range), and the people the
// query names exactly, whose films the 영화 tab lists after the title matches.
import type { Person, PersonCreditMovie } from "@moviepedia/contract";
import { useQueries, useQuery } from "@tanstack/react-query";
import { searchQueries } from "../api/search-api";
import { matchesExactly } from "../lib/exact-match";
import { CATEGORIES, type Category } from "../lib/search-params";

/** At most this many exactly named people contribute their films (ㅂㅈㅎ names several). */
const EXACT_PEOPLE_MAX = 3;
/** The server answers at most this many ids per list (API.md §1.5): a full list reads "1000+". */
export const SEARCH_COUNT_CAP = 1000;

export interface PersonFilm extends PersonCreditMovie {
  /** The person's roles on this film (감독, 주연…), first credit first. */
  roles: string[];
}

export interface PersonFilms {
  person: Person;
  films: PersonFilm[];
}

export interface SearchSummary {
  /** undefined while the first window loads; null when it failed. */
  landing: Category | null | undefined;
  counts: Partial<Record<Category, number>>;
  /** Exactly named people with their films not already among the title matches. */
  personFilms: PersonFilms[];
}

function filmsOf(person: Person, credits: { role: string; movies: PersonCreditMovie[] }[], exclude: Set<number>) {
  const byId = new Map<number, PersonFilm>();
  for (const group of credits) {
    for (const movie of group.movies) {
      if (exclude.has(movie.id)) continue;
      const known = byId.get(movie.id);
      if (known) {
        if (!known.roles.includes(group.role)) known.roles.push(group.role);
      } else byId.set(movie.id, { ...movie, roles: [group.role] });
    }
  }
  const films = [...byId.values()].sort((a, b) => b.year - a.year || a.id - b.id);
  return { person, films };
}

export function useSearchSummary(query: string): SearchSummary {
  const first = useQuery(searchQueries.window(query, 0));
  const ids = useQuery(searchQueries.ids(query));
  const exactPeople = (first.data?.people ?? [])
    .filter((person) => matchesExactly(query, person.name))
    .slice(0, EXACT_PEOPLE_MAX);
  const credits = useQueries({ queries: exactPeople.map((person) => searchQueries.personFilms(person.id)) });

  const titleIds = new Set(ids.data?.movie_list ?? first.data?.movie_list ?? []);
  const personFilms: PersonFilms[] = [];
  exactPeople.forEach((person, index) => {
    const data = credits[index]?.data;
    if (!data) return;
    const entry = filmsOf(person, data, titleIds);
    // A later person's films that an earlier one already lists are not repeated.
    for (const film of entry.films) titleIds.add(film.id);
    if (entry.films.length > 0) personFilms.push(entry);
  });

  let landing: Category | null | undefined;
  if (first.isError) landing = null;
  else if (first.data) {
    const result = first.data;
    const has: Record<Category, boolean> = {
      movie: result.movies.length > 0 || personFilms.length > 0,
      genre: Object.keys(result.movie_dict_by_genre).length > 0,
      person: result.people.length > 0,
      collection: result.collections.length > 0,
      user: result.users.length > 0,
    };
    // Whether an exactly named person brings films to 영화 is known once their credits arrive.
    const waitingForFilms = result.movies.length === 0 && credits.some((entry) => entry.isPending);
    landing = waitingForFilms ? undefined : (CATEGORIES.find((category) => has[category]) ?? "movie");
  }

  const counts: Partial<Record<Category, number>> = {};
  if (ids.data) {
    const genreIds = new Set(Object.values(ids.data.movie_dict_by_genre).flat());
    const creditsSettled = credits.every((result) => !result.isPending);
    if (creditsSettled) {
      const extra = personFilms.reduce((sum, entry) => sum + entry.films.length, 0);
      counts.movie = ids.data.movie_list.length + extra;
    }
    counts.genre = genreIds.size;
    counts.person = ids.data.participant_list.length;
    counts.collection = ids.data.collection_list.length;
    counts.user = ids.data.user_list.length;
  }
  return { landing, counts, personFilms };
}
