// The rows of a member's home (issue #18): 평가하기 with the count so far, 예상 별점 높은 작품 ("예상 ★ 4.3"),
// 보고싶어요 and 친구들이 최근 평가한. Each row has its loading, empty and error states.
import { useQuery } from "@tanstack/react-query";
import { ChevronRight, Star } from "lucide-react";
import { Link } from "react-router";
import { HorizontalPosterRow } from "../../../shared/ui/horizontal-poster-row";
import { analysisQueries } from "../../analysis";
import { recommendQueries } from "../../recommend";
import { homeQueries } from "../api/home-api";
import { HOME } from "../strings";

function RatingEntry({ userId }: { userId: number }) {
  const analysis = useQuery(analysisQueries.rating(userId));
  const count = analysis.data?.rating_num;
  return (
    <div className="px-4 pt-2">
      <Link
        to="/rating"
        className="flex items-center gap-3 rounded-xl bg-accent p-4 text-white transition-colors hover:bg-[#e8265f] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white/20">
          <Star aria-hidden size={20} className="fill-white" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-bold">{HOME.rateTitle}</span>
          <span className="block truncate text-sm text-white/85">
            {count === undefined ? HOME.rateBody : HOME.rateCount(count)}
          </span>
        </span>
        <ChevronRight aria-hidden size={18} className="text-white/70" />
      </Link>
    </div>
  );
}

function PredictedRow({ userId }: { userId: number }) {
  const query = useQuery(recommendQueries.list(userId, "expect"));
  return (
    <HorizontalPosterRow
      title={HOME.predictedTitle}
      loading={query.isPending}
      error={query.isError ? HOME.rowFailed : null}
      emptyMessage={HOME.predictedEmpty}
      more={{ href: "/recommend" }}
      items={(query.data ?? []).map(({ movie, expectedRating }) => ({
        id: movie.id,
        title: movie.title,
        posterUrl: movie.poster_url,
        href: `/movies/${movie.id}`,
        caption: <span className="font-semibold text-accent">{HOME.predicted(expectedRating)}</span>,
      }))}
    />
  );
}

function WatchListRow({ userId }: { userId: number }) {
  const query = useQuery(homeQueries.watchList(userId));
  return (
    <HorizontalPosterRow
      title={HOME.watchListTitle}
      loading={query.isPending}
      error={query.isError ? HOME.rowFailed : null}
      emptyMessage={HOME.watchListEmpty}
      more={{ href: `/profile/${userId}/reviews` }}
      items={(query.data ?? []).map(({ movie }) => ({
        id: movie.id,
        title: movie.title,
        posterUrl: movie.poster_url,
        href: `/movies/${movie.id}`,
        caption: String(movie.year),
      }))}
    />
  );
}

function FriendsRow({ userId }: { userId: number }) {
  const query = useQuery(homeQueries.friends(userId));
  return (
    <HorizontalPosterRow
      title={HOME.friendsTitle}
      loading={query.isPending}
      error={query.isError ? HOME.rowFailed : null}
      emptyMessage={HOME.friendsEmpty}
      items={(query.data ?? []).map(({ movie, userName, review }) => ({
        id: movie.id,
        title: movie.title,
        posterUrl: movie.poster_url,
        href: review?.content ? `/comments/${movie.id}/${review.id}` : `/movies/${movie.id}`,
        caption: HOME.friendVerdict(userName, review?.rating ?? 0, Boolean(review?.content)),
      }))}
    />
  );
}

export function MemberRows({ userId }: { userId: number }) {
  return (
    <>
      <RatingEntry userId={userId} />
      <PredictedRow userId={userId} />
      <WatchListRow userId={userId} />
      <FriendsRow userId={userId} />
    </>
  );
}
