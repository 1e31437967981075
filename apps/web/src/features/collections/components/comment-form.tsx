// The post box of a collection's comments: non-empty trimmed text up to 10000 characters (SPEC §5); visitors get
// the login-required overlay; a failure alerts SPEC §8's "comment registration failed" and logs its line.
import { LOG, MSG } from "@moviepedia/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../../shared/ui/button";
import { useRequireLogin } from "../../../shared/ui/login-required";
import { TextAreaWithCounter } from "../../../shared/ui/text-area-with-counter";
import { collectionQueries } from "../api/collections-api";
import { postComment } from "../api/comments-api";
import { COLLECTIONS } from "../strings";

export function CommentForm({ collectionId }: { collectionId: number }) {
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
      window.alert(MSG.commentRegistrationFailed);
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
