// Shown when a page throws or its code cannot be loaded (say, an old tab after a new deployment).
import { TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { useRouteError } from "react-router";
import { Button } from "../shared/ui/button";
import { EmptyState } from "../shared/ui/empty-state";
import { SHELL } from "./strings";

export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <div className="mx-auto max-w-[640px] pt-16">
      <EmptyState icon={<TriangleAlert aria-hidden size={40} />} message={SHELL.errorTitle}>
        <p className="text-sm text-gray-500">{SHELL.errorBody}</p>
        <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
          {SHELL.reload}
        </Button>
      </EmptyState>
    </div>
  );
}
