import type { ReactNode } from "react";

export interface EmptyStateProps {
  message: ReactNode;
  icon?: ReactNode;
  /** An action under the message (a button or link). */
  children?: ReactNode;
  className?: string;
}

/** The gray centred message of an empty list or page. */
export function EmptyState({ message, icon, children, className = "" }: EmptyStateProps) {
  return (
    <div className={`flex flex-col items-center justify-center gap-3 px-6 py-14 text-center ${className}`}>
      {icon ? <div className="text-gray-300">{icon}</div> : null}
      <p className="text-[15px] text-gray-500">{message}</p>
      {children}
    </div>
  );
}
