// One reply: author, Korea-time date, text, like toggle; the author also gets 수정 (modal) and 삭제 (confirm).
import type { Reply } from "@moviepedia/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useAuth } from "../../../shared/lib/auth";
import { formatKstDateTime } from "../../../shared/lib/time";
import { Avatar } from "../../../shared/ui/avatar";
import { ConfirmDialog } from "../../../shared/ui/confirm-dialog";
import { ErrorText } from "../../../shared/ui/error-text";
import { deleteReply, editReply, replyQueries, toggleReplyLike } from "../api/replies-api";
import { replaceCachedItem } from "../api/review-cache";
import { reviewQueries } from "../api/reviews-api";
import { useLikeToggle } from "../hooks/use-like-toggle";
import { REVIEWS } from "../strings";
import { LikeButton } from "./like-button";
import { TextEditDialog } from "./text-edit-dialog";

const textButton =
  "rounded px-2 py-1 text-xs text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-accent";

export function ReplyItem({ reply }: { reply: Reply }) {
  const client = useQueryClient();
  const { userId } = useAuth();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const replace = (next: Reply) => replaceCachedItem(client, replyQueries.all, next);
  const like = useLikeToggle(reply, toggleReplyLike, replace);
  const own = userId === reply.user_id;

  async function save(content: string): Promise<boolean> {
    try {
      await replace(await editReply(reply.id, content));
      return true;
    } catch (error) {
      console.error("Failed to update reply", error);
      return false;
    }
  }

  async function remove() {
    setDeleteFailed(false);
    try {
      await deleteReply(reply.id);
      void client.invalidateQueries({ queryKey: replyQueries.list(reply.review_id) });
      void client.invalidateQueries({ queryKey: reviewQueries.all });
    } catch (error) {
      console.error("Failed to delete reply", error);
      setDeleteFailed(true);
    }
  }

  return (
    <article
      id={`reply-${reply.id}`}
      aria-label={`${reply.user_name}의 댓글`}
      className="flex scroll-mt-16 gap-3 px-4 py-3"
    >
      <Link to={`/profile/${reply.user_id}`} aria-label={REVIEWS.profileOf(reply.user_name)} className="shrink-0">
        <Avatar src={reply.profile_url} name={reply.user_name} size={32} artId={reply.user_id} decorative />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <Link
            to={`/profile/${reply.user_id}`}
            className="truncate text-sm font-semibold text-gray-900 hover:underline"
          >
            {reply.user_name}
          </Link>
          <time dateTime={`${reply.created_at}Z`} className="shrink-0 text-xs text-gray-500">
            {formatKstDateTime(reply.created_at)}
          </time>
        </div>
        <p className="mt-1 text-[15px] leading-relaxed whitespace-pre-line text-gray-800">{reply.content}</p>
        <div className="mt-1 flex items-center gap-1">
          <LikeButton like={like.like} count={like.count} onPress={like.press} />
          {own ? (
            <>
              <button type="button" className={textButton} onClick={() => setEditing(true)} aria-haspopup="dialog">
                {REVIEWS.edit}
              </button>
              <button type="button" className={textButton} onClick={() => setDeleting(true)} aria-haspopup="dialog">
                {REVIEWS.delete}
              </button>
            </>
          ) : null}
        </div>
        {deleteFailed ? <ErrorText>{REVIEWS.replyDeleteFailed}</ErrorText> : null}
      </div>
      {own ? (
        <>
          <TextEditDialog
            open={editing}
            onOpenChange={setEditing}
            title={REVIEWS.replyEditTitle}
            fieldLabel={REVIEWS.replyField}
            initialContent={reply.content}
            onSave={save}
            failedMessage={REVIEWS.replyEditFailed}
          />
          <ConfirmDialog
            open={deleting}
            onOpenChange={setDeleting}
            title={REVIEWS.replyDeleteTitle}
            message={REVIEWS.replyDeleteConfirm}
            confirmLabel={REVIEWS.delete}
            destructive
            onConfirm={remove}
          />
        </>
      ) : null}
    </article>
  );
}
