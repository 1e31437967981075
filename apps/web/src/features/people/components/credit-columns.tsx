// A person's movies in one role, three per column, columns paged sideways (SPEC §9): poster, title, year, the
// credit kind and the average rating.
import { PAGE_SIZE, type PersonCreditMovie } from "@moviepedia/contract";
import { Star } from "lucide-react";
import { Link } from "react-router";
import { ColumnPager } from "../../../shared/ui/column-pager";
import { Poster } from "../../../shared/ui/poster";
import { PEOPLE } from "../strings";

function CreditMovie({ movie }: { movie: PersonCreditMovie }) {
  return (
    <Link
      to={`/movies/${movie.id}`}
      className="flex items-center gap-3 rounded-lg py-2 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <Poster src={movie.poster_url} title={movie.title} movieId={movie.id} sizes="56px" className="w-14 shrink-0" />
      <span className="min-w-0 flex-1 border-b border-gray-100 pb-2">
        <span className="block truncate text-[15px] font-semibold text-gray-900">{movie.title}</span>
        <span className="block text-sm text-gray-500">
          {movie.year} · {movie.cast}
        </span>
        <span className="mt-0.5 inline-flex items-center gap-0.5 text-sm text-gray-600">
          <Star aria-hidden size={13} strokeWidth={0} className="fill-star" />
          {movie.average_rating !== null ? (
            <>
              <span className="sr-only">{PEOPLE.average}</span>
              {movie.average_rating.toFixed(1)}
            </>
          ) : (
            PEOPLE.noRating
          )}
        </span>
      </span>
    </Link>
  );
}

export function CreditColumns({ movies, label }: { movies: readonly PersonCreditMovie[]; label: string }) {
  return (
    <div className="pt-3">
      <ColumnPager
        items={movies}
        perColumn={PAGE_SIZE.personCreditsPerColumn}
        label={label}
        getKey={(movie) => movie.id}
        renderItem={(movie) => <CreditMovie movie={movie} />}
      />
    </div>
  );
}
