// The collection's movies in the order they were added: posters linking to the movie pages.
import type { CollectionMovie } from "@moviepedia/contract";
import { Star } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../../../shared/ui/empty-state";
import { Poster } from "../../../shared/ui/poster";
import { COLLECTIONS } from "../strings";

export function CollectionMovieGrid({ movies }: { movies: readonly CollectionMovie[] }) {
  return (
    <section aria-labelledby="collection-movies" className="px-4 pt-6">
      <h2 id="collection-movies" className="text-lg font-bold text-gray-900">
        {COLLECTIONS.moviesHeading} <span className="text-gray-500">{movies.length}</span>
      </h2>
      {movies.length === 0 ? (
        <EmptyState message={COLLECTIONS.emptyMovies} className="py-8" />
      ) : (
        <ul className="mt-3 grid grid-cols-3 gap-x-3 gap-y-4 sm:grid-cols-4">
          {movies.map((movie, index) => (
            <li key={movie.id}>
              <Link
                to={`/movies/${movie.id}`}
                className="group block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
              >
                <Poster
                  src={movie.poster_url}
                  title={movie.title}
                  movieId={movie.id}
                  sizes="(min-width: 640px) 200px, 33vw"
                  loading={index < 6 ? "eager" : "lazy"}
                />
                <p className="mt-1.5 line-clamp-2 text-sm font-medium text-gray-900 group-hover:underline">
                  {movie.title}
                </p>
                {movie.average_rating !== null ? (
                  <p className="mt-0.5 inline-flex items-center gap-0.5 text-xs text-gray-500">
                    <Star aria-hidden size={12} className="fill-star text-star" />
                    <span className="sr-only">{COLLECTIONS.averageRating}</span>
                    {movie.average_rating.toFixed(1)}
                  </p>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
