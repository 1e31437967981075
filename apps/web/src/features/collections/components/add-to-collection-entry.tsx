// The add-to-collection sheet as other features mount it: its code (and the dialog library) loads on first opening.
import { lazy, Suspense, useState } from "react";
import type { AddToCollectionSheetProps } from "./add-to-collection-sheet";

const SheetView = lazy(() => import("./add-to-collection-sheet"));

export function AddToCollectionSheet(props: AddToCollectionSheetProps) {
  const [used, setUsed] = useState(props.open);
  // Stays mounted once opened, so closing keeps its animation and focus return.
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <SheetView {...props} />
    </Suspense>
  );
}
