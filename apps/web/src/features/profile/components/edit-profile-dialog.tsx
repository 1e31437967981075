// Own profile: upload or remove a picture (PUT / DELETE /api/users/me/avatar), edit the username, status message and
// avatar URL (PATCH /api/users/me) in a bottom sheet.
import { codePointLength, type Me, STATUS_MESSAGE_MAX } from "@moviepedia/contract";
import { type FormEvent, useState } from "react";
import { Button } from "../../../shared/ui/button";
import { Dialog } from "../../../shared/ui/dialog";
import { ErrorText } from "../../../shared/ui/error-text";
import { TextField } from "../../../shared/ui/text-field";
import { useUpdateProfile } from "../api/me-api";
import {
  initialValues,
  type ProfileFormErrors,
  type ProfileFormValues,
  serverErrors,
  toRequest,
  validate,
} from "../lib/profile-form";
import { PROFILE } from "../strings";
import { AvatarPicker } from "./avatar-picker";

interface Props {
  me: Me;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function EditProfileDialog({ me, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={PROFILE.editProfile} variant="sheet" showClose>
      {/* Mounted only while open, so every opening starts from the member's current values. */}
      {open ? <EditProfileForm me={me} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function EditProfileForm({ me, onDone }: { me: Me; onDone: () => void }) {
  const [values, setValues] = useState<ProfileFormValues>(() => initialValues(me));
  // The avatar address the form started with; an upload or removal replaces the picture, and the address with it.
  const [initialAvatarUrl, setInitialAvatarUrl] = useState(() => initialValues(me).avatarUrl);
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const update = useUpdateProfile(me.id);

  function set<K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) {
    setValues((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined, form: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values, me.username);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await update.mutateAsync(toRequest(values, initialAvatarUrl));
      onDone();
    } catch (error) {
      setErrors(serverErrors(error));
    }
  }

  const statusLength = codePointLength(values.statusMessage);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-4">
      <AvatarPicker
        me={me}
        onChanged={() => {
          setInitialAvatarUrl("");
          set("avatarUrl", "");
        }}
      />
      <TextField
        label={PROFILE.usernameLabel}
        value={values.username}
        autoComplete="nickname"
        hint={PROFILE.usernameHint}
        error={errors.username}
        onChange={(event) => set("username", event.target.value)}
      />
      <TextField
        label={PROFILE.statusLabel}
        value={values.statusMessage}
        error={errors.statusMessage}
        hint={`${statusLength}/${STATUS_MESSAGE_MAX}`}
        onChange={(event) => set("statusMessage", event.target.value)}
      />
      <TextField
        label={PROFILE.avatarLabel}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={values.avatarUrl}
        error={errors.avatarUrl}
        hint={PROFILE.avatarHint}
        onChange={(event) => set("avatarUrl", event.target.value)}
      />
      {errors.form ? <ErrorText>{errors.form}</ErrorText> : null}
      <Button type="submit" block size="lg" disabled={update.isPending}>
        {PROFILE.save}
      </Button>
    </form>
  );
}
