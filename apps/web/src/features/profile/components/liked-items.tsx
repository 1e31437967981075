// The rows of the likes page's tabs: a liked person, collection or review (코멘트).
import type { Collection, Person } from "@moviepedia/contract";
import { Link } from "react-router";
import { Poster } from "../../../shared/ui/poster";
import { CollectionCard } from "../../collections";
import { ReviewCard } from "../../reviews";
import type { ReviewWithMovie } from "../api/lists-api";
import { PROFILE } from "../strings";
import { MemberRow } from "./member-row";

export function LikedPersonRow({ person }: { person: Person }) {
  return (
    <MemberRow
      href={`/people/${person.id}`}
      name={person.name}
      imageUrl={person.profile_url}
      imageKind="person"
      artId={person.id}
      detail={PROFILE.roles(person.roles)}
    />
  );
}

export function LikedCollectionCard({ collection }: { collection: Collection }) {
  return (
    <li>
      <CollectionCard collection={collection} />
    </li>
  );
}

/** The review card of the reviews feature under the movie it is about (the card itself does not name it). */
export function LikedReviewCard({ item }: { item: ReviewWithMovie }) {
  const { review, movie } = item;
  const title = movie?.title ?? PROFILE.unknownMovie;
  return (
    <li>
      <Link
        to={`/movies/${review.movie_id}`}
        className="mb-2 flex items-center gap-2 rounded-md text-sm font-semibold text-gray-800 hover:underline focus-visible:outline-2 focus-visible:outline-accent"
      >
        <Poster
          src={movie?.poster_url ?? `/media/poster/${review.movie_id}.svg`}
          title={title}
          movieId={review.movie_id}
          sizes="32px"
          className="w-8 shrink-0"
        />
        <span className="truncate">{title}</span>
        {movie ? <span className="shrink-0 font-normal text-gray-500">{movie.year}</span> : null}
      </Link>
      <ReviewCard review={review} />
    </li>
  );
}
