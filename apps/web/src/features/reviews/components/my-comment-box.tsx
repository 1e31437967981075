// The member's own comment on the movie page: its text with 수정 / 삭제, or a prompt to write one.
import type { Review } from "@moviepedia/contract";
import { Link } from "react-router";
import { Avatar } from "../../../shared/ui/avatar";
import { Button } from "../../../shared/ui/button";
import { REVIEWS } from "../strings";

export interface MyCommentBoxProps {
  review: Review | null | undefined;
  onWrite: () => void;
  onDelete: () => void;
}

export function MyCommentBox({ review, onWrite, onDelete }: MyCommentBoxProps) {
  if (!review?.content) {
    return (
      <div className="mx-4 my-4 flex items-center gap-3 rounded-xl bg-gray-50 p-4">
        <p className="min-w-0 flex-1 text-sm text-gray-600">{REVIEWS.writePrompt}</p>
        <Button size="sm" onClick={onWrite} aria-haspopup="dialog">
          {REVIEWS.writeComment}
        </Button>
      </div>
    );
  }
  const linkable = review.id > 0;
  const text = (
    <p className="line-clamp-4 text-[15px] leading-relaxed whitespace-pre-line text-gray-800">{review.content}</p>
  );
  return (
    <section aria-labelledby="my-comment-heading" className="mx-4 my-4 rounded-xl bg-gray-50 p-4">
      <h2 id="my-comment-heading" className="mb-2 text-sm font-bold text-gray-900">
        {REVIEWS.myCommentTitle}
      </h2>
      <div className="flex gap-3">
        <Avatar src={review.profile_url} name={review.user_name} size={36} artId={review.user_id} decorative />
        <div className="min-w-0 flex-1">
          {linkable ? (
            <Link
              to={`/comments/${review.movie_id}/${review.id}`}
              className="block rounded hover:opacity-80 focus-visible:outline-2 focus-visible:outline-accent"
            >
              {text}
            </Link>
          ) : (
            text
          )}
        </div>
      </div>
      <div className="mt-2 flex justify-end gap-1">
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={REVIEWS.deleteCommentLong}>
          {REVIEWS.deleteComment}
        </Button>
        <Button variant="ghost" size="sm" onClick={onWrite} aria-label={REVIEWS.editCommentLong} aria-haspopup="dialog">
          {REVIEWS.editComment}
        </Button>
      </div>
    </section>
  );
}
