// One collection in a list (a profile's collections, search results, liked collections): its first posters, title,
// movie count and likes, all one link to the collection page.
import { type Collection, COLLECTION_STRIP_MOVIES } from "@moviepedia/contract";
import { Film } from "lucide-react";
import { Link } from "react-router";
import { LikeIcon } from "../../../shared/ui/like-icon";
import { Poster } from "../../../shared/ui/poster";
import { COLLECTIONS } from "../strings";

/** The posters a card shows: the lists that feed it ask for just these (movies_limit). */
const POSTERS = COLLECTION_STRIP_MOVIES;

export function CollectionCard({
  collection,
}: {
  collection: Pick<Collection, "id" | "title" | "movies" | "movie_count" | "likes_count">;
}) {
  const shown = collection.movies.slice(0, POSTERS);
  const blanks = POSTERS - shown.length;
  return (
    <article className="px-4 py-3">
      <Link
        to={`/collections/${collection.id}`}
        className="group block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <div className="grid grid-cols-4 gap-1.5" aria-hidden>
          {shown.map((movie) => (
            <Poster key={movie.id} src={movie.poster_url} title={movie.title} movieId={movie.id} sizes="25vw" />
          ))}
          {Array.from({ length: blanks }, (_, index) => (
            <div key={`blank-${index}`} className="aspect-[2/3] rounded-md bg-gray-100" />
          ))}
        </div>
        <h2 className="mt-2.5 line-clamp-2 text-[15px] font-bold text-gray-900 group-hover:underline">
          {collection.title}
        </h2>
        <p className="mt-1 flex items-center gap-3 text-[13px] text-gray-500">
          <span className="inline-flex items-center gap-1">
            <Film aria-hidden size={14} />
            {COLLECTIONS.movieCount(collection.movie_count)}
          </span>
          <span className="inline-flex items-center gap-1">
            <LikeIcon size={14} />
            {COLLECTIONS.likeCount(collection.likes_count)}
          </span>
        </p>
      </Link>
    </article>
  );
}
