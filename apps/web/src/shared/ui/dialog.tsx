// Modal dialog. The Radix implementation (dialog-radix.tsx) loads the first time a dialog opens, so a page that only
// might open one (the movie page's comment, delete and collection dialogs) does not download and run it up front.
import { type ComponentType, lazy, Suspense, useState } from "react";
import type { DialogProps } from "./dialog-radix";

export type { DialogProps } from "./dialog-radix";

let loaded: ComponentType<DialogProps> | undefined;

async function load() {
  loaded ??= (await import("./dialog-radix")).Dialog;
  return loaded;
}

const LazyRadixDialog = lazy(async () => ({ default: await load() }));

/** Loads the Radix dialog ahead of its first use (tests; a page about to open one). */
export async function preloadDialog(): Promise<void> {
  await load();
}

export function Dialog(props: DialogProps) {
  // Chosen at the first open and kept, so the open dialog is never remounted; once opened it stays mounted, and
  // Radix closes it (returning focus to the opener) as usual.
  const [Impl, setImpl] = useState<ComponentType<DialogProps> | null>(() =>
    props.open ? (loaded ?? LazyRadixDialog) : null,
  );
  if (props.open && !Impl) setImpl(() => loaded ?? LazyRadixDialog);
  if (!Impl) return null;
  return (
    <Suspense fallback={null}>
      <Impl {...props} />
    </Suspense>
  );
}
