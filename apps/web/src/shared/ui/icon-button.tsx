import type { ButtonHTMLAttributes, ReactNode } from "react";

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> {
  /** Korean name read by screen readers and shown as a tooltip. */
  label: string;
  children: ReactNode;
}

/** A square button showing only an icon; `label` names it for assistive technology. */
export function IconButton({ label, children, className = "", type = "button", ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-gray-800 transition-colors hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-40 ${className}`}
      {...rest}
    >
      {children}
    </button>
  );
}
