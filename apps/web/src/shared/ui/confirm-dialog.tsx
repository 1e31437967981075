// SPEC §2 confirm dialog: title, message, 취소 and 확인.
import { useState } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { UI } from "./strings";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  /** Runs on 확인; the dialog stays open with its buttons disabled until a returned promise settles. */
  onConfirm: () => void | Promise<void>;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions (delete, block, leave). */
  destructive?: boolean;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  onConfirm,
  confirmLabel = UI.confirm,
  cancelLabel = UI.cancel,
  destructive = false,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title={title} description={message}>
      <div className="mt-6 flex gap-2">
        <Button variant="secondary" block disabled={busy} onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button variant={destructive ? "danger" : "primary"} block disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
