// /comments/:movieId/:commentId: one review in full with its replies. Its author can edit the comment (modal) or
// delete it (content "" through PUT …/mine, keeping rating and status) right here.
import type { Review } from "@moviepedia/contract";
import { useQuery } from "@tanstack/react-query";
import { EyeOff } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useNumericParam } from "../../../shared/hooks";
import { isNotFound } from "../../../shared/lib/api";
import { useAuth } from "../../../shared/lib/auth";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { Loading } from "../../../shared/ui/loading";
import { NotFoundView } from "../../../shared/ui/not-found-view";
import { PageHeader } from "../../../shared/ui/page-header";
import { UI } from "../../../shared/ui/strings";
import { movieQueries } from "../../movies";
import { reviewQueries } from "../api/reviews-api";
import { useCommentDialogs } from "../components/comment-dialogs";
import { ReplyList } from "../components/reply-list";
import { ReviewCard } from "../components/review-card";
import { useBlockedIds } from "../hooks/use-blocked-ids";
import { useMyReview } from "../hooks/use-my-review";
import { REVIEWS } from "../strings";

const ownerButton =
  "rounded px-2 py-1 text-sm text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-accent";

function OwnerActions({ review, movieTitle }: { review: Review; movieTitle: string }) {
  const navigate = useNavigate();
  const mine = useMyReview(review.movie_id);
  const dialogs = useCommentDialogs(mine, movieTitle, (deleted) => {
    if (deleted) void navigate(`/movies/${review.movie_id}`, { replace: true });
  });
  return (
    <>
      <button type="button" className={ownerButton} onClick={dialogs.openEdit} aria-haspopup="dialog">
        {REVIEWS.edit}
      </button>
      <button type="button" className={ownerButton} onClick={dialogs.openDelete} aria-haspopup="dialog">
        {REVIEWS.delete}
      </button>
      {dialogs.dialogs}
      {mine.error ? (
        <span role="alert" className="basis-full text-right text-xs text-red-600">
          {mine.error}
        </span>
      ) : null}
    </>
  );
}

/** In place of a review whose author the reader blocked (opened by link: single GETs are not filtered, §1.9). */
function BlockedNotice({ onShow }: { onShow: () => void }) {
  return (
    <section
      data-testid="blocked-author"
      className="m-4 flex flex-col items-center gap-2 rounded-xl bg-gray-50 px-4 py-8 text-center"
    >
      <EyeOff aria-hidden size={24} className="text-gray-400" />
      <h2 className="text-[15px] font-semibold text-gray-800">{REVIEWS.blockedAuthor}</h2>
      <p className="text-sm text-gray-500">{REVIEWS.blockedAuthorHint}</p>
      <Button variant="secondary" size="sm" onClick={onShow} className="mt-2">
        {REVIEWS.showBlocked}
      </Button>
    </section>
  );
}

function CommentBody({ reviewId, movieId }: { reviewId: number; movieId: number }) {
  const { userId } = useAuth();
  const blockedIds = useBlockedIds();
  const [revealed, setRevealed] = useState(false);
  const query = useQuery(reviewQueries.detail(reviewId));
  const review = query.data;
  // The review knows its movie; the address's movie id only stands in until it has loaded.
  const movie = useQuery(movieQueries.detail(review?.movie_id ?? movieId));
  if (isNotFound(query.error)) return <NotFoundView title={null} message={REVIEWS.reviewNotFound} />;
  if (query.isPending) return <Loading />;
  if (!review) {
    return (
      <EmptyState message={REVIEWS.reviewNotFound}>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {UI.retry}
          </Button>
          <Link to={`/movies/${movieId}`} className="inline-flex h-8 items-center px-3 text-sm text-accent">
            {REVIEWS.toMovie}
          </Link>
        </div>
      </EmptyState>
    );
  }
  const title = movie.data?.title ?? "";
  return (
    <>
      {movie.data ? (
        <p className="px-4 pt-4 text-sm text-gray-500">
          <Link to={`/movies/${review.movie_id}`} className="font-semibold text-gray-800 hover:underline">
            {movie.data.title}
          </Link>
          <span className="ml-1">{movie.data.year}</span>
        </p>
      ) : null}
      {blockedIds.includes(review.user_id) && !revealed ? (
        <BlockedNotice onShow={() => setRevealed(true)} />
      ) : (
        <>
          <ReviewCard
            review={review}
            variant="full"
            actions={review.user_id === userId ? <OwnerActions review={review} movieTitle={title} /> : null}
          />
          <ReplyList reviewId={review.id} count={review.comments_count} />
        </>
      )}
    </>
  );
}

export default function CommentPage() {
  const movieId = useNumericParam("movieId");
  const reviewId = useNumericParam("commentId");
  return (
    <>
      <PageHeader title={REVIEWS.commentsTitle} backFallback={movieId === null ? "/" : `/movies/${movieId}/comments`} />
      {movieId === null || reviewId === null ? (
        <EmptyState message={REVIEWS.reviewNotFound} />
      ) : (
        <CommentBody reviewId={reviewId} movieId={movieId} />
      )}
    </>
  );
}
