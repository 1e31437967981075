// The post box of a collection's comments: non-empty trimmed text up to 10000 characters (SPEC §5); visitors get a
// box that asks them to log in before they type; a failure shows SPEC §8's "comment registration failed" in a toast,
// keeps the text and logs its line.
import { LOG, MSG } from "@moviepedia/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../../shared/ui/button";
import { useAuth } from "../../../shared/lib/auth";
import { useRequireLogin } from "../../../shared/ui/login-required";
import { TextAreaWithCounter } from "../../../shared/ui/text-area-with-counter";
import { showToast } from "../../../shared/ui/toast";
import { VisitorWritePrompt } from "../../../shared/ui/visitor-write-prompt";
import { collectionQueries } from "../api/collections-api";
import { postComment } from "../api/comments-api";
import { COLLECTIONS } from "../strings";

export function CommentForm({ collectionId }: { collectionId: number }) {
  const { isLoggedIn } = useAuth();
  if (!isLoggedIn) {
    return (
      <div className="mt-3">
        <VisitorWritePrompt />
      </div>
    );
  }
  return <MemberCommentForm collectionId={collectionId} />;
}

function MemberCommentForm({ collectionId }: { collectionId: number }) {
  const client = useQueryClient();
  const requireLogin = useRequireLogin();
  const [text, setText] = useState("");
  const post = useMutation({
    mutationFn: (content: string) => postComment(collectionId, content),
    onSuccess: () => {
      setText("");
      void client.invalidateQueries({ queryKey: collectionQueries.detail(collectionId).queryKey });
    },
    onError: (error) => {
      console.error(LOG.commentRegistration, error);
      showToast(MSG.commentRegistrationFailed, "error");
    },
  });
  const blank = text.trim() === "";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || post.isPending) return;
    requireLogin(() => post.mutate(text));
  }

  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-2">
      <TextAreaWithCounter
        label={COLLECTIONS.commentLabel}
        hideLabel
        value={text}
        onChange={setText}
        placeholder={COLLECTIONS.commentPlaceholder}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={blank || post.isPending}>
          {COLLECTIONS.commentSubmit}
        </Button>
      </div>
    </form>
  );
}
