// The comment-edit modal (SPEC §2): seeded with the comment's text; saves non-empty trimmed text.
import { errorMessage, type CollectionComment } from "@moviepedia/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isApiError } from "../../../shared/lib/api";
import { Button } from "../../../shared/ui/button";
import { Dialog } from "../../../shared/ui/dialog";
import { ErrorText } from "../../../shared/ui/error-text";
import { TextAreaWithCounter } from "../../../shared/ui/text-area-with-counter";
import { editComment, replaceCachedComment } from "../api/comments-api";
import { COLLECTIONS } from "../strings";

export interface CommentEditDialogProps {
  comment: CollectionComment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CommentEditDialog({ comment, open, onOpenChange }: CommentEditDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={COLLECTIONS.commentEditTitle} showClose>
      {/* Mounted per opening, so every edit starts from the comment's current text. */}
      {open ? <EditForm comment={comment} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function EditForm({ comment, onDone }: { comment: CollectionComment; onDone: () => void }) {
  const client = useQueryClient();
  const [text, setText] = useState(comment.content);
  const save = useMutation({
    mutationFn: (content: string) => editComment(comment.id, content),
    onSuccess: (updated) => {
      replaceCachedComment(client, updated);
      onDone();
    },
    onError: (error) => console.error("Failed to edit collection comment", error),
  });
  const blank = text.trim() === "";
  const failure = save.error
    ? isApiError(save.error) && save.error.status < 500
      ? errorMessage(save.error.code)
      : COLLECTIONS.commentEditFailed
    : null;

  return (
    <form
      className="mt-4 flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank && !save.isPending) save.mutate(text);
      }}
    >
      <TextAreaWithCounter label={COLLECTIONS.commentEditLabel} hideLabel value={text} onChange={setText} autoFocus />
      {failure ? <ErrorText>{failure}</ErrorText> : null}
      <div className="flex gap-2">
        <Button variant="secondary" block onClick={onDone} disabled={save.isPending}>
          {COLLECTIONS.cancel}
        </Button>
        <Button type="submit" block disabled={blank || save.isPending}>
          {COLLECTIONS.commentEditSave}
        </Button>
      </div>
    </form>
  );
}
