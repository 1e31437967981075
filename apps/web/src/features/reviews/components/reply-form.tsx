// Posting a reply: non-blank text up to 10000 characters with the live counter; visitors see a box that asks them to
// log in before they type.
import { LOG } from "@moviepedia/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../../shared/ui/button";
import { ErrorText } from "../../../shared/ui/error-text";
import { useAuth } from "../../../shared/lib/auth";
import { useRequireLogin } from "../../../shared/ui/login-required";
import { TextAreaWithCounter } from "../../../shared/ui/text-area-with-counter";
import { VisitorWritePrompt } from "../../../shared/ui/visitor-write-prompt";
import { createReply, replyQueries } from "../api/replies-api";
import { reviewQueries } from "../api/reviews-api";
import { REVIEWS } from "../strings";

export function ReplyForm({ reviewId }: { reviewId: number }) {
  const { isLoggedIn } = useAuth();
  if (!isLoggedIn) {
    return (
      <div className="px-4 py-3">
        <VisitorWritePrompt />
      </div>
    );
  }
  return <MemberReplyForm reviewId={reviewId} />;
}

function MemberReplyForm({ reviewId }: { reviewId: number }) {
  const client = useQueryClient();
  const requireLogin = useRequireLogin();
  const [content, setContent] = useState("");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const blank = content.trim() === "";

  async function post() {
    setBusy(true);
    setFailed(false);
    try {
      await createReply(reviewId, content);
      setContent("");
      void client.invalidateQueries({ queryKey: replyQueries.list(reviewId) });
      void client.invalidateQueries({ queryKey: reviewQueries.all });
    } catch (error) {
      console.error(LOG.commentRegistration, error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || blank) return;
    requireLogin(() => void post());
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 px-4 py-3">
      <TextAreaWithCounter
        label={REVIEWS.replyField}
        hideLabel
        value={content}
        onChange={setContent}
        placeholder={REVIEWS.replyPlaceholder}
        className="min-h-24!"
      />
      {failed ? <ErrorText>{REVIEWS.replyFailed}</ErrorText> : null}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={busy || blank}>
          {REVIEWS.replySubmit}
        </Button>
      </div>
    </form>
  );
}
