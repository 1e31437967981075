// Rows of the search tabs: a movie, a person, a member (with their review count).
import type { Movie, Person, UserProfile } from "@moviepedia/contract";
import { Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../shared/ui/avatar";
import { Poster } from "../../../shared/ui/poster";
import { SEARCH } from "../strings";
import { ROW_POSTER_SIZES } from "../lib/first-posters";

function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 px-4 py-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
    >
      {children}
    </Link>
  );
}

/** `eager` for the first rows, which are on screen when the results appear. */
export function MovieRow({ movie, eager = false }: { movie: Movie; eager?: boolean }) {
  return (
    <RowLink to={`/movies/${movie.id}`}>
      <Poster
        src={movie.poster_url}
        title={movie.title}
        movieId={movie.id}
        sizes={ROW_POSTER_SIZES}
        className="w-14 shrink-0"
        loading={eager ? "eager" : "lazy"}
      />
      <div className="min-w-0 flex-1">
        <p className="truncate text-[15px] font-semibold text-gray-900">{movie.title}</p>
        <p className="truncate text-[13px] text-gray-500">{[String(movie.year), ...movie.countries].join(" · ")}</p>
        {movie.genres.length > 0 ? (
          <p className="truncate text-[13px] text-gray-500">{movie.genres.join(", ")}</p>
        ) : null}
      </div>
      {movie.average_rating !== null ? (
        <span className="inline-flex shrink-0 items-center gap-0.5 text-[13px] text-gray-600">
          <Star aria-hidden size={13} className="fill-star text-star" />
          <span className="sr-only">{SEARCH.averageRating}</span>
          {movie.average_rating.toFixed(1)}
        </span>
      ) : null}
    </RowLink>
  );
}

export function PersonRow({ person }: { person: Person }) {
  return (
    <RowLink to={`/people/${person.id}`}>
      <Avatar src={person.profile_url} name={person.name} size={48} kind="person" artId={person.id} decorative />
      <div className="min-w-0 flex-1">
        <p className="truncate text-[15px] font-semibold text-gray-900">{person.name}</p>
        {person.roles.length > 0 ? <p className="text-[13px] text-gray-500">{person.roles.join(" · ")}</p> : null}
      </div>
    </RowLink>
  );
}

export function UserRow({ user }: { user: UserProfile }) {
  return (
    <RowLink to={`/profile/${user.id}`}>
      <Avatar src={user.profile_url} name={user.username} size={48} artId={user.id} decorative />
      <div className="min-w-0 flex-1">
        <p className="truncate text-[15px] font-semibold text-gray-900">{user.username}</p>
        <p className="text-[13px] text-gray-500">
          {SEARCH.reviewCount(user.review_count)} · {SEARCH.followerCount(user.follower_count)}
        </p>
      </div>
    </RowLink>
  );
}
