// The member's comment dialogs, shared by the movie page and the comment page: the edit modal (save = PUT with
// content and spoiler) and "코멘트 삭제" (PUT with content "", keeping rating and status) behind a confirm dialog.
import { MSG } from "@moviepedia/contract";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../../shared/ui/confirm-dialog";
import type { MyReview } from "../hooks/use-my-review";
import { REVIEWS } from "../strings";
import { TextEditDialog } from "./text-edit-dialog";

export interface CommentDialogs {
  openEdit: () => void;
  openDelete: () => void;
  dialogs: ReactNode;
}

export function useCommentDialogs(
  mine: MyReview,
  movieTitle: string,
  onDeleted?: (saved: boolean) => void,
): CommentDialogs {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const review = mine.review ?? null;

  const dialogs = (
    <>
      <TextEditDialog
        open={editing}
        onOpenChange={setEditing}
        title={REVIEWS.commentDialogTitle(movieTitle)}
        fieldLabel={REVIEWS.commentField}
        placeholder={REVIEWS.commentPlaceholder}
        initialContent={review?.content ?? ""}
        initialSpoiler={review?.spoiler ?? false}
        onSave={(content, spoiler) => mine.save({ content, spoiler }, "comment")}
        failedMessage={MSG.saveReviewFailed}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={REVIEWS.deleteCommentLong}
        message={REVIEWS.deleteCommentConfirm}
        destructive
        confirmLabel={REVIEWS.delete}
        onConfirm={async () => {
          const saved = await mine.save({ content: "", spoiler: false }, "deleteComment");
          onDeleted?.(saved);
        }}
      />
    </>
  );
  return { openEdit: () => setEditing(true), openDelete: () => setDeleting(true), dialogs };
}
