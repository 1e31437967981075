// The comment-edit modal (SPEC §2), also used for replies: seeded with the current text, cut at 10000 characters
// with a live counter, an optional spoiler checkbox, and 저장. A failed save keeps the dialog open with the text.
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../shared/ui/button";
import { Dialog } from "../../../shared/ui/dialog";
import { ErrorText } from "../../../shared/ui/error-text";
import { TextAreaWithCounter } from "../../../shared/ui/text-area-with-counter";
import { REVIEWS } from "../strings";

export interface TextEditDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  fieldLabel: string;
  placeholder?: string;
  initialContent: string;
  /** Shows the spoiler checkbox seeded with this value (reviews only). */
  initialSpoiler?: boolean;
  /** Resolves true when saved; false keeps the dialog open and shows `failedMessage`. */
  onSave: (content: string, spoiler: boolean) => Promise<boolean>;
  failedMessage: string;
}

export function TextEditDialog(props: TextEditDialogProps) {
  const { open, onOpenChange, title, fieldLabel, placeholder, initialContent, initialSpoiler, onSave } = props;
  const [content, setContent] = useState(initialContent);
  const [spoiler, setSpoiler] = useState(initialSpoiler ?? false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const spoilerId = useId();

  // Every opening starts from the current text (seeded with the content, SPEC §2); a refetch while the dialog is
  // open never overwrites what the member is typing.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setContent(initialContent);
      setSpoiler(initialSpoiler ?? false);
      setFailed(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || content.trim() === "") return;
    setBusy(true);
    setFailed(false);
    const saved = await onSave(content, spoiler);
    setBusy(false);
    if (saved) onOpenChange(false);
    else setFailed(true);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title={title} variant="sheet" showClose>
      <form onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-3">
        <TextAreaWithCounter
          label={fieldLabel}
          hideLabel
          value={content}
          onChange={setContent}
          placeholder={placeholder}
          autoFocus
          className="min-h-52"
        />
        {initialSpoiler !== undefined ? (
          <label htmlFor={spoilerId} className="flex items-center gap-2 text-[15px] text-gray-800">
            <input
              id={spoilerId}
              type="checkbox"
              checked={spoiler}
              onChange={(event) => setSpoiler(event.target.checked)}
              className="h-5 w-5 accent-accent"
            />
            {REVIEWS.spoilerCheckbox}
          </label>
        ) : null}
        {failed ? <ErrorText>{props.failedMessage}</ErrorText> : null}
        <Button type="submit" block disabled={busy || content.trim() === ""}>
          {busy ? REVIEWS.saving : REVIEWS.save}
        </Button>
      </form>
    </Dialog>
  );
}
