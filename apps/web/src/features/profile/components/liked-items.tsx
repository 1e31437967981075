// The rows of the likes page's tabs: a liked person, collection or review (코멘트).
import type { Collection, Person } from "@moviepedia/contract";
import { Heart, Star } from "lucide-react";
import { Link } from "react-router";
import { Avatar } from "../../../shared/ui/avatar";
import { Poster } from "../../../shared/ui/poster";
import type { ReviewWithMovie } from "../api/lists-api";
import { PROFILE } from "../strings";
import { MemberRow } from "./member-row";

const CARD =
  "block rounded-xl border border-gray-200 p-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent";

export function LikedPersonRow({ person }: { person: Person }) {
  return (
    <MemberRow
      href={`/people/${person.id}`}
      name={person.name}
      imageUrl={person.profile_url}
      detail={PROFILE.roles(person.roles)}
    />
  );
}

export function LikedCollectionCard({ collection }: { collection: Collection }) {
  return (
    <li>
      <Link to={`/collections/${collection.id}`} className={CARD}>
        <p className="truncate text-[15px] font-bold text-gray-900">{collection.title}</p>
        {collection.overview ? <p className="mt-0.5 line-clamp-2 text-sm text-gray-600">{collection.overview}</p> : null}
        {collection.movies.length > 0 ? (
          <div className="mt-3 grid grid-cols-4 gap-2">
            {collection.movies.slice(0, 4).map((movie) => (
              <Poster key={movie.id} src={movie.poster_url} title={movie.title} />
            ))}
          </div>
        ) : null}
        <p className="mt-2 text-xs text-gray-500">
          {PROFILE.movieCount(collection.movie_count)} · {PROFILE.likesCount(collection.likes_count)}
        </p>
      </Link>
    </li>
  );
}

export function LikedReviewCard({ item }: { item: ReviewWithMovie }) {
  const { review, movie } = item;
  const title = movie?.title ?? PROFILE.unknownMovie;
  return (
    <li>
      <Link to={`/comments/${review.movie_id}/${review.id}`} className={`${CARD} flex gap-3`}>
        <Poster
          src={movie?.poster_url ?? `/media/poster/${review.movie_id}.svg`}
          title={title}
          className="w-16 shrink-0"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate text-[15px] font-bold text-gray-900">{title}</p>
          <div className="mt-1 flex items-center gap-2 text-sm text-gray-700">
            <Avatar src={review.profile_url} name={review.user_name} size={20} decorative />
            <span className="truncate">{review.user_name}</span>
            {review.rating > 0 ? (
              <span className="flex shrink-0 items-center gap-0.5 font-semibold">
                <Star aria-hidden size={12} className="fill-star text-star" />
                {review.rating.toFixed(1)}
              </span>
            ) : null}
          </div>
          <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line text-gray-600">
            {review.spoiler ? PROFILE.spoiler : review.content}
          </p>
          <p className="mt-1.5 flex items-center gap-2 text-xs text-gray-500">
            <span className="flex items-center gap-0.5">
              <Heart aria-hidden size={12} className="fill-accent text-accent" />
              {PROFILE.likesCount(review.likes_count)}
            </span>
            <span>{PROFILE.commentsCount(review.comments_count)}</span>
          </p>
        </div>
      </Link>
    </li>
  );
}
