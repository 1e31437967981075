// The member's side of the movie page (SPEC §2, issue 4): the star widget with its Korean label and 예상 별점, the
// action row (보고싶어요, 코멘트, 보는 중, 더보기) and the my-comment box. Every write is PUT …/mine through
// useMyReview; visitors get the login overlay on every action.
import { starLabel } from "@moviepedia/contract";
import { useQuery } from "@tanstack/react-query";
import { Star } from "lucide-react";
import { useState } from "react";
import { useAuth } from "../../../shared/lib/auth";
import { Button } from "../../../shared/ui/button";
import { ErrorText } from "../../../shared/ui/error-text";
import { useRequireLogin } from "../../../shared/ui/login-required";
import { StarRating } from "../../../shared/ui/star-rating";
import { UI } from "../../../shared/ui/strings";
import { predictionQuery } from "../api/predict-api";
import { useMyReview } from "../hooks/use-my-review";
import { nextStatus } from "../lib/status";
import { REVIEWS } from "../strings";
import { useCommentDialogs } from "./comment-dialogs";
import { MyCommentBox } from "./my-comment-box";
import { StatusActions } from "./status-actions";

export interface MovieReviewPanelProps {
  movieId: number;
  movieTitle: string;
  /** After writes settle: the page refetches the movie's average and counts. */
  onSaved: () => void;
  /** 더보기: the page's more menu. */
  onMore: () => void;
}

function Prediction({ movieId }: { movieId: number }) {
  const { data } = useQuery(predictionQuery(movieId));
  if (data === null || data === undefined) return null;
  return (
    <p className="inline-flex items-center gap-1 text-sm text-gray-600">
      {REVIEWS.predicted}
      <Star aria-hidden size={14} strokeWidth={0} className="fill-star" />
      <span className="font-semibold text-gray-900">{data.toFixed(1)}</span>
    </p>
  );
}

export function MovieReviewPanel({ movieId, movieTitle, onSaved, onMore }: MovieReviewPanelProps) {
  const { isLoggedIn } = useAuth();
  const requireLogin = useRequireLogin();
  const mine = useMyReview(movieId, onSaved);
  const comment = useCommentDialogs(mine, movieTitle);
  const [preview, setPreview] = useState<number | null>(null);
  const review = mine.review ?? null;
  const rating = review?.rating ?? 0;
  const loaded = !isLoggedIn || mine.review !== undefined;

  return (
    <>
      <section aria-label={REVIEWS.myRating} className="flex flex-col items-center px-4 pt-5 pb-4">
        <StarRating
          value={rating}
          label={REVIEWS.ratingLabel(movieTitle)}
          onChange={(value) => void mine.save({ rating: value }, "rating")}
          canRate={() => requireLogin()}
          disabled={isLoggedIn && !loaded}
          onPreview={setPreview}
        />
        <p
          aria-hidden
          className={`mt-2 text-sm ${(preview ?? rating) ? "font-semibold text-gray-900" : "text-gray-500"}`}
        >
          {starLabel(preview ?? rating)}
        </p>
        {/* The 예상 별점 line's height is kept while it is absent (rated, loading), so the row below never jumps. */}
        {isLoggedIn ? (
          <div data-slot="prediction" className="mt-1 flex h-6 items-center">
            {loaded && rating === 0 ? <Prediction movieId={movieId} /> : null}
          </div>
        ) : null}
        {mine.isError ? (
          <div className="mt-2 flex items-center gap-2">
            <ErrorText>{REVIEWS.reviewFailed}</ErrorText>
            <Button variant="secondary" size="sm" onClick={mine.refetch}>
              {UI.retry}
            </Button>
          </div>
        ) : null}
      </section>
      <StatusActions
        status={review?.status ?? ""}
        hasComment={Boolean(review?.content)}
        onStatus={(tapped) =>
          requireLogin(() => void mine.save({ status: nextStatus(review?.status ?? "", tapped) }, "status"))
        }
        onComment={() => requireLogin(comment.openEdit)}
        onMore={onMore}
      />
      {mine.error ? <ErrorText className="px-4 pt-3 text-center">{mine.error}</ErrorText> : null}
      <MyCommentBox
        review={review}
        onWrite={() => requireLogin(comment.openEdit)}
        onDelete={() => requireLogin(comment.openDelete)}
      />
      {comment.dialogs}
    </>
  );
}
