import type { ReactNode } from "react";

/** Red error text (SPEC §8: search and list fetch errors show red text), announced when it appears. */
export function ErrorText({ children, id, className = "" }: { children: ReactNode; id?: string; className?: string }) {
  return (
    <p id={id} role="alert" className={`text-sm text-red-600 ${className}`}>
      {children}
    </p>
  );
}
