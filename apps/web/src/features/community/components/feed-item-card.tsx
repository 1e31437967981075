// One item of 소식 (issue #21): who, what ("3편 평가", 코멘트, 보고싶어요, 새 컬렉션, 컬렉션에 N편 추가), when, and the
// films — posters linking to their pages, a review's text (spoilers folded), a collection's title.
import type { CompactMovie, FeedItem } from "@moviepedia/contract";
import { Link } from "react-router";
import { Avatar } from "../../../shared/ui/avatar";
import { Poster } from "../../../shared/ui/poster";
import { relativeTime } from "../lib/relative-time";
import { COMMUNITY } from "../strings";

function action(item: FeedItem): string {
  switch (item.type) {
    case "rating":
      return item.count > 1 || !item.review ? COMMUNITY.rated(item.count) : COMMUNITY.ratedOne(item.review.rating);
    case "review":
      return COMMUNITY.wrote;
    case "want":
      return COMMUNITY.wants;
    case "collection":
      return COMMUNITY.newCollection;
    case "collection_add":
      return COMMUNITY.addedToCollection(item.count);
  }
}

function PosterRow({ movies }: { movies: CompactMovie[] }) {
  return (
    <ul className="flex gap-2 overflow-x-auto pb-1">
      {movies.map((movie) => (
        <li key={movie.id} className="w-[84px] shrink-0">
          <Link
            to={`/movies/${movie.id}`}
            className="block rounded-md focus-visible:outline-2 focus-visible:outline-accent"
          >
            <Poster src={movie.poster_url} title={movie.title} />
            <span className="mt-1 block truncate text-xs text-gray-700">{movie.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ReviewBody({ item }: { item: FeedItem }) {
  const movie = item.movies[0];
  const review = item.review;
  if (!movie) return null;
  const to = review && item.type === "review" ? `/comments/${movie.id}/${review.id}` : `/movies/${movie.id}`;
  return (
    <Link
      to={to}
      className="flex gap-3 rounded-lg p-1 -m-1 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <Poster src={movie.poster_url} title={movie.title} className="w-16 shrink-0" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-gray-900">{movie.title}</span>
        <span className="block text-xs text-gray-500">
          {movie.year}
          {movie.genres.length ? ` · ${movie.genres.slice(0, 2).join(", ")}` : ""}
        </span>
        {review && review.rating > 0 ? (
          <span className="mt-1 block text-sm font-semibold text-star">★ {review.rating.toFixed(1)}</span>
        ) : null}
        {item.type === "review" && review ? (
          <span className="mt-1 line-clamp-3 block text-sm whitespace-pre-line text-gray-700">
            {review.spoiler ? COMMUNITY.spoiler : review.content}
          </span>
        ) : null}
      </span>
    </Link>
  );
}

export function FeedItemCard({ item }: { item: FeedItem }) {
  const grouped = item.type === "rating" && item.movies.length > 1;
  return (
    <article className="border-b border-gray-100 px-4 py-4" data-feed-item={item.id}>
      <header className="mb-3 flex items-center gap-2.5">
        <Link
          to={`/profile/${item.user.id}`}
          className="shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-accent"
        >
          <Avatar src={item.user.profile_url} name={item.user.username} size={36} decorative />
        </Link>
        <p className="min-w-0 flex-1 text-sm text-gray-700">
          <Link to={`/profile/${item.user.id}`} className="font-semibold text-gray-900 hover:underline">
            {item.user.username}
          </Link>
          <span className="ml-1.5">{action(item)}</span>
        </p>
        <time dateTime={`${item.created_at}Z`} className="shrink-0 text-xs text-gray-400">
          {relativeTime(item.created_at)}
        </time>
      </header>
      {item.type === "collection" || item.type === "collection_add" ? (
        <div className="space-y-2">
          {item.collection ? (
            <Link
              to={`/collections/${item.collection.id}`}
              className="block font-semibold text-gray-900 hover:underline"
            >
              {item.collection.title}
            </Link>
          ) : null}
          <PosterRow movies={item.movies} />
        </div>
      ) : grouped ? (
        <PosterRow movies={item.movies} />
      ) : (
        <ReviewBody item={item} />
      )}
    </article>
  );
}
