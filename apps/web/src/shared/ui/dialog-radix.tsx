// Modal dialog on Radix: focus trapped inside, Escape and the backdrop close it, focus returns to the opener. Loaded
// through dialog.tsx the first time a dialog opens.
import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { IconButton } from "./icon-button";
import { UI } from "./strings";

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** `center` for questions, `sheet` (bottom sheet) for menus and pickers. */
  variant?: "center" | "sheet";
  /** Shows a close (X) icon in the corner. */
  showClose?: boolean;
}

const CONTENT: Record<NonNullable<DialogProps["variant"]>, string> = {
  center:
    "fixed top-1/2 left-1/2 z-50 w-[calc(100%-2.5rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl",
  sheet:
    "fixed bottom-0 left-1/2 z-50 max-h-[85dvh] w-full max-w-[640px] -translate-x-1/2 overflow-y-auto rounded-t-2xl bg-white p-5 pb-[calc(1.25rem+env(safe-area-inset-bottom))] shadow-xl",
};

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  variant = "center",
  showClose,
}: DialogProps) {
  // Radix returns focus only to its own Trigger; our dialogs open from state, so remember the opener ourselves — in
  // the render that opens the dialog, before anything inside it (an autofocused field) has taken the focus.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/45" />
        <RadixDialog.Content
          className={`${CONTENT[variant]} focus:outline-none`}
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={(event) => {
            if (!opener?.isConnected || opener === document.body) return;
            event.preventDefault();
            opener.focus();
          }}
        >
          <RadixDialog.Title className={`text-lg font-bold text-gray-900 ${showClose ? "pr-10" : ""}`}>
            {title}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-[15px] leading-relaxed text-gray-600">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
          {showClose ? (
            <RadixDialog.Close asChild>
              <IconButton label={UI.close} className="absolute top-3 right-3">
                <X aria-hidden size={20} />
              </IconButton>
            </RadixDialog.Close>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
