// The 영화 tab's second part: the films of a person the query names exactly (봉준호 → his films), after the titles.
import { Star } from "lucide-react";
import { Link } from "react-router";
import { Poster } from "../../../shared/ui/poster";
import type { PersonFilms } from "../hooks/use-search-summary";
import { SEARCH } from "../strings";

export function PersonFilmsSection({ entry }: { entry: PersonFilms }) {
  const headingId = `search-person-films-${entry.person.id}`;
  return (
    <section aria-labelledby={headingId} className="border-t-8 border-gray-50 pt-4">
      <h2 id={headingId} className="px-4 text-base font-bold text-gray-900">
        <Link to={`/people/${entry.person.id}`} className="hover:underline">
          {SEARCH.personFilms(entry.person.name)}
        </Link>
      </h2>
      <ul className="divide-y divide-gray-100">
        {entry.films.map((film) => (
          <li key={film.id}>
            <Link
              to={`/movies/${film.id}`}
              className="flex items-center gap-3 px-4 py-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
            >
              <Poster
                src={film.poster_url}
                title={film.title}
                movieId={film.id}
                sizes="56px"
                className="w-14 shrink-0"
              />
              <div className="min-w-0 flex-1">
                <p className="truncate text-[15px] font-semibold text-gray-900">{film.title}</p>
                <p className="truncate text-[13px] text-gray-500">{[String(film.year), ...film.roles].join(" · ")}</p>
              </div>
              {film.average_rating !== null ? (
                <span className="inline-flex shrink-0 items-center gap-0.5 text-[13px] text-gray-600">
                  <Star aria-hidden size={13} className="fill-star text-star" />
                  <span className="sr-only">{SEARCH.averageRating}</span>
                  {film.average_rating.toFixed(1)}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
