// The profile editor's picture: the current one (or a preview of the file being sent), "사진 올리기" to upload a
// JPEG, PNG or WebP (PUT /api/users/me/avatar) and "사진 삭제" to go back to the generated art (DELETE).
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, errorMessage, type Me } from "@moviepedia/contract";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { isApiError } from "../../../shared/lib/api";
import { Avatar } from "../../../shared/ui/avatar";
import { Button } from "../../../shared/ui/button";
import { ErrorText } from "../../../shared/ui/error-text";
import { useRemoveAvatar, useUploadAvatar } from "../api/me-api";
import { PROFILE } from "../strings";

const GENERATED = /^\/media\/avatar\//;

function uploadError(error: unknown): string {
  if (!isApiError(error)) return PROFILE.avatarUploadFailed;
  if (error.status === 413) return PROFILE.avatarTooLarge;
  if (error.status === 415) return PROFILE.avatarWrongType;
  if (error.code === "INVALID_IMAGE" || error.code === "RATE_LIMITED") return errorMessage(error.code);
  return PROFILE.avatarUploadFailed;
}

interface Props {
  me: Me;
  /** After a change: the form forgets the address it started with (the picture is no longer that address). */
  onChanged: () => void;
}

export function AvatarPicker({ me, onChanged }: Props) {
  const upload = useUploadAvatar(me.id);
  const remove = useRemoveAvatar(me.id);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [current, setCurrent] = useState(me.profile_url);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ""; // the same file may be chosen again after an error
    if (!file) return;
    setNotice(null);
    if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) return setError(PROFILE.avatarWrongType);
    if (file.size > AVATAR_MAX_BYTES) return setError(PROFILE.avatarTooLarge);
    setError(null);
    setPreview(URL.createObjectURL(file));
    try {
      const me = await upload.mutateAsync(file);
      setCurrent(me.profile_url);
      setNotice(PROFILE.avatarUploaded);
      onChanged();
    } catch (failure) {
      setError(uploadError(failure));
    } finally {
      setPreview(null);
    }
  }

  async function clear() {
    setError(null);
    setNotice(null);
    try {
      const me = await remove.mutateAsync(undefined);
      setCurrent(me.profile_url);
      setNotice(PROFILE.avatarRemoved);
      onChanged();
    } catch {
      setError(PROFILE.avatarRemoveFailed);
    }
  }

  const busy = upload.isPending || remove.isPending;
  return (
    <fieldset className="flex items-center gap-4" aria-describedby={hintId} aria-busy={busy || undefined}>
      <legend className="sr-only">{PROFILE.avatarPicture}</legend>
      {preview ? (
        <img
          src={preview}
          alt={PROFILE.avatarPreviewAlt}
          width={72}
          height={72}
          className="h-[72px] w-[72px] shrink-0 rounded-full bg-gray-200 object-cover opacity-70 ring-1 ring-black/5"
        />
      ) : (
        <Avatar src={current} name={me.username} size={72} artId={me.id} />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
            {PROFILE.avatarUpload}
          </Button>
          {!GENERATED.test(current) ? (
            <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => void clear()}>
              {PROFILE.avatarRemove}
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          type="file"
          accept={AVATAR_CONTENT_TYPES.join(",")}
          // Opened by the button above (the one control people and screen readers meet).
          hidden
          aria-hidden
          tabIndex={-1}
          onChange={(event) => void choose(event)}
        />
        <p id={hintId} className="mt-1.5 text-[13px] text-gray-500" role="status">
          {upload.isPending ? PROFILE.avatarUploading : (notice ?? PROFILE.avatarFileHint)}
        </p>
        {error ? <ErrorText className="mt-1">{error}</ErrorText> : null}
      </div>
    </fieldset>
  );
}
