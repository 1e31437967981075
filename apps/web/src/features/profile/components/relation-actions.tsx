// Follow and block buttons of another member's profile, with SPEC §4's hiding rules, a confirm before blocking and
// the login-required overlay for visitors.
import { errorMessage, type UserProfile } from "@moviepedia/contract";
import { useState } from "react";
import { isApiError } from "../../../shared/lib/api";
import { Button } from "../../../shared/ui/button";
import { ConfirmDialog } from "../../../shared/ui/confirm-dialog";
import { ErrorText } from "../../../shared/ui/error-text";
import { useRequireLogin } from "../../../shared/ui/login-required";
import { type RelationAction, useRelationMutation } from "../api/social-api";
import { relationButtons } from "../lib/relation-buttons";
import { PROFILE } from "../strings";

function failureText(error: unknown): string {
  return isApiError(error) && error.status !== 0 && error.status < 500
    ? errorMessage(error.code)
    : PROFILE.actionFailed;
}

export function RelationActions({ profile, myId }: { profile: UserProfile; myId: number | null }) {
  const requireLogin = useRequireLogin();
  const mutation = useRelationMutation(profile.id, myId);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const shown = relationButtons(profile);
  const busy = mutation.isPending;

  function run(action: RelationAction) {
    requireLogin(() => mutation.mutate(action));
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        {shown.follow ? (
          profile.is_following ? (
            <Button
              variant="secondary"
              block
              disabled={busy}
              aria-pressed
              aria-label={PROFILE.unfollowLabel(profile.username)}
              onClick={() => run("unfollow")}
            >
              {PROFILE.unfollow}
            </Button>
          ) : (
            <Button block disabled={busy} aria-pressed={false} onClick={() => run("follow")}>
              {PROFILE.follow}
            </Button>
          )
        ) : null}
        {shown.block ? (
          profile.is_blocked ? (
            <Button variant="secondary" block disabled={busy} onClick={() => run("unblock")}>
              {PROFILE.unblock}
            </Button>
          ) : (
            <Button
              variant="secondary"
              block={!shown.follow}
              className={shown.follow ? "w-24 shrink-0" : ""}
              disabled={busy}
              onClick={() => requireLogin(() => setConfirmBlock(true))}
            >
              {PROFILE.block}
            </Button>
          )
        ) : null}
      </div>
      {profile.is_blocked ? <p className="text-sm text-gray-500">{PROFILE.blockedNotice}</p> : null}
      {mutation.isError ? <ErrorText>{failureText(mutation.error)}</ErrorText> : null}
      <ConfirmDialog
        open={confirmBlock}
        onOpenChange={setConfirmBlock}
        title={PROFILE.blockConfirmTitle}
        message={PROFILE.blockConfirmMessage(profile.username)}
        confirmLabel={PROFILE.block}
        destructive
        onConfirm={async () => {
          await mutation.mutateAsync("block").catch(() => undefined);
        }}
      />
    </div>
  );
}
