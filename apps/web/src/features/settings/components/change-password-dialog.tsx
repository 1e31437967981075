// 비밀번호 변경 (PATCH /api/users/me/password [EXT]): the current password, the new one twice. The new one follows
// signup's rule (checked here first, the server checks again); a wrong current password keeps the dialog open with
// its message. On success every other device is signed out and this one stays signed in.
import { isValidPassword, MSG } from "@moviepedia/contract";
import { type FormEvent, useState } from "react";
import { isApiError } from "../../../shared/lib/api";
import { Button } from "../../../shared/ui/button";
import { Dialog } from "../../../shared/ui/dialog";
import { ErrorText } from "../../../shared/ui/error-text";
import { TextField } from "../../../shared/ui/text-field";
import { changePassword } from "../api/account-api";
import { SETTINGS } from "../strings";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after the server changed the password (the page shows the notice). */
  onChanged: () => void;
}

export function ChangePasswordDialog({ open, onOpenChange, onChanged }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={SETTINGS.changePasswordTitle}
      description={SETTINGS.changePasswordMessage}
    >
      {open ? (
        <ChangeForm
          onBusy={setBusy}
          onCancel={() => onOpenChange(false)}
          onDone={() => {
            onOpenChange(false);
            onChanged();
          }}
        />
      ) : null}
    </Dialog>
  );
}

type Field = "current" | "next" | "confirm";

function ChangeForm({
  onBusy,
  onCancel,
  onDone,
}: {
  onBusy: (busy: boolean) => void;
  onCancel: () => void;
  onDone: () => void;
}) {
  const [values, setValues] = useState<Record<Field, string>>({ current: "", next: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function busyState(next: boolean) {
    setBusy(next);
    onBusy(next);
  }

  function validate(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (values.current === "") found.current = SETTINGS.passwordRequired;
    if (!isValidPassword(values.next)) found.next = MSG.passwordRule;
    else if (values.confirm !== values.next) found.confirm = SETTINGS.confirmPasswordMismatch;
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    busyState(true);
    try {
      await changePassword(values.current, values.next);
    } catch (error) {
      busyState(false);
      if (isApiError(error) && error.code === "INVALID_CREDENTIALS") setErrors({ current: SETTINGS.wrongPassword });
      else if (isApiError(error) && error.code === "INVALID_FIELD") setErrors({ next: MSG.passwordRule });
      else if (isApiError(error) && error.code === "RATE_LIMITED") setFailure(SETTINGS.changePasswordLimited);
      else setFailure(SETTINGS.changePasswordFailed);
      return;
    }
    busyState(false);
    onDone();
  }

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      hint={hint}
      maxLength={40}
      onChange={(event) => {
        const value = event.target.value;
        setValues((v) => ({ ...v, [name]: value }));
        setErrors((e) => ({ ...e, [name]: undefined }));
      }}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-4">
      {field("current", SETTINGS.currentPasswordLabel, "current-password")}
      {field("next", SETTINGS.newPasswordLabel, "new-password", SETTINGS.newPasswordHint)}
      {field("confirm", SETTINGS.confirmPasswordLabel, "new-password")}
      {failure ? <ErrorText>{failure}</ErrorText> : null}
      <div className="flex gap-2">
        <Button variant="secondary" block disabled={busy} onClick={onCancel}>
          {SETTINGS.cancel}
        </Button>
        <Button type="submit" block disabled={busy}>
          {SETTINGS.changePasswordConfirm}
        </Button>
      </div>
    </form>
  );
}
