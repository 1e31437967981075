// A member's review as a poster tile: the movie's poster and title, and that member's rating (★ 4.0) or status.
import { Star } from "lucide-react";
import { Link } from "react-router";
import { Poster } from "../../../shared/ui/poster";
import type { ReviewWithMovie } from "../api/lists-api";
import { PROFILE } from "../strings";

function verdict({ rating, status }: ReviewWithMovie["review"]): string {
  if (rating > 0) return PROFILE.rating(rating);
  if (status === "WatchList") return PROFILE.watchList;
  if (status === "Watching") return PROFILE.watching;
  return PROFILE.commentOnly;
}

export function ReviewPosterCard({ item, eager }: { item: ReviewWithMovie; eager: boolean }) {
  const title = item.movie?.title ?? PROFILE.unknownMovie;
  const rated = item.review.rating > 0;
  return (
    <li>
      <Link
        to={`/movies/${item.review.movie_id}`}
        className="group block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <Poster
          src={item.movie?.poster_url ?? `/media/poster/${item.review.movie_id}.svg`}
          title={title}
          movieId={item.review.movie_id}
          sizes="(min-width: 640px) 200px, 33vw"
          loading={eager ? "eager" : "lazy"}
        />
        <p className="mt-1.5 truncate text-sm font-medium text-gray-900 group-hover:underline">{title}</p>
        <p className={`flex items-center gap-0.5 text-xs ${rated ? "font-semibold text-gray-700" : "text-gray-500"}`}>
          {rated ? <Star aria-hidden size={12} className="fill-star text-star" /> : null}
          {rated ? item.review.rating.toFixed(1) : verdict(item.review)}
        </p>
      </Link>
    </li>
  );
}
