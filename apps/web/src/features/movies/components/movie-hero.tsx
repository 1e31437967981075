// The top of the movie page: backdrop (with the back button over it), poster, title (the page's h1),
// original title, "year · genres · countries", running time and grade, and the average rating with its count.
import type { Movie } from "@moviepedia/contract";
import { ChevronLeft, Star } from "lucide-react";
import { useGoBack } from "../../../shared/hooks";
import { IconButton } from "../../../shared/ui/icon-button";
import { MediaImage } from "../../../shared/ui/media-image";
import { Poster } from "../../../shared/ui/poster";
import { UI } from "../../../shared/ui/strings";
import { formatRunningTime, movieFacts } from "../lib/format";
import { MOVIES } from "../strings";
import { BACKDROP_SIZES } from "../lib/hero-image";

const overlayButton = "bg-black/25 text-white hover:bg-black/40";

export function MovieHero({ movie }: { movie: Movie }) {
  const goBack = useGoBack("/");
  const details = [movie.running_time !== null ? formatRunningTime(movie.running_time) : null, movie.grade].filter(
    (part): part is string => Boolean(part),
  );
  return (
    <header>
      <div className="relative aspect-[16/9] overflow-hidden bg-gray-800 sm:aspect-[2/1] lg:aspect-auto lg:h-[400px] lg:rounded-b-xl">
        <MediaImage
          src={movie.backdrop_url}
          kind="backdrop"
          alt={MOVIES.backdropAlt(movie.title)}
          width={1280}
          height={720}
          sizes={BACKDROP_SIZES}
          artId={movie.id}
          // The largest element of the page when it appears: fetched first, painted without waiting.
          loading="eager"
          fetchPriority="high"
          className="h-full w-full bg-gray-800 object-cover"
        />
        <div aria-hidden className="absolute inset-0 bg-gradient-to-b from-black/40 via-transparent to-black/50" />
        <div className="absolute inset-x-0 top-0 flex justify-between p-1.5">
          <IconButton label={UI.back} onClick={goBack} className={overlayButton}>
            <ChevronLeft aria-hidden size={24} />
          </IconButton>
        </div>
      </div>
      <div className="relative flex gap-4 px-4 lg:gap-8 lg:px-8">
        <Poster
          src={movie.poster_url}
          title={movie.title}
          movieId={movie.id}
          sizes="(min-width: 1024px) 192px, (min-width: 640px) 144px, 112px"
          loading="eager"
          className="-mt-16 w-28 shrink-0 shadow-lg ring-2 ring-white sm:-mt-24 sm:w-36 lg:-mt-32 lg:w-48"
        />
        <div className="min-w-0 flex-1 pt-3 lg:pt-5">
          <h1 className="text-2xl leading-tight font-extrabold text-gray-900 sm:text-3xl lg:text-4xl">{movie.title}</h1>
          {movie.original_title && movie.original_title !== movie.title ? (
            <p className="mt-0.5 truncate text-sm text-gray-500" lang="">
              <span className="sr-only">{MOVIES.originalTitle} </span>
              {movie.original_title}
            </p>
          ) : null}
          <p className="mt-1.5 text-sm text-gray-700">{movieFacts(movie)}</p>
          {details.length > 0 ? <p className="mt-0.5 text-sm text-gray-700">{details.join(" · ")}</p> : null}
          <p className="mt-1.5 inline-flex items-center gap-1 text-sm text-gray-700">
            <span>{MOVIES.average}</span>
            <Star aria-hidden size={14} strokeWidth={0} className="fill-star" />
            {movie.average_rating !== null ? (
              <>
                <span className="font-bold text-gray-900">{movie.average_rating.toFixed(1)}</span>
                <span className="text-gray-500">{MOVIES.ratingsCount(movie.ratings_count)}</span>
              </>
            ) : (
              <span className="text-gray-500">{MOVIES.noRatings}</span>
            )}
          </p>
        </div>
      </div>
    </header>
  );
}
