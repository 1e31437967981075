// The top of a collection page: owner (→ profile), title, overview, counts, and the like / comments / share row.
import type { Collection } from "@moviepedia/contract";
import { useQuery } from "@tanstack/react-query";
import { MessageCircle, Share2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../shared/ui/avatar";
import { LikeIcon } from "../../../shared/ui/like-icon";
import { profileQueries } from "../../profile";
import { useCollectionLike } from "../hooks/use-collection-like";
import { shareCollection } from "../lib/share";
import { COLLECTIONS } from "../strings";

function Owner({ userId }: { userId: number }) {
  const { data: owner, isPending } = useQuery(profileQueries.profile(userId));
  if (isPending) return <div className="h-8 w-32 animate-pulse rounded-full bg-gray-100" aria-hidden />;
  if (!owner) return null;
  return (
    <Link
      to={`/profile/${userId}`}
      className="inline-flex max-w-full items-center gap-2 rounded-full pr-2 text-sm font-semibold text-gray-800 hover:underline focus-visible:outline-2 focus-visible:outline-accent"
    >
      <Avatar src={owner.profile_url} name={owner.username} size={32} artId={owner.id} decorative />
      <span className="truncate">{owner.username}</span>
    </Link>
  );
}

function ActionButton({
  icon,
  label,
  onClick,
  pressed,
  disabled,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  pressed?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={pressed}
      disabled={disabled}
      className="flex flex-1 flex-col items-center gap-1 py-3 text-[13px] font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent disabled:opacity-50"
    >
      {icon}
      {label}
    </button>
  );
}

export function CollectionSummary({
  collection,
  onJumpToComments,
}: {
  collection: Collection;
  onJumpToComments: () => void;
}) {
  const like = useCollectionLike(collection.id);
  return (
    <section aria-labelledby="collection-title" className="px-4 pt-5">
      <Owner userId={collection.user_id} />
      <h2 id="collection-title" className="mt-3 text-2xl leading-snug font-extrabold text-gray-900">
        {collection.title}
      </h2>
      {collection.overview ? (
        <p className="mt-2 text-[15px] leading-relaxed whitespace-pre-line text-gray-700">{collection.overview}</p>
      ) : null}
      <p className="mt-3 text-sm text-gray-500">
        {COLLECTIONS.movieCount(collection.movie_count)} · {COLLECTIONS.likeCount(collection.likes_count)} ·{" "}
        {COLLECTIONS.commentCount(collection.comments_count)}
      </p>
      <div className="mt-4 flex divide-x divide-gray-100 border-y border-gray-100">
        <ActionButton
          icon={<LikeIcon liked={collection.like} size={22} className={collection.like ? "" : "text-gray-700"} />}
          label={COLLECTIONS.like}
          pressed={collection.like}
          disabled={like.pending}
          onClick={like.toggle}
        />
        <ActionButton
          icon={<MessageCircle aria-hidden size={22} />}
          label={COLLECTIONS.toComments}
          onClick={onJumpToComments}
        />
        <ActionButton
          icon={<Share2 aria-hidden size={22} />}
          label={COLLECTIONS.share}
          onClick={() => void shareCollection(collection.id)}
        />
      </div>
    </section>
  );
}
