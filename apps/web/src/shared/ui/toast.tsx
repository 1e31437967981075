// The app's own short notices (in place of the browser's alert()): `showToast("링크를 복사했어요.")` from anywhere;
// the <Toaster> in the frame shows the latest one in a polite live region for a few seconds.
import { useEffect, useSyncExternalStore } from "react";

export interface Toast {
  id: number;
  message: string;
  tone: "info" | "error";
}

const SHOWN_MS = 3500;
let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function showToast(message: string, tone: Toast["tone"] = "info"): void {
  current = { id: nextId++, message, tone };
  emit();
}

function dismiss(id: number) {
  if (current?.id !== id) return;
  current = null;
  emit();
}

export function Toaster() {
  const toast = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dismiss(toast.id), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-50 flex justify-center px-4 lg:bottom-8"
    >
      {toast ? (
        <p
          key={toast.id}
          className={`pointer-events-auto rounded-full px-4 py-2.5 text-sm font-medium text-white shadow-lg ${
            toast.tone === "error" ? "bg-red-600" : "bg-gray-900/90"
          }`}
        >
          {toast.message}
        </p>
      ) : null}
    </div>
  );
}
