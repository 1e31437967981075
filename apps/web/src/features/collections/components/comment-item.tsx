// One collection comment: author (→ profile), Korea-time date, text, like toggle; edit (modal) and delete (confirm)
// for its author only.
import type { CollectionComment } from "@moviepedia/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useAuth } from "../../../shared/lib/auth";
import { formatKstDateTime } from "../../../shared/lib/time";
import { Avatar } from "../../../shared/ui/avatar";
import { ConfirmDialog } from "../../../shared/ui/confirm-dialog";
import { LikeIcon } from "../../../shared/ui/like-icon";
import { useRequireLogin } from "../../../shared/ui/login-required";
import { showToast } from "../../../shared/ui/toast";
import { collectionQueries } from "../api/collections-api";
import { deleteComment, removeCachedComment, replaceCachedComment, toggleCommentLike } from "../api/comments-api";
import { COLLECTIONS } from "../strings";
import { CommentEditDialog } from "./comment-edit-dialog";

const TEXT_BUTTON =
  "rounded px-1.5 py-1 text-[13px] text-gray-500 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-accent";

export function CommentItem({ comment }: { comment: CollectionComment }) {
  const client = useQueryClient();
  const requireLogin = useRequireLogin();
  const { userId: myId } = useAuth();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const mine = myId !== null && myId === comment.user_id;

  const like = useMutation({
    mutationFn: () => toggleCommentLike(comment.id),
    onSuccess: (updated) => replaceCachedComment(client, updated),
    onError: (error) => console.error("Failed to toggle comment like", error),
  });

  async function remove() {
    try {
      await deleteComment(comment.id);
      removeCachedComment(client, comment.collection_id, comment.id);
      // Later windows shift by one after a removal: reload them, and the collection's comment count.
      void client.invalidateQueries({ queryKey: collectionQueries.detail(comment.collection_id).queryKey });
    } catch (error) {
      console.error("Failed to delete collection comment", error);
      showToast(COLLECTIONS.commentDeleteFailed, "error");
    }
  }

  return (
    <article className="flex gap-3 px-4 py-4">
      {/* The name below is the same link for keyboards and screen readers; the picture is a larger mouse target. */}
      <Link to={`/profile/${comment.user_id}`} tabIndex={-1} aria-hidden className="shrink-0 rounded-full">
        <Avatar src={comment.profile_url} name={comment.user_name} size={36} artId={comment.user_id} decorative />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <Link
            to={`/profile/${comment.user_id}`}
            className="truncate text-sm font-semibold text-gray-900 hover:underline"
          >
            {comment.user_name}
          </Link>
          <time dateTime={`${comment.created_at}Z`} className="shrink-0 text-xs text-gray-500">
            {formatKstDateTime(comment.created_at)}
          </time>
        </div>
        <p className="mt-1 text-[15px] leading-relaxed whitespace-pre-line text-gray-800">{comment.content}</p>
        <div className="mt-2 flex items-center gap-1">
          <button
            type="button"
            aria-pressed={comment.like}
            aria-label={COLLECTIONS.commentLike(comment.user_name)}
            disabled={like.isPending}
            onClick={() => requireLogin(() => like.mutate())}
            className={`inline-flex items-center gap-1 ${TEXT_BUTTON}`}
          >
            <LikeIcon liked={comment.like} size={15} />
            <span>{comment.likes_count}</span>
          </button>
          {mine ? (
            <>
              <button
                type="button"
                className={`ml-auto ${TEXT_BUTTON}`}
                aria-label={COLLECTIONS.commentMenuEdit}
                onClick={() => setEditing(true)}
              >
                {COLLECTIONS.edit}
              </button>
              <button
                type="button"
                className={TEXT_BUTTON}
                aria-label={COLLECTIONS.commentMenuDelete}
                onClick={() => setDeleting(true)}
              >
                {COLLECTIONS.delete}
              </button>
            </>
          ) : null}
        </div>
      </div>
      {mine ? (
        <>
          <CommentEditDialog comment={comment} open={editing} onOpenChange={setEditing} />
          <ConfirmDialog
            open={deleting}
            onOpenChange={setDeleting}
            title={COLLECTIONS.commentDeleteTitle}
            message={COLLECTIONS.commentDeleteMessage}
            confirmLabel={COLLECTIONS.delete}
            destructive
            onConfirm={remove}
          />
        </>
      ) : null}
    </article>
  );
}
