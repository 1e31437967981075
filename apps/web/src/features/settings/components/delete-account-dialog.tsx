// 회원 탈퇴: a warning, the password (local accounts) and a red confirm. On success the session ends here and the
// member lands on home with a Korean notice (the app's toast); a wrong password keeps the dialog open with its message.
import type { Me } from "@moviepedia/contract";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { isApiError } from "../../../shared/lib/api";
import { authStore } from "../../../shared/lib/auth";
import { Button } from "../../../shared/ui/button";
import { Dialog } from "../../../shared/ui/dialog";
import { ErrorText } from "../../../shared/ui/error-text";
import { TextField } from "../../../shared/ui/text-field";
import { showToast } from "../../../shared/ui/toast";
import { deleteAccount } from "../api/account-api";
import { SETTINGS } from "../strings";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  loginType: Me["login_type"] | null;
}

export function DeleteAccountDialog({ open, onOpenChange, loginType }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={SETTINGS.deleteTitle}
      description={SETTINGS.deleteMessage}
    >
      {open ? (
        <DeleteForm
          local={loginType !== "kakao" && loginType !== "google"}
          onBusy={setBusy}
          onCancel={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

function DeleteForm({
  local,
  onBusy,
  onCancel,
}: {
  local: boolean;
  onBusy: (busy: boolean) => void;
  onCancel: () => void;
}) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function busyState(next: boolean) {
    setBusy(next);
    onBusy(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (local && password === "") {
      setFieldError(SETTINGS.passwordRequired);
      return;
    }
    busyState(true);
    try {
      await deleteAccount(local ? password : null);
    } catch (error) {
      busyState(false);
      if (isApiError(error) && error.code === "INVALID_CREDENTIALS") setFieldError(SETTINGS.wrongPassword);
      else setFailure(SETTINGS.deleteFailed);
      return;
    }
    // The server already revoked every session; this clears the four stored items (and the cached queries).
    await authStore.logout();
    showToast(SETTINGS.deleted);
    void navigate("/", { replace: true });
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-4">
      {local ? (
        <TextField
          label={SETTINGS.deletePasswordLabel}
          type="password"
          autoComplete="current-password"
          value={password}
          error={fieldError}
          hint={SETTINGS.deletePasswordHint}
          onChange={(event) => {
            setPassword(event.target.value);
            setFieldError(undefined);
          }}
        />
      ) : (
        <p className="text-sm text-gray-500">{SETTINGS.deleteSocialNotice}</p>
      )}
      {failure ? <ErrorText>{failure}</ErrorText> : null}
      <div className="flex gap-2">
        <Button variant="secondary" block disabled={busy} onClick={onCancel}>
          {SETTINGS.cancel}
        </Button>
        <Button type="submit" variant="danger" block disabled={busy}>
          {SETTINGS.deleteConfirm}
        </Button>
      </div>
    </form>
  );
}
